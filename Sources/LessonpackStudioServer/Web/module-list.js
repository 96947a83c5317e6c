// The list of the modules the studio opened, and the forms that make a new one: from a teacher's lesson document
// (and video), or from the starter.

import { el, replaceChildren } from "./dom.js";
import { diagnosticList } from "./problems.js";

/** Fills #module-list from `modules` (GET /api/modules) and wires the New module form once. */
export function renderModuleList(modules, { api, reportError, open }) {
  const holder = document.getElementById("module-list");
  if (modules.length === 0) {
    replaceChildren(holder, el("p", {}, "The studio has no module open yet: create one below."));
  } else {
    replaceChildren(holder, el("table", { class: "grid", id: "module-table" },
      el("thead", {}, el("tr", {}, ["Title", "Id", "Folder", "Errors", "Warnings", ""].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, modules.map((entry) => el("tr", { "data-testid": "module-row", "data-key": entry.key },
        el("td", {}, entry.title || "(untitled)"),
        el("td", {}, entry.id ?? ""),
        el("td", { class: "path" }, entry.folder ?? ""),
        el("td", { class: `number${entry.errors ? " has-errors" : ""}` }, String(entry.errors ?? 0)),
        el("td", { class: "number" }, String(entry.warnings ?? 0)),
        el("td", {}, el("a", { href: `#/${encodeURIComponent(entry.key)}/module`, "data-testid": "open-module",
          "aria-label": `Open ${entry.title || entry.id || entry.folder}` }, "Open")))))));
  }

  wireLessonForm({ api, reportError, open });
  const form = document.getElementById("new-module-form");
  if (form.dataset.wired) return;
  form.dataset.wired = "1";
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const result = document.getElementById("new-module-result");
    const name = form.elements.name.value.trim();
    const title = form.elements.title.value.trim();
    if (!/^[a-z0-9-]+$/.test(name)) {
      result.textContent = "The folder name takes lowercase letters, digits and hyphens only.";
      form.elements.name.focus();
      return;
    }
    const submit = document.getElementById("new-module-create");
    submit.disabled = true;
    result.textContent = `Creating ${name}…`;
    try {
      const entry = await api.createModule(name, title);
      result.textContent = `Created ${entry.folder ?? name}.`;
      form.reset();
      open(entry.key);
    } catch (error) {
      result.textContent = `Not created: ${error.message}`;
      reportError(error);
    } finally {
      submit.disabled = false;
    }
  });
}

/** A folder name from a document's file name: "At the Café.docx" → "at-the-cafe". */
export function suggestedName(fileName) {
  return fileName.replace(/\.[^.]*$/, "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 64);
}

/** New module from a document: the document (a file, or pasted), the video if any, the folder name; then Make. */
function wireLessonForm({ api, reportError, open }) {
  const form = document.getElementById("lesson-module-form");
  if (form.dataset.wired) return;
  form.dataset.wired = "1";
  const { document: documentInput, text, video: videoInput, name, speak } = form.elements;
  const result = document.getElementById("lesson-module-result");
  const say = (message, { alert = false, diagnostics = [] } = {}) => replaceChildren(result,
    el("p", { id: "lesson-module-status", role: alert ? "alert" : "status", class: alert ? "build-failed" : "" }, message),
    diagnostics.length ? diagnosticList(diagnostics, "lesson-module-diagnostics") : null);

  // The folder name follows the document's name until the teacher types one of their own.
  documentInput.addEventListener("change", () => {
    const chosen = documentInput.files?.[0];
    if (chosen && (!name.value || name.value === name.dataset.suggested)) {
      name.value = suggestedName(chosen.name);
      name.dataset.suggested = name.value;
    }
  });
  // A video already sent is not sent again when the teacher corrects the document and tries again.
  let staged = null;

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const documentFile = documentInput.files?.[0] ?? null;
    const pasted = text.value;
    if (!documentFile && !pasted.trim()) {
      say("Choose your lesson document, or paste the whole lesson into the box.", { alert: true });
      documentInput.focus();
      return;
    }
    if (documentFile && pasted.trim()) {
      say("Choose a document or paste the lesson, not both: empty the box, or clear the document.", { alert: true });
      text.focus();
      return;
    }
    const folder = name.value.trim();
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(folder)) {
      say("The folder name takes lowercase letters, digits and hyphens only (at-the-cafe).", { alert: true });
      name.focus();
      return;
    }
    const submit = document.getElementById("lesson-module-create");
    submit.disabled = true;
    try {
      const videoFile = videoInput.files?.[0] ?? null;
      let video;
      if (videoFile) {
        const identity = `${videoFile.name}|${videoFile.size}|${videoFile.lastModified}`;
        if (staged?.identity !== identity) {
          say(`Sending the video ${videoFile.name}…`);
          staged = { identity, id: (await api.stageVideo(videoFile.name, videoFile)).video };
        }
        video = staged.id;
      }
      say(videoFile ? "Making the module and timing its lines from the video…" : "Making the module…");
      const made = await api.createFromLesson({ name: folder, document: documentFile, text: pasted, video,
        speak: speak.checked });
      staged = null;
      say(`Made ${made.entry.folder}: ${made.report.join("; ")}.`, { diagnostics: made.diagnostics ?? [] });
      form.reset();
      delete name.dataset.suggested;
      open(made.entry.key);
    } catch (error) {
      if (error.code === "not-found") staged = null;
      say(`Nothing was made: ${error.message}`, { alert: true, diagnostics: error.body?.diagnostics ?? [] });
      if (!error.body?.diagnostics) reportError(error);
    } finally {
      submit.disabled = false;
    }
  });
}
