// Activity 5, pronunciation practice: choose a line, hear the original, record yourself, and hear the two together,
// at once (the original in the left ear, you in the right) or one after the other. The microphone, the countdown and
// the comparison are the preview's effects (preview.js); this module shows the line and sends the events.

import { h, fill, button, scrollWithin, speakerStyle, keyBelongsToTarget, w } from './preview.js';

export function mount(ctx) {
  const current = h('div', { class: 'lp-pronunciation-current', testid: 'current-line' });
  const actions = h('div', { class: 'lp-toolbar', role: 'toolbar', 'aria-label': w('Practise this line') },
    button('hear-original', w('♪ Hear the original'), () => ctx.send({ hearOriginal: {} }), { 'aria-keyshortcuts': 'o' }),
    button('record', w('● Record yourself'), () => {
      // While the page records, the same button ends it early, as r does in the terminal.
      if (ctx.recorder.active) ctx.recorder.stop();
      else ctx.send({ record: {} });
    }, { 'aria-keyshortcuts': 'r' }),
    button('compare-simultaneous', w('Both at once (original left, you right)'), () => ctx.send({ compare: { _0: 'simultaneous' } }),
      { 'aria-keyshortcuts': 'b' }),
    button('compare-sequential', w('One after the other'), () => ctx.send({ compare: { _0: 'sequential' } }), { 'aria-keyshortcuts': 't' }),
    button('hear-slower', w('Slower (0.75×)'), () => ctx.send({ hearSlowly: { _0: 0.75 } }), { 'aria-keyshortcuts': 's' }),
    button('hear-slowest', w('Slowest (0.5×)'), () => ctx.send({ hearSlowly: { _0: 0.5 } }), { 'aria-keyshortcuts': 'Shift+S' }));
  const intonation = h('div', { class: 'lp-intonation', testid: 'intonation', 'aria-live': 'polite' });
  const navigation = h('div', { class: 'lp-toolbar' },
    button('previous-line', w('↑ Previous line'), () => ctx.send({ move: { _0: -1 } }), { 'aria-keyshortcuts': 'ArrowUp' }),
    button('next-line', w('↓ Next line'), () => ctx.send({ move: { _0: 1 } }), { 'aria-keyshortcuts': 'ArrowDown' }));
  const rows = h('ol', { class: 'lp-lines lp-pronunciation-lines', testid: 'lines', 'aria-label': w('Lines') });
  const element = h('div', { class: 'lp-pronunciation-activity' }, current, actions, intonation, navigation, rows,
    h('p', { class: 'lp-hints' }, w('Keys: ↑ ↓ line · o original · s / S slower · r record (r or Esc stops) · b both at once · t one after the other')));

  const recordButton = actions.querySelector('[data-testid="record"]');

  function render(view) {
    if (!view) return;
    const line = view.line;
    fill(current, 
      line ? h('p', { class: 'lp-muted' }, h('span', { text: view.position }), ' · ',
        h('span', { class: 'lp-speaker', style: speakerStyle(line.colour), text: line.speaker })) : h('p', { text: view.position }),
      line ? h('p', { class: 'lp-big-line', testid: 'line-text', text: line.text }) : null,
      h('p', { class: view.recorded ? 'tone-good' : 'lp-muted', testid: 'line-status', text: view.status }),
      // The view's own "Recording: … seconds left" is not shown: the preview's panel counts down live, and the view
      // is only as new as the last answer.
      view.failure ? h('p', { class: 'tone-bad', testid: 'line-failure', text: view.failure }) : null);
    renderIntonation(view);
    recordingChanged(ctx.recorder.active);
    for (const testid of ['compare-simultaneous', 'compare-sequential']) {
      // Not disabled (the presenter says why it cannot compare yet), only marked as not ready.
      actions.querySelector(`[data-testid="${testid}"]`).setAttribute('aria-disabled', view.recorded ? 'false' : 'true');
    }
    fill(rows, ...(view.rows ?? []).map((row, index) => h('li', { class: ['lp-line', row.isCurrent && 'is-current'] },
      button(`line-${row.number}`, [
        h('span', { class: row.recorded ? 'lp-recorded' : 'lp-not-recorded', 'aria-hidden': 'true', text: row.recorded ? '●' : '○' }), ' ',
        h('span', { text: row.text }),
      ], () => ctx.send({ select: { _0: index } }), {
        class: 'lp-button lp-line-button',
        'aria-current': row.isCurrent ? 'true' : 'false',
        'aria-label': row.recorded ? w('Line {number}, recorded: {text}', { number: row.number, text: row.text }) : w('Line {number}: {text}', { number: row.number, text: row.text }),
      }))));
    scrollWithin(rows, rows.querySelector('.is-current'));
  }

  /// The intonation of the latest recording: the score and its sentences, and both contours drawn (model above,
  /// the learner below, each around its own median, on one time axis), as the terminal player draws them in Braille.
  function renderIntonation(view) {
    const result = view.intonation;
    if (!result) {
      fill(intonation, view.intonationStatus ? h('p', { class: 'lp-muted', testid: 'intonation-status', text: view.intonationStatus }) : null);
      return;
    }
    fill(intonation,
      h('p', { class: result.score >= 70 ? 'tone-good' : 'tone-accent', testid: 'intonation-score',
               text: w('Intonation {score}/100: {feedback}', { score: result.score, feedback: result.feedback }) }),
      result.timing ? h('p', { testid: 'intonation-timing', text: result.timing }) : null,
      contourChart(result));
  }

  /// The Record button says what it will do: start, or end the recording under way.
  function recordingChanged(active) {
    recordButton.textContent = active ? w('■ Stop recording') : w('● Record yourself');
    recordButton.setAttribute('aria-pressed', active ? 'true' : 'false');
  }

  function keydown(event) {
    if (keyBelongsToTarget(event)) return false;
    const key = event.key.toLowerCase();
    if (ctx.recorder.active) {
      if (key === 'r' || event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') { ctx.recorder.stop(); return true; }
      return false;
    }
    const events = {
      'arrowup': { move: { _0: -1 } }, 'arrowdown': { move: { _0: 1 } }, 'o': { hearOriginal: {} }, 'enter': { hearOriginal: {} },
      'r': { record: {} }, 'b': { compare: { _0: 'simultaneous' } }, 't': { compare: { _0: 'sequential' } },
      's': { hearSlowly: { _0: event.shiftKey ? 0.5 : 0.75 } },
    };
    if (!events[key]) return false;
    ctx.send(events[key]);
    return true;
  }

  return { element, render, keydown, recordingChanged };
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(name, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Semitones from the median of the voiced frames; null where unvoiced. */
function semitones(contour) {
  const voiced = contour.filter((f0) => f0 !== null).sort((a, b) => a - b);
  if (voiced.length === 0) return contour.map(() => null);
  const middle = Math.floor(voiced.length / 2);
  const median = voiced.length % 2 ? voiced[middle] : (voiced[middle - 1] + voiced[middle]) / 2;
  return contour.map((f0) => (f0 === null ? null : 12 * Math.log2(f0 / median)));
}

/** The two contours as an SVG chart: one strip each, ±8 semitones around each speaker's median. */
function contourChart(result) {
  const width = 600, strip = 70, gap = 16, range = 8;
  const frames = Math.max(result.model.length, result.learner.length, 2);
  const x = (index) => (index / (frames - 1)) * width;
  const chart = svg('svg', { viewBox: `0 0 ${width} ${2 * strip + gap}`, role: 'img', class: 'lp-contours',
                             'data-testid': 'intonation-chart' },
    svg('title', {}, document.createTextNode(w('Pitch contours: the model above, you below'))));
  [['model', result.model, 0], ['you', result.learner, strip + gap]].forEach(([label, contour, top]) => {
    chart.append(svg('line', { x1: 0, x2: width, y1: top + strip / 2, y2: top + strip / 2, class: 'lp-contour-median' }));
    chart.append(svg('text', { x: 4, y: top + 12, class: 'lp-contour-label' }, document.createTextNode(label)));
    // One polyline per voiced stretch: unvoiced frames break the line, as they break the voice.
    let points = [];
    const flush = () => {
      if (points.length > 1) chart.append(svg('polyline', { points: points.join(' '), class: `lp-contour lp-contour-${label}`, 'data-testid': `contour-${label}` }));
      points = [];
    };
    semitones(contour).forEach((value, index) => {
      if (value === null) { flush(); return; }
      const clamped = Math.max(-range, Math.min(range, value));
      points.push(`${x(index).toFixed(1)},${(top + strip / 2 - (clamped / range) * (strip / 2 - 4)).toFixed(1)}`);
    });
    flush();
  });
  return chart;
}
