// Small DOM helpers shared by the learner preview's modules: elements built from data with textContent only.

/// An element. `attrs`: `text` (its text, safely), `testid`, `class`, `on` ({event: handler}), `style` ({prop: value}
/// for custom properties), `dataset`, and plain attributes; `children`: nodes or strings (strings become text nodes,
/// so untrusted text can be passed straight in).
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') element.textContent = String(value);
    else if (name === 'testid') element.dataset.testid = String(value);
    else if (name === 'class') element.className = Array.isArray(value) ? value.filter(Boolean).join(' ') : value;
    else if (name === 'on') for (const [event, handler] of Object.entries(value)) element.addEventListener(event, handler);
    else if (name === 'style') for (const [property, v] of Object.entries(value)) element.style.setProperty(property, v);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/// Replaces what `element` holds with `children`, as `h` takes them (nothing for null or false: `replaceChildren`
/// would write "null").
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/// A real button: keyboard and mouse alike, and a hook for tests. `type=button` so it never submits a form of the
/// editor page around the preview.
export function button(testid, label, onClick, attrs = {}) {
  return h('button', { type: 'button', testid, class: 'lp-button', on: { click: onClick }, ...attrs }, label);
}

/// A speaker's colour as CSS, only when it is the `#RRGGBB` the model promises: the module is untrusted, and a
/// colour goes into a style property.
export function speakerColour(colour) {
  return typeof colour === 'string' && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : null;
}

/// The style that gives an element its speaker's colour (`--lp-speaker`), or none.
export function speakerStyle(colour) {
  const safe = speakerColour(colour);
  return safe ? { '--lp-speaker': safe } : undefined;
}

/// The `"name": {…}` of a Swift enum value encoded by synthesized Codable.
export function caseOf(value) {
  if (!value || typeof value !== 'object') return [String(value), {}];
  const [name, args] = Object.entries(value)[0] ?? ['', {}];
  return [name, args ?? {}];
}

/// Whether a key press belongs to what has focus rather than to the activity's shortcuts: typing in a field, or
/// Space/Enter on something they activate (a button, the video's own controls).
export function keyBelongsToTarget(event) {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  if (target.closest('video, audio') && event.key !== 'Escape') return true;
  if ((event.key === ' ' || event.key === 'Enter') && target.closest('button, a, summary, [role="button"]')) return true;
  return false;
}

/// Scrolls `list` (a scrolling box) just enough to show `item`, and nothing else: `scrollIntoView` would scroll the
/// editor's page too, under the author's pointer.
export function scrollWithin(list, item) {
  if (!list || !item) return;
  const box = list.getBoundingClientRect();
  const row = item.getBoundingClientRect();
  if (row.top < box.top) list.scrollTop -= box.top - row.top;
  else if (row.bottom > box.bottom) list.scrollTop += row.bottom - box.bottom;
}

/// "1:05" for 65.3 seconds, as the presenters' clock says it.
export function clock(seconds) {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/// A path under /media/{key}/, each segment escaped (the server validates it again).
export function mediaURL(key, path) {
  return `/media/${encodeURIComponent(key)}/` + String(path).split('/').map(encodeURIComponent).join('/');
}


// The page's own words in the activities (button labels, headings, what the page says itself), in the learner's
// language. Each is written in English where it is used, and that English is its key: a host that shows another
// language gives the table of its translations (the web player's preview-words-ja.json); the studio gives none and
// shows the English. `{name}` in a sentence is filled from `values`.
let wordTable = null;

export function useWords(table) {
  wordTable = table && typeof table === 'object' ? table : null;
}

export function w(english, values = {}) {
  const text = typeof wordTable?.[english] === 'string' ? wordTable[english] : english;
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
