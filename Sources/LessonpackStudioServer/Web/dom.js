// Small DOM helpers shared by every editor module. Text from a module is untrusted: it only ever reaches the page
// through `textContent` and attribute values set here, never through markup.

let idCounter = 0;

/** A page-unique id, for pairing a <label> with its control when the control has no id of its own. */
export function uniqueId(prefix = "f") {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/**
 * Creates an element. `attrs` values: strings become attributes, `on*` functions become listeners, `dataset` and
 * `props` objects are assigned; `children` may hold nodes, strings (as text nodes), or null/false (skipped).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const name in attrs) {
    const value = attrs[name];
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "props") Object.assign(node, value);
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

// Nested arrays are walked rather than flattened: every element of the page passes through here.
function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces everything inside `node`. */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** A <button type=button>; every action on the page is one, so the keyboard reaches it. */
export function button(label, onClick, attrs = {}) {
  return el("button", { type: "button", ...attrs, onclick: onClick }, label);
}

/**
 * A labelled control inside a wrapper: `<div class=field><label for>…</label>control</div>`. The label is what
 * screen readers announce; `hint` adds a line of help tied to the control by aria-describedby.
 */
export function labelled(labelText, control, { hint, className = "field" } = {}) {
  if (!control.id) control.id = uniqueId();
  const parts = [el("label", { for: control.id }, labelText), control];
  if (hint) {
    const hintId = uniqueId("hint");
    addDescribedBy(control, hintId);
    parts.push(el("p", { class: "hint", id: hintId }, hint));
  }
  return el("div", { class: className }, parts);
}

/** Adds one id to a control's aria-describedby, keeping what was there. */
export function addDescribedBy(control, id) {
  const ids = new Set((control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean));
  ids.add(id);
  control.setAttribute("aria-describedby", [...ids].join(" "));
}

/** Removes one id from a control's aria-describedby. */
export function removeDescribedBy(control, id) {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((x) => x && x !== id);
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** A <select> from `[value, label]` pairs (or plain strings); the current value is kept even when not offered. */
export function select(options, value, attrs = {}) {
  const node = el("select", attrs);
  const seen = new Set();
  for (const option of options) {
    const [optionValue, optionLabel] = Array.isArray(option) ? option : [option, option];
    seen.add(optionValue);
    node.append(el("option", { value: optionValue }, optionLabel));
  }
  // A value on disk that the choices do not hold (a typo, a deleted speaker) must still show, or the page would
  // silently change it on the next save.
  if (value !== undefined && value !== null && !seen.has(value)) {
    node.append(el("option", { value }, value === "" ? "(none)" : `${value} (not found)`));
  }
  node.value = value ?? "";
  return node;
}

// Times are seconds in the model and `m:ss.mmm` on the page, as a video player shows them.

/** 4.189 → "0:04.189"; an hour or more → "1:02:03.500". */
export function formatTime(seconds) {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return "";
  const millis = Math.round(seconds * 1000);
  const sign = millis < 0 ? "-" : "";
  let rest = Math.abs(millis);
  const ms = rest % 1000;
  rest = (rest - ms) / 1000;
  const s = rest % 60;
  rest = (rest - s) / 60;
  const m = rest % 60;
  const h = (rest - m) / 60;
  const frac = `.${String(ms).padStart(3, "0")}`;
  if (h > 0) return `${sign}${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}${frac}`;
  return `${sign}${m}:${String(s).padStart(2, "0")}${frac}`;
}

/**
 * Reads a time the way docs/format.md defines them: seconds (`62.5`), `m:ss(.f)` or `h:mm:ss(.f)`, every field
 * after the first two digits below 60. Returns `{ seconds }` or `{ error }` saying what is wrong.
 */
export function parseTime(text) {
  const value = text.trim();
  if (value === "") return { error: "Enter a time, e.g. 0:04.250." };
  const match = /^(\d+)(?::(\d{2}))?(?::(\d{2}))?(\.\d+)?$/.exec(value);
  if (!match) return { error: `'${value}' is not a time: write m:ss.mmm, e.g. 0:04.250.` };
  const [, first, second, third, fraction = ""] = match;
  const fields = [first, second, third].filter((x) => x !== undefined).map(Number);
  if (fields.slice(1).some((x) => x >= 60)) return { error: "Minutes and seconds run from 00 to 59." };
  let seconds = 0;
  for (const field of fields) seconds = seconds * 60 + field;
  seconds += fraction ? Number(`0${fraction}`) : 0;
  if (seconds > 99 * 3600 + 59 * 60 + 59.999) return { error: "Times run up to 99:59:59.999." };
  return { seconds };
}

/** 812345 → "793 KiB". */
export function formatBytes(bytes) {
  if (typeof bytes !== "number" || !Number.isFinite(bytes)) return "";
  const units = ["B", "KiB", "MiB", "GiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** The URL-safe form of a media path, one segment at a time so the `/`s stay. */
export function encodePath(path) {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Moves one element of an array in place. */
export function moveItem(list, from, to) {
  if (to < 0 || to >= list.length || from === to) return false;
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item);
  return true;
}

/** A short announcement for screen readers (the page keeps one polite live region). */
export function announce(message) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // A new text node after a tick makes screen readers read the same message twice in a row.
  setTimeout(() => { region.textContent = message; }, 30);
}

/**
 * In-section navigation: buttons that move focus to a heading. Links would change the address's fragment, which
 * the page uses for its own routes (#/key/section).
 */
export function subnav(label, targets) {
  return el("nav", { class: "subnav", "aria-label": label },
    targets.map(([text, headingId]) => button(text, () => {
      const heading = document.getElementById(headingId);
      heading?.focus();
      heading?.scrollIntoView({ block: "start" });
    }, { class: "link-button" })));
}

/** The next id in a list's own pattern: after l09 and l10 comes l11; `prefix` + 01 when none is numbered. */
export function nextId(ids, prefix) {
  let best = { prefix, width: 2, number: 0 };
  for (const id of ids) {
    const match = /^(.*?)(\d+)$/.exec(id ?? "");
    if (match && Number(match[2]) >= best.number) best = { prefix: match[1], width: match[2].length, number: Number(match[2]) };
  }
  const used = new Set(ids);
  let number = best.number;
  let id;
  do {
    number += 1;
    id = `${best.prefix}${String(number).padStart(best.width, "0")}`;
  } while (used.has(id));
  return id;
}
