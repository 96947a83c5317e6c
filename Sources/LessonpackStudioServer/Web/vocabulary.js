// The Vocabulary section: the terms each line highlights (picked by selecting words in the line's text), the
// definitions (term, part of speech, meaning) and the phrasebook's language-focus boxes.
//
// A line's text is shown in a text area that refuses every change rather than in a paragraph: its words can be
// selected with the keyboard (Shift+arrows) as well as the mouse, and the selection survives moving focus to the
// Add term button. (A `readonly` text area would be simpler, but Chromium gives it no caret to select with.)

import { el, button, labelled, replaceChildren, uniqueId, announce, subnav } from "./dom.js";
import { textInput, textArea } from "./fields.js";

export function renderVocabulary(container, ctx) {
  replaceChildren(container,
    subnav("Vocabulary parts", [["Terms by line", "h-vocabulary-terms"], ["Definitions", "h-vocabulary-definitions"],
      ["Phrasebook", "h-vocabulary-phrasebook"]]),
    terms(ctx), definitions(ctx), phrasebook(ctx));
}

/** The words the author selected, without the punctuation around them; lower case unless it is a name. */
export function termFromSelection(text) {
  const trimmed = text.replace(/\s+/g, " ").trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  if (!trimmed) return "";
  const words = trimmed.split(" ");
  // "Nice to meet you" → "nice to meet you"; "Helen Clarke" keeps its capitals.
  const laterCapitals = words.slice(1).some((word) => /^\p{Lu}/u.test(word));
  return laterCapitals ? trimmed : trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
}

function selectedText(view) {
  if (view.selectionStart !== view.selectionEnd) return view.value.slice(view.selectionStart, view.selectionEnd);
  // A selection made in the page around the view (some browsers select text areas' text that way).
  const selection = window.getSelection();
  return selection && view.contains(selection.anchorNode) ? selection.toString() : "";
}

function terms(ctx) {
  const module = ctx.store.module;
  const blocks = module.transcript.map((line, index) => {
    const path = `transcript.${index}.terms`;
    const viewId = uniqueId("line-text");
    const view = el("textarea", { id: viewId, "aria-readonly": "true", rows: 2, class: "line-text", "data-testid": "line-text",
      spellcheck: "false" });
    view.value = line.text;
    view.addEventListener("beforeinput", (event) => event.preventDefault());
    view.addEventListener("drop", (event) => event.preventDefault());
    // Composition (an input method) cannot always be cancelled: put the text back if anything got through.
    view.addEventListener("input", () => { view.value = ctx.store.get(`transcript.${index}.text`) ?? ""; });
    const typed = el("input", { type: "text", id: uniqueId("term"), class: "term-input", "data-testid": "term-input", autocomplete: "off" });
    const add = () => {
      const term = termFromSelection(typed.value || selectedText(view));
      if (!term) {
        announce("Select words in the line's text (or type them), then press Add term.");
        view.focus();
        return;
      }
      addTerm(ctx, index, term);
    };
    typed.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); add(); } });
    const speaker = module.speakers.find((s) => s.id === line.speaker);
    const list = el("ul", { class: "term-list" });
    (line.terms ?? []).forEach((term, termIndex) => {
      list.append(el("li", { "data-field": `${path}.${termIndex}`, "data-testid": "term" },
        el("span", { class: "term" }, term),
        button("✕", () => {
          ctx.store.change((m) => m.transcript[index].terms.splice(termIndex, 1), { path: "transcript" });
          ctx.refresh(["vocabulary"], { focus: `[data-row="${index}"] [data-testid="add-term"]` });
          announce(`Term '${term}' removed from line ${line.id}.`);
        }, { class: "icon-button", "data-testid": "remove-term", "aria-label": `Remove term ${term} from line ${line.id}` })));
    });
    return el("div", { class: "vocab-line", "data-field": path, "data-row": index, "data-line-id": line.id, "data-testid": "vocab-line" },
      el("h4", {}, `${line.id}`, el("span", { class: "speaker-name" }, speaker ? ` · ${speaker.name}` : "")),
      el("label", { for: viewId, class: "visually-hidden" }, `Text of line ${line.id}: select the words of a term`),
      view,
      el("div", { class: "inline-actions" },
        button("Add term", add, { class: "small", "data-testid": "add-term", "aria-label": `Add a term to line ${line.id}: the selected words, or the one typed` }),
        el("label", { for: typed.id }, "the selected words, or type one:"), typed),
      (line.terms ?? []).length ? list : el("p", { class: "hint" }, "No terms highlighted."),
      el("div", { class: "diag-slot" }));
  });
  return el("section", { id: "vocabulary-terms", "aria-labelledby": "h-vocabulary-terms" },
    el("h3", { id: "h-vocabulary-terms", tabindex: "-1" }, "Terms by line"),
    el("p", { class: "hint" }, "Select words in a line's text with the mouse or with Shift and the arrow keys, then press Add term. A new term also gets an empty definition below, to fill in."),
    module.transcript.length ? blocks : el("p", {}, "The transcript has no lines yet."));
}

