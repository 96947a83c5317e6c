// One module open in the editor: its sections, rendered from the store's model and re-rendered when what they show
// changed, with the author's focus and caret put back (found again by `data-field`, or by the row and the button);
// and the diagnostics of every new state placed beside their fields and listed under Problems.

import { el, formatTime, replaceChildren } from "./dom.js";
import { placeDiagnostics, renderProblems, findField, sectionForFile } from "./problems.js";
import { renderModuleForm } from "./module-form.js";

const MODULE_KEYS = ["id", "title", "version", "level", "summary", "video", "speakers", "objectives", "activities"];

/**
 * Each section: what draws it and what it shows (keys of the model, `$media` for the state's media list,
 * `$diagnostics`). The Module section is drawn by the page's first scripts; every other section's module is loaded
 * when the section is first drawn, so that a page load fetches and runs only what its first view needs.
 */
const SECTIONS = {
  module: { render: renderModuleForm, deps: [...MODULE_KEYS, "$media"] },
  transcript: { load: () => import("./transcript.js"), named: "renderTranscript", deps: ["transcript", "speakers", "video", "$media"] },
  vocabulary: { load: () => import("./vocabulary.js"), named: "renderVocabulary", deps: ["transcript", "definitions", "phrasebook", "speakers"] },
  questions: { load: () => import("./questions.js"), named: "renderQuestions", deps: ["videoTask", "questions", "test", "objectives", "transcript", "$media"] },
  media: { load: () => import("./media.js"), named: "renderMedia", deps: ["media", "$media"] },
  problems: { render: null, deps: ["$diagnostics"] },
  preview: { load: () => import("./activities.js"), named: "renderPreviewSection", deps: ["activities"] },
  build: { load: () => import("./build.js"), named: "renderBuild", deps: [] },
  import: { load: () => import("./import.js"), named: "renderImport", deps: [] },
};
export const SECTION_NAMES = Object.keys(SECTIONS);

/** Loads a section's module once; a module that cannot be loaded draws a sentence saying so, in the section. */
function loadSection(name) {
  const section = SECTIONS[name];
  if (!section.load) return Promise.resolve();
  section.loading ??= section.load().then(
    (module) => { section.render = module[section.named]; },
    (error) => {
      section.render = (body) => replaceChildren(body, el("p", { class: "section-error", role: "alert" },
        `This section could not be loaded (${error?.message ?? error}). Reload the page to try again.`));
    });
  return section.loading;
}
const isLoaded = (name) => name === "problems" || !!SECTIONS[name].render;

export class Editor {
  constructor(store, { api, reportError, onState, onEdit }) {
    this.store = store;
    this.api = api;
    this.active = "module";
    this.stale = new Set();
    this.root = document.getElementById("sections");
    this.lastMedia = JSON.stringify(store.state.media ?? null);
    const editor = this;
    // What every section is given: the store, the server, and ways to redraw, report and navigate.
    this.ctx = {
      get store() { return editor.store; },
      key: store.key,
      api,
      reportError,
      refresh: (names, options) => editor.refresh(names, options),
      refreshField: (path) => editor.refreshField(path),
      mediaFiles: () => editor.mediaFiles(),
      // A media file's address, changing when the file does: a replaced video or clip under the same name must not
      // be the browser's cached old one (its old duration would bound Set end).
      mediaURL: (path) => {
        const file = editor.mediaFiles().find((f) => f.path === path);
        const version = file ? `${file.size ?? ""}-${file.duration ?? ""}` : "";
        return `${api.mediaURL(store.key, path)}${version ? `?v=${encodeURIComponent(version)}` : ""}`;
      },
      mediaPaths: (kind) => editor.mediaFiles().filter((f) => f.kind === kind && f.onDisk !== false).map((f) => f.path).sort(),
      go: (diagnostic) => editor.go(diagnostic),
      // Parts of a section below the first screen: drawn after the page's first paint while it is loading, at once
      // once the page is up (an edit's redraw must hold every field it focuses), or when no frame is coming (a tab
      // in the background gets none).
      afterFirstPaint: (draw) => (editor.painted || document.hidden ? draw() : editor.belowTheFold.push(draw)),
    };
    this.painted = false;
    this.belowTheFold = [];
    this.unsubscribe = store.subscribe((event) => {
      if (event.type === "state") this.stateChanged(event.modelChanged);
      else if (event.type === "edit") this.edited(event.path);
      if (event.type === "state") onState?.();
      if (event.type === "edit") onEdit?.(event.path);
    });
    // The section the author opens is drawn first (by show); the hidden ones follow one at a time once the browser
    // has painted it, so a large module is editable at once and typing is never held up for long. show() draws a
    // section that is still waiting.
    for (const name of SECTION_NAMES) this.stale.add(name);
    const drawNext = async () => {
      if (this.closed) return;
      const name = [...this.stale].find((waiting) => waiting !== this.active);
      if (!name) {
        this.placeDiagnostics();
        return;
      }
      await loadSection(name);
      if (this.closed) return;
      if (this.stale.has(name) && name !== this.active) this.renderSection(name);
      this.idle = setTimeout(drawNext, 0);
    };
    requestAnimationFrame(() => {
      if (this.closed) return;
      // Every section's module is asked for at once, so the browser fetches them side by side.
      for (const name of SECTION_NAMES) loadSection(name);
      this.idle = setTimeout(() => {
        if (this.closed) return;
        // What was kept for after the first paint is drawn first, and painted before the hidden sections start.
        if (this.firstPaintDone()) requestAnimationFrame(() => { if (!this.closed) this.idle = setTimeout(drawNext, 0); });
        else drawNext();
      }, 0);
    });
  }

