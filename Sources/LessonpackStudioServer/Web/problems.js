// Live checking on the page: every diagnostic of the last state is shown twice, beside the field it concerns (found
// by `data-field`, or the nearest enclosing entry: `transcript.3.start` → `transcript.3` → `transcript`) and in the
// problems list, whose entries take the author to that field.

import { el, button, replaceChildren, addDescribedBy, removeDescribedBy } from "./dom.js";

/**
 * The server names fields by the model's paths, but for a test item's `correct`, `choices` and `answer`, which keep
 * the source's names (the model folds them into the item's kind), as the page's controls do. Each rule turns another
 * spelling of the same place into the page's, so either finds the control.
 */
const ALIASES = [
  [/^test\.items\.(\d+)\.kind\.statement\.isCorrect$/, "test.items.$1.correct"],
  [/^test\.items\.(\d+)\.kind\.multipleChoice\.(.+)$/, "test.items.$1.$2"],
  [/^phrasebook\.(\d+)\.text$/, "phrasebook.$1.body"],
  [/^(videoTask\.\d+|questions\.\d+\.answers\.\d+)\.correct$/, "$1.isCorrect"],
];

function spellings(field) {
  const forms = [field];
  for (const [pattern, replacement] of ALIASES) {
    if (pattern.test(field)) forms.push(field.replace(pattern, replacement));
  }
  return forms;
}

/** The element that shows `field`, or the nearest enclosing one; null when none is on the page. */
export function findField(root, field) {
  if (!field) return null;
  let path = field;
  while (path) {
    for (const form of spellings(path)) {
      const found = root.querySelector(`[data-field="${CSS.escape(form)}"]`);
      if (found) return found;
    }
    const cut = path.lastIndexOf(".");
    path = cut < 0 ? "" : path.slice(0, cut);
  }
  return null;
}

/** Which section holds what a diagnostic without a field (or with one the page does not show) is about. */
export function sectionForFile(file) {
  const name = (file ?? "").split("/").slice(-2).join("/");
  if (name.endsWith("transcript.plist")) return "transcript";
  if (name.endsWith("definitions.plist") || name.endsWith("phrasebook.plist")) return "vocabulary";
  if (name.includes("questions/") || name.endsWith("qa.plist") || name.endsWith("test.plist")) return "questions";
  if (name.endsWith("media.plist") || name.startsWith("media/")) return "media";
  return "module";
}

const CONTROLS = "input, select, textarea, button, [tabindex]";

/** Puts every diagnostic beside its field, replacing what the previous state put there. */
export function placeDiagnostics(root, diagnostics) {
  for (const old of root.querySelectorAll(".diag-message, .diag-row")) old.remove();
  for (const marked of root.querySelectorAll("[data-diag-ids]")) {
    for (const id of marked.dataset.diagIds.split(" ")) removeDescribedBy(marked, id);
    marked.classList.remove("diag-error", "diag-warning", "diag-note");
    if (marked.dataset.diagInvalid) marked.removeAttribute("aria-invalid");
    delete marked.dataset.diagIds;
    delete marked.dataset.diagInvalid;
  }
  diagnostics.forEach((diagnostic, index) => {
    const target = findField(root, diagnostic.field);
    if (!target) return;
    const severity = severityOf(diagnostic);
    const id = `diag-${index}`;
    // Beside its field the message needs no place; its code stays for tests and tools, out of sight.
    const message = el("p", { class: `diag-message diag-${severity}`, id, "data-testid": "field-diagnostic",
      "data-code": diagnostic.code },
    el("span", { class: "diag-severity" }, `${severity}: `), diagnostic.message);
    placeMessage(target, message);
    // The control the author will be in hears the message; an entry-level one goes on the entry's first control.
    const control = target.matches(CONTROLS) ? target
      : target.querySelector("input[data-field], select[data-field], textarea[data-field]") ?? target;
    for (const node of new Set([target, control])) mark(node, id, severity);
  });
}

function mark(node, id, severity) {
  addDescribedBy(node, id);
  node.classList.add(`diag-${severity}`);
  node.dataset.diagIds = [node.dataset.diagIds, id].filter(Boolean).join(" ");
  if (severity === "error" && node.matches("input, select, textarea") && !node.hasAttribute("aria-invalid")) {
    node.setAttribute("aria-invalid", "true");
    node.dataset.diagInvalid = "1";
  }
}

