// The test's item bank: how many items an attempt draws, the module's pass mark (kept in module.plist, but it is the
// test's), and the items, each with an optional weight, a statement (correct or not) or a
// multiple-choice question (its choices and the answer). In the model an item's kind is Swift's synthesized Codable
// form of an enum: `{"statement": {"isCorrect": true}}` or `{"multipleChoice": {"choices": […], "answer": "…"}}`;
// the controls are named for diagnostics as the server names them, after the source's keys: `test.items.5.correct`,
// `test.items.5.choices.1`, `test.items.5.answer`.

import { el, button, labelled, select, uniqueId, announce, nextId } from "./dom.js";
import { textInput, textArea, selectInput, checkbox, integerInput } from "./fields.js";

export function kindName(item) {
  return item.kind && "multipleChoice" in item.kind ? "multipleChoice" : "statement";
}

export function renderTestBank(ctx) {
  const { test, objectives } = ctx.store.module;
  const objectiveOptions = objectives.map((o) => [o.id, o.performance ? `${o.id}: ${o.performance}` : o.id]);
  const items = test.items.map((item, index) => testItem(ctx, item, index, objectiveOptions));
  return el("section", { id: "test-editor", "data-field": "test", "aria-labelledby": "h-test" },
    el("h3", { id: "h-test", tabindex: "-1" }, `Test bank (${test.items.length} items)`),
    el("div", { class: "form-grid" },
      labelled("Items drawn per attempt", integerInput(ctx, "test.draw", { min: 1, id: "test-draw" }),
        { hint: "The bank must hold at least this many; 20 of 30 is usual." }),
      labelled("Pass mark, % (optional)", integerInput(ctx, "passMark", { min: 1, max: 100, optional: true, id: "pass-mark" }),
        { hint: "A test scoring at least this passes; reports list learners below it first." })),
    el("div", { class: "test-items", "data-field": "test.items" }, items),
    button("Add item", () => {
      const count = ctx.store.module.test.items.length;
      const id = nextId(ctx.store.module.test.items.map((i) => i.id), "t");
      const objective = ctx.store.module.objectives[0]?.id ?? "";
      ctx.store.change((m) => m.test.items.push({ id, objective, text: "", kind: { statement: { isCorrect: true } } }), { path: "test" });
      ctx.refresh(["questions"], { focus: `[data-field="test.items.${count}.text"]` });
    }, { id: "add-test-item" }),
    el("div", { class: "diag-slot" }));
}

function testItem(ctx, item, index, objectiveOptions) {
  const path = `test.items.${index}`;
  const label = `Item ${item.id || index + 1}`;
  const kind = kindName(item);
  // The kind is an enum case in the model, not a string: switching it replaces the case with a fresh one.
  const kindSelect = select([["statement", "Statement (correct or not)"], ["multipleChoice", "Multiple choice"]], kind,
    { "data-field": `${path}.kind` });
  kindSelect.addEventListener("change", () => {
    ctx.store.change((m) => {
      m.test.items[index].kind = kindSelect.value === "multipleChoice"
        ? { multipleChoice: { choices: ["", ""], answer: "" } }
        : { statement: { isCorrect: true } };
    }, { path: "test" });
    ctx.refresh(["questions"], { focus: `[data-field="${path}.kind"]` });
  });

  return el("fieldset", { class: "test-item", "data-field": path, "data-row": index, "data-testid": "test-item" },
    el("legend", {}, `Item ${index + 1}`),
    el("div", { class: "form-grid" },
      labelled("Id", textInput(ctx, `${path}.id`, { spellcheck: "false" })),
      labelled("Objective", selectInput(ctx, `${path}.objective`, objectiveOptions)),
      labelled("Weight (optional)", integerInput(ctx, `${path}.weight`, { min: 1, max: 100, optional: true }),
        { hint: "How much it counts in the score; 1 if left empty." }),
      labelled("Kind", kindSelect),
      labelled(kind === "statement" ? "Statement" : "Question", textArea(ctx, `${path}.text`, { rows: 2 }), { className: "field field-wide" }),
      kind === "statement" ? statementPart(ctx, path) : choicesPart(ctx, item, path, index, label),
      labelled("Explanation (optional)", textArea(ctx, `${path}.explanation`, { optional: true, rows: 2 }),
        { className: "field field-wide", hint: "Shown on the results screen to learners who get the item wrong." })),
    button("Delete item", () => {
      ctx.store.change((m) => m.test.items.splice(index, 1), { path: "test" });
      ctx.refresh(["questions"], { focus: "#add-test-item" });
      announce(`${label} deleted.`);
    }, { "data-testid": "delete-test-item", "aria-label": `Delete ${label}` }),
    el("div", { class: "diag-slot" }));
}