  /** The page has been painted once: draws what was kept for after it. Whether there was anything. */
  firstPaintDone() {
    this.painted = true;
    const waiting = this.belowTheFold;
    this.belowTheFold = [];
    // A part that fails to draw is reported like any other failure, and neither stops the others nor the sections.
    for (const draw of waiting) {
      try { draw(); } catch (error) { this.ctx.reportError(error); }
    }
    if (waiting.length) this.placeDiagnostics();
    return waiting.length > 0;
  }

  close() {
    this.closed = true;
    clearTimeout(this.idle);
    this.unsubscribe();
    for (const name of SECTION_NAMES) {
      const body = this.body(name);
      // A video or a clip taken out of the page would go on playing, unseen.
      for (const media of body.querySelectorAll("video, audio")) media.pause();
      replaceChildren(body);
      // Sections that keep parts between renders (player, preview, forms) start afresh for the next module.
      for (const key of ["videoPanel", "tableHolder", "previewHost", "buttons", "previewKey", "built"]) delete body[key];
    }
  }

  mediaFiles() {
    const files = this.store.state.media?.files;
    if (Array.isArray(files)) return files;
    return this.store.module.media.map((file) => ({ ...file, listed: true, onDisk: true, referenced: true }));
  }

  section(name) { return document.getElementById(`section-${name}`); }
  body(name) { return this.section(name).querySelector(".section-body"); }