function placeMessage(target, message) {
  // In a table's row the cells are too narrow for a sentence: the messages go in a row of their own below it,
  // naming the control they are about.
  const row = target.closest("tbody > tr");
  if (row && !target.closest(".diag-slot") && target.closest("table.grid")) {
    let holder = row.nextElementSibling?.classList.contains("diag-row") ? row.nextElementSibling : null;
    if (!holder) {
      holder = el("tr", { class: "diag-row" }, el("td", { colspan: String(row.cells.length) }));
      row.after(holder);
    }
    const name = target === row ? "" : target.getAttribute("aria-label");
    if (name) message.insertBefore(el("span", { class: "diag-subject" }, `${name}: `), message.firstChild);
    holder.firstElementChild.append(message);
    return;
  }
  // A container may keep a `.diag-slot` for its own messages (not one belonging to a field inside it).
  const slot = [...target.querySelectorAll(".diag-slot")].find((node) => node.closest("[data-field]") === target);
  if (slot) slot.append(message);
  else if (target.matches("input, select, textarea, button")) {
    // After the control and any hint or inline message that follows it.
    let after = target;
    while (after.nextElementSibling?.matches(".hint, .input-message, .diag-message, .inline-actions")) after = after.nextElementSibling;
    after.after(message);
  } else target.append(message);
}

export function severityOf(diagnostic) {
  return ["error", "warning"].includes(diagnostic.severity) ? diagnostic.severity : "note";
}

export function counts(diagnostics) {
  let errors = 0;
  let warnings = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === "error") errors += 1;
    else if (diagnostic.severity === "warning") warnings += 1;
  }
  return { errors, warnings };
}

/**
 * Where a problem is, as the page names it: the item (`Question 2, answer B`, or an imported file and its line),
 * never a module file's line and column, which the author does not see in the forms.
 */
export function placeText(diagnostic) {
  return diagnostic.subject ?? "";
}

/**
 * The problems section: one entry per diagnostic, in the server's order (sorted by file and line). `go(diagnostic)`
 * takes the author to the field; a button per entry keeps it reachable by Tab, Enter and Space.
 */
export function renderProblems(container, diagnostics, go) {
  const { errors, warnings } = counts(diagnostics);
  const summary = el("p", { id: "problems-summary", role: "status" },
    diagnostics.length === 0 ? "No problems: the module passes every check."
      : `${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}.`);
  const list = el("ol", { id: "problems-list", class: "problems-list" });
  diagnostics.forEach((diagnostic, index) => {
    const severity = severityOf(diagnostic);
    list.append(el("li", {
      class: `problem problem-${severity}`, "data-testid": "problem", "data-index": index, "data-row": index,
      "data-problem-field": diagnostic.field ?? "", "data-code": diagnostic.code,
    },
    el("span", { class: `badge badge-${severity}` }, severity),
    button(diagnostic.message, () => go(diagnostic), { class: "problem-go link-button", "data-testid": "problem-go" }),
    el("span", { class: "problem-location" }, placeText(diagnostic)),
    notes(diagnostic)));
  });
  replaceChildren(container, summary, diagnostics.length ? list : null);
}

/** A plain list of diagnostics that do not lead anywhere on the page (a build's, an imported file's). */
export function diagnosticList(diagnostics, id) {
  return el("ul", { class: "problems-list", id },
    diagnostics.map((diagnostic) => {
      const severity = severityOf(diagnostic);
      return el("li", { class: `problem problem-${severity}`, "data-testid": "diagnostic", "data-code": diagnostic.code },
        el("span", { class: `badge badge-${severity}` }, severity),
        el("span", { class: "problem-message" }, diagnostic.message),
        el("span", { class: "problem-location" }, placeText(diagnostic)),
        notes(diagnostic));
    }));
}

/** A diagnostic's notes ("the first is here", "did you mean"), as the command line prints them under it. */
function notes(diagnostic) {
  const list = (diagnostic.notes ?? []).map((note) => (typeof note === "string" ? note : note?.message)).filter(Boolean);
  return list.length ? el("ul", { class: "problem-notes" }, list.map((note) => el("li", {}, `note: ${note}`))) : null;
}
