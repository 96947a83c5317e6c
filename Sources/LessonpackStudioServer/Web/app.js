// Lessonpack Studio's page: routes between the module list and one module's editor (`#/KEY/SECTION`, so the back
// button and a reload keep the place), and runs the parts around the sections: the header (title, counts, undo and
// redo, save status), the banners (errors, conflicts, changes on disk, unreadable files) and the keyboard shortcuts.

import { api, hasToken, forgetFirstAnswers } from "./api.js";
import { Store } from "./store.js";
import { Editor, SECTION_NAMES } from "./editor.js";
import { renderModuleList } from "./module-list.js";
import { counts } from "./problems.js";

const $ = (id) => document.getElementById(id);

let store = null;
let editor = null;
let modules = [];

/** Shows a failure in the error banner (and the console, for the details). Nothing is swallowed. */
function reportError(error) {
  console.error(error);
  $("error-message").textContent = error?.message ?? String(error);
  $("error-banner").hidden = false;
}

function parseRoute() {
  const match = /^#\/([^/]+)(?:\/([a-z-]+))?/.exec(location.hash);
  return match ? { key: decodeURIComponent(match[1]), section: match[2] ?? "module" } : null;
}

/** `opening`: the state of the module the address names, when the page already has it (the first load's answer). */
async function route(opening = null) {
  // A fragment that is not a route (an in-page anchor) leaves the page as it is.
  if (location.hash && !location.hash.startsWith("#/")) return;
  const target = parseRoute();
  if (!target) {
    await closeEditor();
    await showModuleList();
    return;
  }
  if (!store || store.key !== target.key) {
    const opened = await openModule(target.key, opening?.key === target.key ? opening : null);
    if (!opened) {
      // A key the studio does not have (an old bookmark): the list, with the error above it.
      history.replaceState(null, "", "#/");
      await showModuleList();
      return;
    }
  }
  // Chosen from the section list: focus moves to the section's heading; on a load or a reload it stays put.
  const fromNavigation = !!document.activeElement?.closest?.("#section-nav, #studio-header");
  editor.show(SECTION_NAMES.includes(target.section) ? target.section : "module", { focusHeading: fromNavigation });
}

let routing = Promise.resolve();

/** Routes one change of address at a time: a click during a load waits for it rather than racing it. */
function routeSoon() {
  routing = routing.then(() => route()).catch(reportError);
  return routing;
}

function listedThisSession() {
  try { return sessionStorage.getItem("lessonpack-studio-listed") === "1"; } catch { return false; }
}

async function showModuleList() {
  $("loading").hidden = false;
  // With one module there is nothing to choose: open it, its state coming with the list in one request. The header's
  // "All modules" link still leads here (to make another module), and says so for the rest of the session.
  const openTheOnlyOne = !listedThisSession();
  let answer;
  try {
    answer = openTheOnlyOne ? await api.start() : await api.listModules();
  } catch (error) {
    reportError(error);
    $("loading").hidden = true;
    return;
  }
  modules = answer.modules ?? [];
  $("loading").hidden = true;
  if (openTheOnlyOne && modules.length === 1 && answer.state) {
    history.replaceState(null, "", `#/${encodeURIComponent(modules[0].key)}/module`);
    await route(answer.state);
    return;
  }
  document.title = "Lessonpack Studio";
  $("module-title").textContent = "Lessonpack Studio";
  $("header-tools").hidden = true;
  $("section-nav").hidden = true;
  $("modules-link").hidden = true;
  $("editor-view").hidden = true;
  $("module-list-view").hidden = false;
  renderModuleList(modules, { api, reportError, open: (key) => { location.hash = `#/${encodeURIComponent(key)}/module`; } });
}

async function openModule(key, known = null) {
  await closeEditor();
  let state = known;
  if (!state) {
    $("loading").hidden = false;
    try {
      state = await api.state(key);
    } catch (error) {
      $("loading").hidden = true;
      reportError(error);
      return false;
    }
    $("loading").hidden = true;
  }
  if (modules.length === 0) api.listModules().then((answer) => { modules = answer.modules ?? []; updateHeader(); }, () => {});
  store = new Store(key, state);
  store.subscribe((event) => {
    if (event.type === "status" || event.type === "state") updateStatus();
    if (event.type === "error") reportError(event.error);
  });
  $("module-list-view").hidden = true;
  $("editor-view").hidden = false;
  $("header-tools").hidden = false;
  $("section-nav").hidden = false;
  for (const link of document.querySelectorAll("#section-nav a[data-section]")) {
    link.href = `#/${encodeURIComponent(key)}/${link.dataset.section}`;
  }
  $("count-errors").href = `#/${encodeURIComponent(key)}/problems`;
  $("count-warnings").href = `#/${encodeURIComponent(key)}/problems`;
  editor = new Editor(store, {
    api, reportError,
    onState: () => updateHeader(),
    onEdit: (path) => { if (path === "title" || path === "id") updateHeader(); },
  });
  updateHeader();
  updateStatus();
  return true;
}

async function closeEditor() {
  if (!store) return;
  try { await store.flush(); } catch (error) { reportError(error); }
  store.close();
  editor.close();
  store = null;
  editor = null;
}

