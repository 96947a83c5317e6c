// Form controls bound to a path in the module: each shows the model's value, carries `data-field` (so diagnostics
// find it and focus comes back to it after a re-render) and writes its edits back through the store. Text is saved
// after a pause, selects and checkboxes at once; a time or a number that does not read is shown as wrong inline and
// never reaches the model.

import { el, select, formatTime, parseTime, uniqueId, addDescribedBy, removeDescribedBy } from "./dom.js";

// `field` names the control for diagnostics when the server's name differs from the model path it edits (a test
// item's `choices` live under its kind in the model); by default the two are the same.
function base(tag, path, { field = path, ...attrs }) {
  return el(tag, { ...attrs, "data-field": field });
}

/** A one-line text input. `optional`: an empty value removes the key (feedback, explanation…). */
export function textInput(ctx, path, { optional = false, onEdit, ...attrs } = {}) {
  const input = base("input", path, { type: "text", autocomplete: "off", spellcheck: "true", ...attrs });
  input.value = ctx.store.get(path) ?? "";
  input.addEventListener("input", () => {
    ctx.store.set(path, optional && input.value === "" ? undefined : input.value);
    onEdit?.(input.value);
  });
  return input;
}

/** A multi-line text area, growing with its text. */
export function textArea(ctx, path, { optional = false, rows = 2, onEdit, ...attrs } = {}) {
  const area = base("textarea", path, { rows, spellcheck: "true", ...attrs });
  area.value = ctx.store.get(path) ?? "";
  area.addEventListener("input", () => {
    ctx.store.set(path, optional && area.value === "" ? undefined : area.value);
    onEdit?.(area.value);
  });
  return area;
}

/** A select; `options` as for dom.select. `emptyMeansAbsent`: choosing "" removes the key (the module's video). */
export function selectInput(ctx, path, options, { emptyMeansAbsent = false, onEdit, field = path, ...attrs } = {}) {
  const node = select(options, ctx.store.get(path) ?? "", { ...attrs, "data-field": field });
  node.addEventListener("change", () => {
    ctx.store.set(path, emptyMeansAbsent && node.value === "" ? undefined : node.value, { immediate: true });
    onEdit?.(node.value);
  });
  return node;
}

/** A checkbox for a Bool. */
export function checkbox(ctx, path, { onEdit, ...attrs } = {}) {
  const box = base("input", path, { type: "checkbox", ...attrs });
  box.checked = ctx.store.get(path) === true;
  box.addEventListener("change", () => {
    ctx.store.set(path, box.checked, { immediate: true });
    onEdit?.(box.checked);
  });
  return box;
}

/**
 * Shows (or clears) a problem found in the browser, before anything is saved: the control is marked invalid and a
 * message follows it, tied by aria-describedby.
 */
export function setInputProblem(control, message) {
  const existing = control.inputMessage;
  if (existing) {
    removeDescribedBy(control, existing.id);
    existing.remove();
    control.inputMessage = null;
  }
  if (message) {
    const note = el("p", { class: "input-message", id: uniqueId("input-msg"), role: "alert", "data-testid": "input-problem" }, message);
    control.after(note);
    addDescribedBy(control, note.id);
    control.inputMessage = note;
    control.setAttribute("aria-invalid", "true");
    control.classList.add("input-invalid");
  } else {
    control.classList.remove("input-invalid");
    if (!control.dataset.diagInvalid) control.removeAttribute("aria-invalid");
  }
}

/** A time, edited as `m:ss.mmm` and kept in seconds. Wrong text stays in the box, marked, and is not saved. */
export function timeInput(ctx, path, { onEdit, ...attrs } = {}) {
  const input = base("input", path, {
    type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false", class: "time-input",
    placeholder: "0:00.000", ...attrs,
  });
  input.value = formatTime(ctx.store.get(path));
  ctx.store.setInvalid(path, false); // drawn afresh from the model, the box reads
  // The value before the author started typing: text that stops reading part way (`0:28.62` then `x`) must not
  // leave the last readable prefix to be saved, so the model goes back to it until the box reads again.
  let before = ctx.store.get(path);
  input.addEventListener("focus", () => { if (!input.inputMessage) before = ctx.store.get(path); });
  input.addEventListener("input", () => {
    const { seconds, error } = parseTime(input.value);
    setInputProblem(input, error ?? null);
    ctx.store.setInvalid(path, !!error);
    if (error) {
      if (ctx.store.get(path) !== before) ctx.store.set(path, before);
      return;
    }
    if (seconds !== ctx.store.get(path)) {
      ctx.store.set(path, seconds);
      onEdit?.(seconds);
    }
  });
  // Once the author leaves the box, show the value the way the page writes times.
  input.addEventListener("change", () => {
    if (!parseTime(input.value).error) input.value = formatTime(ctx.store.get(path));
  });
  return input;
}

/** Sets a time input from code (the playhead), as if typed. */
export function setTime(ctx, input, path, seconds) {
  const rounded = Math.round(seconds * 1000) / 1000;
  input.value = formatTime(rounded);
  setInputProblem(input, null);
  ctx.store.setInvalid(path, false);
  ctx.store.set(path, rounded, { immediate: true });
}

/** A whole number (the test's draw). `optional`: left empty, the key is removed (a pass mark, an item's weight). */
export function integerInput(ctx, path, { min = 1, max, optional = false, ...attrs } = {}) {
  const input = base("input", path, { type: "number", min, max, step: 1, inputmode: "numeric", ...attrs });
  input.value = ctx.store.get(path) ?? "";
  // As for times: while the box does not read, the model keeps the value from before the typing.
  let before = ctx.store.get(path);
  input.addEventListener("focus", () => { if (!input.inputMessage) before = ctx.store.get(path); });
  input.addEventListener("input", () => {
    const text = input.value.trim();
    if (optional && text === "") {
      setInputProblem(input, null);
      ctx.store.setInvalid(path, false);
      ctx.store.set(path, undefined);
      return;
    }
    const value = Number(text);
    const error = text === "" || !Number.isInteger(value) ? "Enter a whole number."
      : value < min ? `Enter ${min} or more.` : max !== undefined && value > max ? `Enter ${max} or less.` : null;
    setInputProblem(input, error);
    ctx.store.setInvalid(path, !!error);
    if (!error) ctx.store.set(path, value);
    else if (ctx.store.get(path) !== before) ctx.store.set(path, before);
  });
  return input;
}

/** A colour picker for `#RRGGBB`; the page writes upper case, as the sample modules do. */
export function colourInput(ctx, path, attrs = {}) {
  const input = base("input", path, { type: "color", ...attrs });
  const value = ctx.store.get(path) ?? "";
  input.value = /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : "#000000";
  input.addEventListener("input", () => ctx.store.set(path, input.value.toUpperCase()));
  input.addEventListener("change", () => ctx.store.set(path, input.value.toUpperCase(), { immediate: true }));
  return input;
}
