// The Questions section: the video task's statements, the spoken Q&A, and (from test-bank.js) the test's item bank.

import { el, button, labelled, replaceChildren, uniqueId, announce, subnav, nextId } from "./dom.js";
import { textInput, textArea, checkbox } from "./fields.js";
import { audioField } from "./audio-field.js";
import { renderTestBank } from "./test-bank.js";

const LETTERS = ["A", "B", "C", "D", "E", "F"];

export function renderQuestions(container, ctx) {
  replaceChildren(container,
    subnav("Question parts", [["Video task", "h-video-task"], ["Questions and answers", "h-qa"], ["Test bank", "h-test"]]),
    videoTask(ctx), questionsAndAnswers(ctx), renderTestBank(ctx));
}

function videoTask(ctx) {
  const { videoTask: statements, transcript } = ctx.store.module;
  const items = statements.map((statement, index) => {
    const path = `videoTask.${index}`;
    const chosen = new Set(statement.lines);
    const boxes = transcript.map((line) => {
      const box = el("input", { type: "checkbox", id: uniqueId("vt-line"), value: line.id, "data-testid": "statement-line" });
      box.checked = chosen.has(line.id);
      box.addEventListener("change", () => {
        ctx.store.change((m) => {
          const picked = new Set(m.videoTask[index].lines);
          if (box.checked) picked.add(line.id);
          else picked.delete(line.id);
          // In transcript order, then any id the transcript no longer has (shown below, for the author to untick).
          const ids = m.transcript.map((l) => l.id);
          m.videoTask[index].lines = [...ids.filter((id) => picked.has(id)), ...[...picked].filter((id) => !ids.includes(id))];
        }, { path: "videoTask" });
      });
      return el("span", { class: "check line-check", title: line.text }, box, el("label", { for: box.id }, line.id || "(no id)"));
    });
    const unknown = statement.lines.filter((id) => !transcript.some((line) => line.id === id)).map((id) => {
      const box = el("input", { type: "checkbox", id: uniqueId("vt-line"), checked: true, "data-testid": "statement-line" });
      box.addEventListener("change", () => {
        ctx.store.change((m) => { m.videoTask[index].lines = m.videoTask[index].lines.filter((x) => x !== id); }, { path: "videoTask" });
        ctx.refresh(["questions"]);
      });
      return el("span", { class: "check line-check unknown" }, box, el("label", { for: box.id }, `${id} (not in the transcript)`));
    });
    const correct = checkbox(ctx, `${path}.isCorrect`, { id: uniqueId("vt-correct") });
    return el("fieldset", { class: "statement", "data-field": path, "data-row": index, "data-testid": "statement" },
      el("legend", {}, `Statement ${index + 1}`),
      el("div", { class: "form-grid" },
        labelled("Id", textInput(ctx, `${path}.id`, { spellcheck: "false" })),
        labelled("Statement", textArea(ctx, `${path}.text`, { rows: 2 }), { className: "field field-wide" }),
        el("div", { class: "check" }, correct, el("label", { for: correct.id }, "Correct (true of the video)"))),
      el("fieldset", { class: "line-picks", "data-field": `${path}.lines` },
        el("legend", {}, "Lines that show the answer"), boxes, unknown, el("div", { class: "diag-slot" })),
      button("Delete statement", () => {
        ctx.store.change((m) => m.videoTask.splice(index, 1), { path: "videoTask" });
        ctx.refresh(["questions"], { focus: "#add-statement" });
        announce(`Statement ${statement.id || index + 1} deleted.`);
      }, { "data-testid": "delete-statement", "aria-label": `Delete statement ${statement.id || index + 1}` }),
      el("div", { class: "diag-slot" }));
  });
  return el("section", { id: "video-task-editor", "data-field": "videoTask", "aria-labelledby": "h-video-task" },
    el("h3", { id: "h-video-task", tabindex: "-1" }, `Video task (${statements.length} of 10 statements)`),
    items,
    button("Add statement", () => {
      const count = ctx.store.module.videoTask.length;
      const id = nextId(ctx.store.module.videoTask.map((s) => s.id), "s");
      ctx.store.change((m) => m.videoTask.push({ id, text: "", isCorrect: true, lines: [] }), { path: "videoTask" });
      ctx.refresh(["questions"], { focus: `[data-field="videoTask.${count}.text"]` });
    }, { id: "add-statement" }),
    el("div", { class: "diag-slot" }));
}

