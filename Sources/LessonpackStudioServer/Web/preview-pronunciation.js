// Activity 5, pronunciation practice: choose a line, hear the original, record yourself, and hear the two together,
// at once (the original in the left ear, you in the right) or one after the other. The microphone, the countdown and
// the comparison are the preview's effects (preview.js); this module shows the line and sends the events.

import { h, fill, button, scrollWithin, speakerStyle, keyBelongsToTarget } from './preview.js';

export function mount(ctx) {
  const current = h('div', { class: 'lp-pronunciation-current', testid: 'current-line' });
  const actions = h('div', { class: 'lp-toolbar', role: 'toolbar', 'aria-label': 'Practise this line' },
    button('hear-original', '♪ Hear the original', () => ctx.send({ hearOriginal: {} }), { 'aria-keyshortcuts': 'o' }),
    button('record', '● Record yourself', () => {
      // While the page records, the same button ends it early, as r does in the terminal.
      if (ctx.recorder.active) ctx.recorder.stop();
      else ctx.send({ record: {} });
    }, { 'aria-keyshortcuts': 'r' }),
    button('compare-simultaneous', 'Both at once (original left, you right)', () => ctx.send({ compare: { _0: 'simultaneous' } }),
      { 'aria-keyshortcuts': 'b' }),
    button('compare-sequential', 'One after the other', () => ctx.send({ compare: { _0: 'sequential' } }), { 'aria-keyshortcuts': 't' }));
  const navigation = h('div', { class: 'lp-toolbar' },
    button('previous-line', '↑ Previous line', () => ctx.send({ move: { _0: -1 } }), { 'aria-keyshortcuts': 'ArrowUp' }),
    button('next-line', '↓ Next line', () => ctx.send({ move: { _0: 1 } }), { 'aria-keyshortcuts': 'ArrowDown' }));
  const rows = h('ol', { class: 'lp-lines lp-pronunciation-lines', testid: 'lines', 'aria-label': 'Lines' });
  const element = h('div', { class: 'lp-pronunciation-activity' }, current, actions, navigation, rows,
    h('p', { class: 'lp-hints' }, 'Keys: ↑ ↓ line · o original · r record (r or Esc stops) · b both at once · t one after the other'));

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
        'aria-label': `Line ${row.number}${row.recorded ? ', recorded' : ''}: ${row.text}`,
      }))));
    scrollWithin(rows, rows.querySelector('.is-current'));
  }

  /// The Record button says what it will do: start, or end the recording under way.
  function recordingChanged(active) {
    recordButton.textContent = active ? '■ Stop recording' : '● Record yourself';
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
    };
    if (!events[key]) return false;
    ctx.send(events[key]);
    return true;
  }

  return { element, render, keydown, recordingChanged };
}
