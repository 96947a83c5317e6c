// The Import section: a whole lesson document (or a lesson pasted into the box), or a transcript, questions or a
// glossary from another tool, read by the same importers as `lessonpack import`. The report says what was taken;
// with an error nothing is written.

import { el, button, labelled, replaceChildren, select } from "./dom.js";
import { diagnosticList } from "./problems.js";

const KINDS = [
  ["lesson", "Lesson (your lesson document: Word, OpenDocument, web page, Markdown or text)"],
  ["transcript", "Transcript (Speaker: line text, SubRip .srt, WebVTT .vtt)"],
  ["questions", "Questions (Moodle GIFT, Moodle XML, Aiken)"],
  ["glossary", "Glossary (CSV, TSV, Anki text export)"],
];
// The video task is not offered: its statements name the lines that show the answer, which no question format
// holds; they are written under Questions.
const TARGETS = [["test", "Test bank"], ["qa", "Questions and answers"]];
const ACCEPT = {
  lesson: ".docx,.odt,.html,.htm,.md,.txt,text/plain,text/markdown,text/html",
  transcript: ".txt,.srt,.vtt,text/plain,text/vtt",
  questions: ".gift,.txt,.xml,text/plain,text/xml,application/xml",
  glossary: ".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain",
};

export function renderImport(container, ctx) {
  if (container.built === ctx.key) return;
  container.built = ctx.key;
  const kind = select(KINDS, "lesson", { id: "import-kind" });
  const target = select(TARGETS, "test", { id: "import-target" });
  const targetField = labelled("Questions go to", target);
  // Every test item assesses one of the module's objectives: the author says which, for all the file's items.
  const objective = select([], "", { id: "import-objective" });
  const objectiveField = labelled("Objective these test items assess", objective);
  const file = el("input", { type: "file", id: "import-file", accept: ACCEPT.lesson });
  // A lesson may also be pasted whole: read as Markdown, which plain text is.
  const pasted = el("textarea", { id: "import-text", rows: "6", spellcheck: "false" });
  const pastedField = labelled("…or paste the whole lesson here", pasted);
  const result = el("div", { id: "import-result", "aria-live": "polite" });
  const sync = () => {
    const questions = kind.value === "questions";
    targetField.hidden = !questions;
    target.disabled = !questions;
    const objectives = ctx.store.module.objectives ?? [];
    const labels = objectives.map((o) => [o.id, o.content ? `${o.id}: ${o.content}` : o.id]);
    // Redrawn only when the module's objectives changed: redrawing under the author's click would lose the choice.
    if (JSON.stringify(labels) !== objective.dataset.shown) {
      const chosen = objective.value;
      objective.replaceChildren(...labels.map(([id, label]) => el("option", { value: id }, label)));
      objective.dataset.shown = JSON.stringify(labels);
      if (objectives.some((o) => o.id === chosen)) objective.value = chosen;
    }
    objectiveField.hidden = !questions || target.value !== "test" || objectives.length === 0;
    objective.disabled = objectiveField.hidden;
    file.accept = ACCEPT[kind.value];
    pastedField.hidden = kind.value !== "lesson";
  };
  kind.addEventListener("change", sync);
  target.addEventListener("change", sync);
  // The module's objectives may have changed since the section was drawn.
  objective.addEventListener("focus", sync);
  sync();

  const run = button("Import", async () => {
    const lesson = kind.value === "lesson";
    const text = lesson && !pastedField.hidden ? pasted.value : "";
    const chosen = file.files?.[0] ?? (text.trim() ? null : undefined);
    if (chosen === undefined) {
      replaceChildren(result, el("p", { role: "alert", id: "import-status" },
        lesson ? "Choose your lesson document, or paste the lesson into the box, first." : "Choose a file to import first."));
      file.focus();
      return;
    }
    if (chosen && text.trim()) {
      replaceChildren(result, el("p", { role: "alert", id: "import-status" },
        "Choose a document or paste the lesson, not both: empty the box, or clear the file."));
      pasted.focus();
      return;
    }
    run.disabled = true;
    sync();
    replaceChildren(result, el("p", { role: "status", id: "import-status" },
      `Importing ${chosen ? chosen.name : "the pasted lesson"}…`));
    try {
      // The importer adds to what is on disk: the store saves the page's edits first, then takes the new state.
      const questions = kind.value === "questions";
      const answer = await ctx.store.perform(() => ctx.api.importFile(ctx.key, kind.value,
        questions ? target.value : undefined, chosen ? chosen.name : null,
        chosen ?? new Blob([text], { type: "text/plain;charset=utf-8" }),
        questions && !objective.disabled ? objective.value || undefined : undefined), (a) => a.state);
      replaceChildren(result, ...report(answer, true));
    } catch (error) {
      replaceChildren(result, el("p", { role: "alert", id: "import-status", class: "build-failed" }, `Not imported: ${error.message}`),
        ...(error.body ? report(error.body, false).slice(1) : []));
    } finally {
      run.disabled = false;
    }
  }, { id: "import-button", class: "primary" });

  replaceChildren(container,
    el("div", { class: "form-grid" },
      labelled("What to import", kind),
      targetField,
      objectiveField,
      labelled("File", file),
      pastedField),
    el("div", { class: "inline-actions" }, run),
    result);
}

function report(answer, ok) {
  const errors = (answer.diagnostics ?? []).filter((d) => d.severity === "error").length;
  // `written` says whether the module's files changed; with an error the importer writes nothing.
  const written = answer.written ?? (ok && errors === 0);
  return [
    el("p", { id: "import-status", role: "status", class: written ? "build-ok" : "build-failed" },
      written ? "Imported. Undo takes the whole import back." : errors
        ? `Nothing was imported: ${errors} ${errors === 1 ? "error" : "errors"} in the file.`
        : "Nothing was imported."),
    answer.report?.length ? el("ul", { id: "import-report" }, answer.report.map((line) => el("li", {}, line))) : null,
    answer.diagnostics?.length ? diagnosticList(answer.diagnostics, "import-diagnostics") : null,
  ];
}