function questionsAndAnswers(ctx) {
  const items = ctx.store.module.questions.map((question, index) => {
    const path = `questions.${index}`;
    const label = `Question ${question.id || index + 1}`;
    const radioName = uniqueId("correct");
    const answers = question.answers.map((answer, answerIndex) => {
      const answerPath = `${path}.answers.${answerIndex}`;
      const letter = LETTERS[answerIndex] ?? String(answerIndex + 1);
      const radio = el("input", {
        type: "radio", name: radioName, id: uniqueId("answer-correct"), "data-field": `${answerPath}.isCorrect`,
        "aria-label": `${label}: answer ${letter} is the correct one`,
      });
      radio.checked = answer.isCorrect === true;
      radio.addEventListener("change", () => {
        ctx.store.change((m) => m.questions[index].answers.forEach((a, i) => { a.isCorrect = i === answerIndex; }), { path: "questions" });
      });
      return el("tr", { "data-field": answerPath, "data-row": answerIndex, "data-testid": "answer-row" },
        el("th", { scope: "row" }, letter),
        el("td", { class: "text-cell" }, textInput(ctx, `${answerPath}.text`, { "aria-label": `${label}: answer ${letter} text` })),
        el("td", { class: "audio-cell" }, audioField(ctx, `${answerPath}.audio`, { speak: true,
          folder: "qa", label: `${label} answer ${letter}`,
          baseName: () => `${ctx.store.get(`${path}.id`) || `question-${index + 1}`}-${letter.toLowerCase()}`,
        })),
        el("td", { class: "radio-cell" }, radio),
        el("td", {},
          question.answers.length > 3 ? button("✕", () => {
            ctx.store.change((m) => m.questions[index].answers.splice(answerIndex, 1), { path: "questions" });
            ctx.refresh(["questions"]);
          }, { class: "icon-button danger", "aria-label": `${label}: delete answer ${letter}`, "data-testid": "delete-answer" }) : null,
          el("div", { class: "diag-slot" })));
    });
    return el("fieldset", { class: "question", "data-field": path, "data-row": index, "data-testid": "question" },
      el("legend", {}, `Question ${index + 1}`),
      el("div", { class: "form-grid" },
        labelled("Id", textInput(ctx, `${path}.id`, { spellcheck: "false" })),
        labelled("Question", textInput(ctx, `${path}.text`), { className: "field field-wide" }),
        el("div", { class: "field field-wide" }, el("span", { class: "label" }, "Question audio"),
          audioField(ctx, `${path}.audio`, { speak: true, folder: "qa", label, baseName: () => ctx.store.get(`${path}.id`) || `question-${index + 1}` })),
        labelled("Feedback (optional)", textArea(ctx, `${path}.feedback`, { optional: true, rows: 2 }),
          { className: "field field-wide", hint: "Shown after checking: why the right answer is right." })),
      el("table", { class: "grid answers", "data-field": `${path}.answers` },
        el("caption", {}, "Answers (exactly three, one correct)"),
        el("thead", {}, el("tr", {}, ["", "Text", "Audio", "Correct", ""].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, answers)),
      question.answers.length < 3 ? button("Add answer", () => {
        ctx.store.change((m) => m.questions[index].answers.push({ text: "", audio: "", isCorrect: false }), { path: "questions" });
        ctx.refresh(["questions"]);
      }, { "data-testid": "add-answer" }) : null,
      button("Delete question", () => {
        ctx.store.change((m) => m.questions.splice(index, 1), { path: "questions" });
        ctx.refresh(["questions"], { focus: "#add-question" });
        announce(`${label} deleted.`);
      }, { "data-testid": "delete-question", "aria-label": `Delete ${label}` }),
      el("div", { class: "diag-slot" }));
  });
  return el("section", { id: "qa-editor", "data-field": "questions", "aria-labelledby": "h-qa" },
    el("h3", { id: "h-qa", tabindex: "-1" }, "Questions and answers"),
    items,
    button("Add question", () => {
      const count = ctx.store.module.questions.length;
      const id = nextId(ctx.store.module.questions.map((q) => q.id), "q");
      const blank = (isCorrect) => ({ text: "", audio: "", isCorrect });
      ctx.store.change((m) => m.questions.push({ id, text: "", audio: "", answers: [blank(true), blank(false), blank(false)] }), { path: "questions" });
      ctx.refresh(["questions"], { focus: `[data-field="questions.${count}.text"]` });
    }, { id: "add-question" }),
    el("div", { class: "diag-slot" }));
}