function addTerm(ctx, index, term) {
  const line = ctx.store.module.transcript[index];
  if ((line.terms ?? []).some((t) => t.toLowerCase() === term.toLowerCase())) {
    announce(`'${term}' is already a term of line ${line.id}.`);
    return;
  }
  const needsDefinition = !ctx.store.module.definitions.some((d) => d.term.toLowerCase() === term.toLowerCase());
  ctx.store.change((m) => {
    const target = m.transcript[index];
    target.terms = [...(target.terms ?? []), term];
    if (needsDefinition) m.definitions.push({ term, partOfSpeech: "", meaning: "" });
  }, { path: "transcript" });
  ctx.refresh(["vocabulary"], { focus: `[data-row="${index}"] [data-testid="add-term"]` });
  announce(needsDefinition ? `Term '${term}' added to line ${line.id}; define it under Definitions.` : `Term '${term}' added to line ${line.id}.`);
}

function definitions(ctx) {
  const body = el("tbody");
  ctx.store.module.definitions.forEach((definition, index) => {
    const path = `definitions.${index}`;
    const label = `Definition ${index + 1}`;
    body.append(el("tr", { "data-field": path, "data-row": index, "data-testid": "definition-row" },
      el("td", {}, textInput(ctx, `${path}.term`, { "aria-label": `${label} term` })),
      el("td", {}, textInput(ctx, `${path}.partOfSpeech`, { "aria-label": `${label} part of speech`, list: "parts-of-speech", class: "pos-input" })),
      el("td", { class: "text-cell" }, textArea(ctx, `${path}.meaning`, { "aria-label": `${label} meaning`, rows: 2 })),
      el("td", {},
        button("✕", () => {
          ctx.store.change((m) => m.definitions.splice(index, 1), { path: "definitions" });
          ctx.refresh(["vocabulary"], { focus: "#add-definition" });
          announce(`Definition of '${definition.term}' deleted.`);
        }, { class: "icon-button danger", "data-testid": "delete-definition", "aria-label": `Delete the definition of ${definition.term || index + 1}` }),
        el("div", { class: "diag-slot" }))));
  });
  return el("section", { id: "vocabulary-definitions", "data-field": "definitions", "aria-labelledby": "h-vocabulary-definitions" },
    el("h3", { id: "h-vocabulary-definitions", tabindex: "-1" }, "Definitions"),
    el("datalist", { id: "parts-of-speech" },
      ["noun", "verb", "adjective", "adverb", "expression", "phrasal verb", "preposition", "pronoun", "conjunction"]
        .map((x) => el("option", { value: x }))),
    el("table", { class: "grid", id: "definitions-table" },
      el("thead", {}, el("tr", {}, ["Term", "Part of speech", "Meaning", ""].map((h) => el("th", { scope: "col" }, h)))),
      body),
    button("Add definition", () => {
      const count = ctx.store.module.definitions.length;
      ctx.store.change((m) => m.definitions.push({ term: "", partOfSpeech: "", meaning: "" }), { path: "definitions" });
      ctx.refresh(["vocabulary"], { focus: `[data-field="definitions.${count}.term"]` });
    }, { id: "add-definition" }),
    el("div", { class: "diag-slot" }));
}

function phrasebook(ctx) {
  const boxes = ctx.store.module.phrasebook.map((box, index) => {
    const path = `phrasebook.${index}`;
    return el("fieldset", { class: "box", "data-field": path, "data-row": index, "data-testid": "phrasebook-box" },
      el("legend", {}, `Box ${index + 1}`),
      labelled("Title", textInput(ctx, `${path}.title`)),
      labelled("Text", textArea(ctx, `${path}.body`, { rows: 4 }), { className: "field field-wide" }),
      button("Delete box", () => {
        ctx.store.change((m) => m.phrasebook.splice(index, 1), { path: "phrasebook" });
        ctx.refresh(["vocabulary"], { focus: "#add-box" });
        announce(`Box ${box.title || index + 1} deleted.`);
      }, { "data-testid": "delete-box", "aria-label": `Delete box ${box.title || index + 1}` }),
      el("div", { class: "diag-slot" }));
  });
  return el("section", { id: "vocabulary-phrasebook", "data-field": "phrasebook", "aria-labelledby": "h-vocabulary-phrasebook" },
    el("h3", { id: "h-vocabulary-phrasebook", tabindex: "-1" }, "Phrasebook"),
    boxes,
    button("Add box", () => {
      const count = ctx.store.module.phrasebook.length;
      ctx.store.change((m) => m.phrasebook.push({ title: "", body: "" }), { path: "phrasebook" });
      ctx.refresh(["vocabulary"], { focus: `[data-field="phrasebook.${count}.title"]` });
    }, { id: "add-box" }),
    el("div", { class: "diag-slot" }));
}