  /** Shows one section (the others are hidden, not removed: diagnostics find their fields everywhere). */
  show(name, { focusHeading = true } = {}) {
    if (!SECTIONS[name]) name = "module";
    this.active = name;
    if (this.stale.has(name)) {
      this.renderSection(name);
      this.placeDiagnostics();
    }
    for (const other of SECTION_NAMES) this.section(other).hidden = other !== name;
    for (const link of document.querySelectorAll("#section-nav a[data-section]")) {
      if (link.dataset.section === name) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    if (focusHeading) this.section(name).querySelector("h2")?.focus();
  }

  renderSection(name, { focus = null } = {}) {
    if (!isLoaded(name)) {
      // Drawn when its module arrives (it stays stale until then), with its diagnostics placed.
      this.stale.add(name);
      loadSection(name).then(() => {
        if (this.closed || !this.stale.has(name)) return;
        this.renderSection(name, { focus });
        this.placeDiagnostics();
      });
      return;
    }
    const body = this.body(name);
    const keep = focus ? null : captureFocus(body);
    // A hidden section takes no room, so drawing it cannot move the page; and asking where the page is scrolled
    // lays the whole page out. Sections drawn while hidden (the first one, before it is shown, and every one drawn
    // after the first paint) skip both.
    const scroll = this.section(name).hidden ? null : window.scrollY;
    if (name === "problems") renderProblems(body, this.store.state.diagnostics ?? [], (d) => this.go(d));
    else SECTIONS[name].render(body, this.ctx);
    this.stale.delete(name);
    if (focus) (body.querySelector(focus) ?? document.querySelector(focus))?.focus();
    else if (keep) restoreFocus(body, keep);
    if (scroll !== null) window.scrollTo({ top: scroll });
  }

  /** Re-renders sections after a structural edit; the diagnostics are put back at once (indexes may have moved). */
  refresh(names, { focus = null } = {}) {
    for (const name of names) {
      if (name === this.active) this.renderSection(name, { focus });
      else this.stale.add(name);
    }
    this.placeDiagnostics();
  }

  /** Shows a value set from code (a recorded clip's path) in the controls bound to it. */
  refreshField(path) {
    const value = this.store.get(path);
    for (const control of this.root.querySelectorAll(`[data-field="${CSS.escape(path)}"]`)) {
      if (control.matches("select")) {
        if (![...control.options].some((o) => o.value === (value ?? ""))) control.append(el("option", { value: value ?? "" }, value ?? ""));
        control.value = value ?? "";
      } else if (control.type === "checkbox" || control.type === "radio") control.checked = value === true;
      else if (control.classList.contains("time-input")) control.value = formatTime(value);
      else if ("value" in control) control.value = value ?? "";
    }
  }

  /** The page changed the model: other sections showing the same data are redrawn when they are next shown. */
  edited(path) {
    const key = path ? path.split(".")[0] : null;
    for (const name of SECTION_NAMES) {
      if (name === this.active) continue;
      if (key === null || SECTIONS[name].deps.includes(key)) this.stale.add(name);
    }
  }

  /** A new state: redraw what it changed (the active section keeping focus), then place its diagnostics. */
  stateChanged(modelChanged) {
    const media = JSON.stringify(this.store.state.media ?? null);
    const changed = new Set(modelChanged);
    if (media !== this.lastMedia) changed.add("$media");
    this.lastMedia = media;
    for (const name of SECTION_NAMES) {
      if (SECTIONS[name].deps.some((dep) => changed.has(dep))) this.stale.add(name);
    }
    this.stale.add("problems");
    // Hidden sections are redrawn now too, so that every diagnostic finds its field wherever it is.
    for (const name of [...this.stale]) this.renderSection(name);
    this.placeDiagnostics();
  }

  placeDiagnostics() {
    placeDiagnostics(this.root, (this.store.state.diagnostics ?? []).filter((d) => d.field));
  }

  /** From the problems list: to the section and the field a diagnostic names. */
  async go(diagnostic) {
    let target = findField(this.root, diagnostic.field);
    const owner = sectionForFile(diagnostic.file);
    if (!target && SECTIONS[owner] && !isLoaded(owner)) {
      // Its section's script has not arrived yet: wait for it, draw the section, and look again.
      await loadSection(owner);
      if (this.closed) return;
      if (this.stale.has(owner)) this.renderSection(owner);
      this.placeDiagnostics();
      target = findField(this.root, diagnostic.field);
    }
    if (target?.closest("#section-problems")) target = null;
    const name = target?.closest(".editor-section")?.dataset.section ?? owner;
    history.pushState(null, "", `#/${encodeURIComponent(this.store.key)}/${name}`);
    this.show(name, { focusHeading: !target });
    if (!target) return;
    // An entry's first text control; never one of its buttons (Enter there would delete the entry).
    const control = target.matches("input, select, textarea, button, a[href]") ? target
      : target.querySelector("input:not([type=hidden]), select, textarea") ?? target;
    if (control === target && !control.matches("input, select, textarea, button, a[href]")) control.setAttribute("tabindex", "-1");
    control.scrollIntoView({ block: "center" });
    control.focus({ preventScroll: true });
  }
}

/** Where the author is: the control (by data-field, or its row and role) and the caret. */
function captureFocus(root) {
  const active = document.activeElement;
  if (!active || active === document.body || !root.contains(active)) return null;
  const keep = {
    id: /-\d+$/.test(active.id) ? "" : active.id,
    field: active.dataset.field ?? "",
    testid: active.dataset.testid ?? "",
    row: active.closest("[data-row]")?.dataset.row ?? null,
    rowField: active.closest("[data-row][data-field]")?.dataset.field ?? null,
  };
  try {
    keep.start = active.selectionStart;
    keep.end = active.selectionEnd;
  } catch { /* not a text control */ }
  return keep;
}

function restoreFocus(root, keep) {
  const escape = CSS.escape;
  let found = null;
  if (keep.id) found = root.querySelector(`#${escape(keep.id)}`);
  if (!found && keep.field) found = root.querySelector(`[data-field="${escape(keep.field)}"]`);
  if (!found && keep.testid && keep.rowField) {
    found = root.querySelector(`[data-field="${escape(keep.rowField)}"] [data-testid="${escape(keep.testid)}"]`);
  }
  if (!found && keep.testid && keep.row !== null) {
    found = root.querySelector(`[data-row="${escape(keep.row)}"] [data-testid="${escape(keep.testid)}"]`);
  }
  if (!found) return;
  found.focus({ preventScroll: true });
  if (typeof keep.start === "number" && typeof found.setSelectionRange === "function") {
    try { found.setSelectionRange(keep.start, keep.end); } catch { /* the control takes no selection */ }
  }
}