function statementPart(ctx, path) {
  const box = checkbox(ctx, `${path}.kind.statement.isCorrect`, { id: uniqueId("item-correct"), field: `${path}.correct` });
  return el("div", { class: "check field-wide" }, box, el("label", { for: box.id }, "The statement is correct"));
}

function choicesPart(ctx, item, path, index, label) {
  const base = `${path}.kind.multipleChoice`;
  const { choices, answer } = item.kind.multipleChoice;
  const answerSelect = selectInput(ctx, `${base}.answer`, choices.filter((c) => c !== "").map((c) => [c, c]), { field: `${path}.answer` });
  const answerId = uniqueId("answer");
  answerSelect.id = answerId;

  // Renaming the choice that is the answer renames the answer with it, and the answer's options follow the typing.
  const syncAnswerOptions = () => {
    const current = ctx.store.get(`${base}.answer`);
    const list = ctx.store.get(`${base}.choices`);
    answerSelect.replaceChildren(...list.filter((c) => c !== "").map((c) => el("option", { value: c }, c)));
    if (!list.includes(current)) answerSelect.append(el("option", { value: current }, current ? `${current} (not a choice)` : "(choose the answer)"));
    answerSelect.value = current;
  };
  const rows = choices.map((choice, choiceIndex) => {
    const letter = String.fromCharCode(65 + choiceIndex); // learners answer by letter, A to Z
    const input = textInput(ctx, `${base}.choices.${choiceIndex}`, { "aria-label": `${label}: choice ${letter}`, field: `${path}.choices.${choiceIndex}` });
    let previous = choice;
    input.addEventListener("input", () => {
      if (ctx.store.get(`${base}.answer`) === previous) ctx.store.set(`${base}.answer`, input.value);
      previous = input.value;
      syncAnswerOptions();
    });
    return el("li", { "data-testid": "choice" }, el("span", { class: "choice-letter", "aria-hidden": "true" }, letter), input,
      button("✕", () => {
        ctx.store.change((m) => {
          const mc = m.test.items[index].kind.multipleChoice;
          if (mc.answer === mc.choices[choiceIndex]) mc.answer = "";
          mc.choices.splice(choiceIndex, 1);
        }, { path: "test" });
        ctx.refresh(["questions"], { focus: `[data-row="${index}"] [data-testid="add-choice"]` });
      }, { class: "icon-button danger", "data-testid": "delete-choice", "aria-label": `${label}: delete choice ${letter}` }));
  });
  syncAnswerOptions();
  if (answer !== undefined) answerSelect.value = answer;
  return el("div", { class: "field-wide choices" },
    el("fieldset", { "data-field": `${path}.choices` },
      el("legend", {}, "Choices (2 to 26, all different)"),
      el("ol", { class: "choice-list" }, rows),
      button("Add choice", () => {
        const count = ctx.store.get(`${base}.choices`).length;
        ctx.store.change((m) => m.test.items[index].kind.multipleChoice.choices.push(""), { path: "test" });
        ctx.refresh(["questions"], { focus: `[data-field="${path}.choices.${count}"]` });
      }, { class: "small", "data-testid": "add-choice" }),
      el("div", { class: "diag-slot" })),
    el("div", { class: "field" }, el("label", { for: answerId }, "Answer"), answerSelect));
}