function updateHeader() {
  if (!store) return;
  const { module, state } = store;
  const title = module.title || module.id || state.folder || "Untitled module";
  $("module-title").textContent = title;
  document.title = `${title} — Lessonpack Studio`;
  $("modules-link").hidden = false;
  const { errors, warnings } = counts(state.diagnostics ?? []);
  $("count-errors").querySelector(".count-number").textContent = String(errors);
  $("count-errors").lastChild.textContent = errors === 1 ? " error" : " errors";
  $("count-errors").classList.toggle("none", errors === 0);
  $("count-warnings").querySelector(".count-number").textContent = String(warnings);
  $("count-warnings").lastChild.textContent = warnings === 1 ? " warning" : " warnings";
  $("count-warnings").classList.toggle("none", warnings === 0);
  $("nav-problems-count").textContent = errors + warnings ? `(${errors + warnings})` : "";
  const readOnly = state.readOnly ?? [];
  $("readonly-banner").hidden = readOnly.length === 0;
  $("readonly-files").textContent = readOnly.join(", ");
}

const STATUS_TEXT = {
  saved: () => "Saved",
  pending: () => "Saving…",
  saving: () => "Saving…",
  failed: (message) => `Not saved: ${message}`,
  conflict: () => "Not saved: the files changed on disk",
  offline: (message) => `Not saved: ${message}`,
};

function updateStatus() {
  if (!store) return;
  const { kind, message } = store.status;
  const status = $("save-status");
  // An offline poll with nothing to save is not a failed save.
  // A field marked red is not saved: the status says so instead of Saved (what is saved is its value from before).
  const invalid = kind === "saved" && store.invalid.size > 0;
  const text = invalid ? `Not saved: a field in red does not read (${describeField(store.invalid.values().next().value)})`
    : kind === "offline" && !store.dirty ? `Studio not reachable: ${message}` : STATUS_TEXT[kind](message);
  if (status.textContent !== text) status.textContent = text;
  status.dataset.state = invalid ? "invalid" : kind;
  $("save-retry").hidden = !(kind === "failed" || (kind === "offline" && store.dirty));
  const busy = store.saving || store.dirty || !!store.conflict;
  $("undo-button").disabled = busy || !store.state.canUndo;
  $("redo-button").disabled = busy || !store.state.canRedo;
  const conflict = store.conflict;
  $("conflict-banner").hidden = !conflict;
  if (conflict) {
    $("conflict-files").textContent = conflict.files.length ? conflict.files.join(", ") : "the module's files";
    $("conflict-message").textContent = conflict.message;
  }
  $("disk-changed-banner").hidden = !store.changedOnDisk || !!conflict;
}

/** A field's path in the form's words: `transcript.3.end` → "line 4, End". */
function describeField(path) {
  const parts = path.split(".");
  const names = { start: "Start", end: "End", draw: "Items drawn", weight: "Weight", passMark: "Pass mark" };
  const last = names[parts[parts.length - 1]] ?? parts[parts.length - 1];
  if (parts[0] === "transcript") return `line ${Number(parts[1]) + 1}, ${last}`;
  if (parts[0] === "test" && parts[1] === "items") return `test item ${Number(parts[2]) + 1}, ${last}`;
  return last;
}

/** Runs a store action from a button, with the button disabled meanwhile and any failure shown. */
function action(id, run) {
  $(id).addEventListener("click", async () => {
    if (!store) return;
    const node = $(id);
    node.disabled = true;
    try {
      await run(store);
    } catch (error) {
      reportError(error);
    } finally {
      node.disabled = false;
      updateStatus();
    }
  });
}

function isTextField(node) {
  if (!node) return false;
  if (node.isContentEditable || node.matches("textarea, select")) return true;
  return node.matches("input") && !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(node.type);
}

function wire() {
  action("undo-button", (s) => s.undo());
  action("redo-button", (s) => s.redo());
  action("conflict-take-disk", (s) => s.takeDisk());
  action("conflict-keep-mine", (s) => s.keepMine());
  action("disk-changed-reload", (s) => s.reload());
  $("save-retry").addEventListener("click", () => store?.retry());
  $("error-dismiss").addEventListener("click", () => {
    $("error-banner").hidden = true;
    $("main").focus();
  });
  $("modules-link").addEventListener("click", () => {
    try { sessionStorage.setItem("lessonpack-studio-listed", "1"); } catch { /* then the list shows only by address */ }
  });
  // The skip link moves focus without touching the address, whose fragment is the page's route.
  document.querySelector(".skip-link").addEventListener("click", (event) => {
    event.preventDefault();
    const target = editor ? document.querySelector(".editor-section:not([hidden]) h2") : $("main");
    target?.focus();
  });

  // Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y too) step through the saves; inside a text field they stay the field's own.
  document.addEventListener("keydown", (event) => {
    if (!store || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    if (isTextField(event.target)) return;
    event.preventDefault();
    const redo = key === "y" || event.shiftKey;
    const button = $(redo ? "redo-button" : "undo-button");
    if (!button.disabled) button.click();
  });

  window.addEventListener("hashchange", () => routeSoon());
  // Leaving with edits not yet on disk asks first.
  window.addEventListener("beforeunload", (event) => {
    if (store && (store.dirty || store.saving)) {
      store.save();
      event.preventDefault();
      event.returnValue = "";
    }
  });
}

/**
 * Sticky parts below the header (the video beside the transcript) need its height, which banners change. The
 * observer reports the first height too, after the first layout and before that frame is painted: asking for it
 * here would lay the page out once more, before the module is even drawn.
 */
function trackHeaderHeight() {
  const header = $("studio-header");
  new ResizeObserver(() => document.documentElement.style.setProperty("--header-height", `${header.offsetHeight}px`)).observe(header);
}

wire();
trackHeaderHeight();
if (!hasToken()) {
  reportError(new Error("This page was opened without its access token. Open the address `lessonpack studio` printed (it ends in ?token=…)."));
}
routeSoon().then(forgetFirstAnswers);
