// The Import section: a transcript, questions or a glossary from another tool, read by the same importers as
// `lessonpack import`. The report says what was taken; with an error nothing is written.

import { el, button, labelled, replaceChildren, select } from "./dom.js";
import { diagnosticList } from "./problems.js";

const KINDS = [
  ["transcript", "Transcript (Speaker: line text, SubRip .srt, WebVTT .vtt)"],
  ["questions", "Questions (Moodle GIFT, Moodle XML, Aiken)"],
  ["glossary", "Glossary (CSV, TSV, Anki text export)"],
];
const TARGETS = [["qa", "Questions and answers"], ["test", "Test bank"], ["video-task", "Video task"]];
const ACCEPT = {
  transcript: ".txt,.srt,.vtt,text/plain,text/vtt",
  questions: ".gift,.txt,.xml,text/plain,text/xml,application/xml",
  glossary: ".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain",
};

export function renderImport(container, ctx) {
  if (container.built === ctx.key) return;
  container.built = ctx.key;
  const kind = select(KINDS, "transcript", { id: "import-kind" });
  const target = select(TARGETS, "test", { id: "import-target" });
  const targetField = labelled("Questions go to", target);
  const file = el("input", { type: "file", id: "import-file", accept: ACCEPT.transcript });
  const result = el("div", { id: "import-result", "aria-live": "polite" });
  const sync = () => {
    targetField.hidden = kind.value !== "questions";
    target.disabled = kind.value !== "questions";
    file.accept = ACCEPT[kind.value];
  };
  kind.addEventListener("change", sync);
  sync();

  const run = button("Import", async () => {
    const chosen = file.files?.[0];
    if (!chosen) {
      replaceChildren(result, el("p", { role: "alert", id: "import-status" }, "Choose a file to import first."));
      file.focus();
      return;
    }
    run.disabled = true;
    replaceChildren(result, el("p", { role: "status", id: "import-status" }, `Importing ${chosen.name}…`));
    try {
      // The importer adds to what is on disk: the store saves the page's edits first, then takes the new state.
      const answer = await ctx.store.perform(() => ctx.api.importFile(ctx.key, kind.value,
        kind.value === "questions" ? target.value : undefined, chosen.name, chosen), (a) => a.state);
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
      labelled("File", file)),
    el("div", { class: "inline-actions" }, run),
    result);
}

function report(answer, ok) {
  const errors = (answer.diagnostics ?? []).filter((d) => d.severity === "error").length;
  // `written` says whether the module's files changed; with an error the importer writes nothing.
  const written = answer.written ?? (ok && errors === 0);
  return [
    el("p", { id: "import-status", role: "status", class: written ? "build-ok" : "build-failed" },
      written ? "Imported." : errors ? `Nothing was imported: ${errors} ${errors === 1 ? "error" : "errors"} in the file.`
        : "Nothing was imported: the file held nothing new."),
    answer.report?.length ? el("ul", { id: "import-report" }, answer.report.map((line) => el("li", {}, line))) : null,
    answer.diagnostics?.length ? diagnosticList(answer.diagnostics, "import-diagnostics") : null,
  ];
}
