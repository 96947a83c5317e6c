// The dictation: hear a line (again, or slower), type it, and see it marked word by word. The marks are the view's
// own text ([+missing], [-extra], typed→right), so they read the same without colour; the classes only colour them.
// The line's text is in the view only once it is written.

import { h, fill, button, scrollWithin, speakerStyle, keyBelongsToTarget, w } from './preview.js';

export function mount(ctx) {
  const current = h('div', { class: 'lp-dictation-current', testid: 'current-line' });
  const input = h('input', { type: 'text', class: 'lp-dictation-input', testid: 'dictation-input', autocomplete: 'off',
    spellcheck: 'false', 'aria-label': w('What you hear') });
  const form = h('form', { class: 'lp-toolbar', testid: 'dictation-form',
    on: { submit: (event) => { event.preventDefault(); ctx.send({ write: { _0: input.value } }); } } },
    input, button('write', w('Check'), null, { type: 'submit', class: 'lp-button lp-primary' }));
  const listening = h('div', { class: 'lp-toolbar', role: 'toolbar', 'aria-label': w('Hear the line') },
    button('hear', w('♪ Hear the line'), () => ctx.send({ hear: {} }), { 'aria-keyshortcuts': 'Tab' }),
    button('hear-slower', w('Slower (0.75×)'), () => ctx.send({ hearSlowly: { _0: 0.75 } })),
    button('hear-slowest', w('Slowest (0.5×)'), () => ctx.send({ hearSlowly: { _0: 0.5 } })));
  const marks = h('div', { class: 'lp-dictation-marks', testid: 'marks', 'aria-live': 'polite' });
  const navigation = h('div', { class: 'lp-toolbar' });
  const rows = h('ol', { class: 'lp-lines', testid: 'lines', 'aria-label': w('Lines') });
  const element = h('div', { class: 'lp-dictation-activity' }, current, listening, form, marks, navigation, rows,
    h('p', { class: 'lp-hints' }, w('Type what you hear, then Enter. [+word]: not written · [-word]: not in the line · a→b: write b, not a')));
  let shownLine = null;

  function render(view) {
    if (!view) return;
    fill(current,
      h('p', { class: 'lp-muted', testid: 'instruction', text: view.instruction }),
      h('p', { class: 'lp-muted' }, h('span', { text: view.position }),
        view.speaker ? ' · ' : null, view.speaker ? h('span', { class: 'lp-speaker', style: speakerStyle(view.colour), text: view.speaker }) : null));
    // A new line starts with an empty box; the same line keeps what is being typed.
    if (shownLine !== view.number) { input.value = ''; shownLine = view.number; }
    form.hidden = !view.writing;
    fill(marks,
      view.written ? h('p', { testid: 'written' }, w('You wrote: '), h('span', { text: view.written })) : null,
      view.marked?.length ? h('p', { class: 'lp-marked', testid: 'marked' }, ...view.marked.flatMap((word, index) =>
        [index ? ' ' : null, h('span', { class: `mark-${word.mark}`, text: word.text })])) : null,
      ...(view.notes ?? []).map((note) => h('p', { text: note })),
      view.score ? h('p', { class: `lp-feedback ${view.allRight ? 'tone-good' : 'tone-accent'}`, testid: 'score', text: view.score }) : null,
      view.summary ? h('p', { class: 'lp-summary tone-accent', testid: 'summary', text: view.summary }) : null,
      view.confirming ? h('p', { class: 'tone-bad', testid: 'confirming', text: view.confirming }) : null);
    fill(navigation,
      view.written && !view.summary ? button('advance', w('Next line not written →'), () => ctx.send({ advance: {} }), { class: 'lp-button lp-primary' }) : null,
      view.confirming ? button('finish-now', w('Yes, finish'), () => ctx.send({ finish: {} })) : null,
      view.confirming ? button('keep-going', w('No, go on writing'), () => ctx.send({ cancelFinish: {} })) : null,
      !view.summary && !view.confirming && view.total ? button('finish', w('Finish'), () => ctx.send({ finish: {} })) : null,
      view.summary ? button('new-attempt', w('New dictation'), () => ctx.send({ newAttempt: {} })) : null);
    fill(rows, ...(view.rows ?? []).map((row, index) => h('li', { class: ['lp-line', row.isCurrent && 'is-current'] },
      button(`line-${row.number}`, `${row.number}. ${row.text ? row.text + ' · ' : ''}${row.status}`,
        () => ctx.send({ select: { _0: index } }), {
          class: 'lp-button lp-line-button',
          'aria-current': row.isCurrent ? 'true' : 'false',
        }))));
    scrollWithin(rows, rows.querySelector('.is-current'));
  }

  function keydown(event, view) {
    if (keyBelongsToTarget(event)) return false;
    if (event.key === 'ArrowUp') { ctx.send({ move: { _0: -1 } }); return true; }
    if (event.key === 'ArrowDown') { ctx.send({ move: { _0: 1 } }); return true; }
    if (view?.writing && event.key.length === 1) { input.focus(); return false; }
    return false;
  }

  return { element, render, keydown };
}
