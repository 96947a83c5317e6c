// The list of the modules the studio opened, and the form that makes a new one from the starter.

import { el, replaceChildren } from "./dom.js";

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
