// Activity 3, language and vocabulary: the transcript with its terms highlighted (the view's spans, so the page
// never looks for terms in the text itself); choosing a term shows its definition, and each line can be heard.

import { h, fill, button, scrollWithin, speakerStyle, keyBelongsToTarget, w } from './preview.js';

export function mount(ctx) {
  const definition = h('div', { class: 'lp-definition', testid: 'definition', role: 'region', 'aria-live': 'polite', 'aria-label': w('Definition') });
  const transcript = h('div', { class: 'lp-vocabulary-lines', testid: 'transcript' });
  const terms = h('ol', { class: 'lp-term-index', testid: 'terms', 'aria-label': w('Terms') });
  const toolbar = h('div', { class: 'lp-toolbar', role: 'toolbar', 'aria-label': w('Terms') },
    button('previous-term', w('← Previous term'), () => ctx.send({ previous: {} }), { 'aria-keyshortcuts': 'ArrowLeft Shift+Tab' }),
    button('next-term', w('Next term →'), () => ctx.send({ next: {} }), { 'aria-keyshortcuts': 'ArrowRight' }),
    button('open-term', w('Show its definition'), () => ctx.send({ openSelected: {} })),
    button('hear-selected', w('♪ Hear its line'), () => ctx.send({ hearSelectedLine: {} }), { 'aria-keyshortcuts': 'p' }));

  const element = h('div', { class: 'lp-vocabulary-activity' },
    toolbar, definition,
    h('div', { class: 'lp-columns' }, transcript,
      h('details', { class: 'lp-term-list', open: true }, h('summary', { text: w('All terms') }), terms)),
    h('p', { class: 'lp-hints' }, w('Keys: Tab to a term and Enter to define it · ← → previous or next term · p hear the line')));

  let lastFocusLine = null;
  // Whether the last move came from the arrow keys (and not from the buttons, which keep the focus).
  let movedByKey = false;

  function render(view) {
    if (!view) return;
    fill(transcript, ...(view.lines ?? []).map((line, index) =>
      h('p', { class: ['lp-vocabulary-line', index === view.focusLine && 'is-focus'], testid: `transcript-line-${line.number}` },
        button(`hear-line-${line.number}`, '♪', () => ctx.send({ hearLine: { _0: index } }),
          { class: 'lp-button lp-icon-button', 'aria-label': w('Hear line {number}', { number: line.number }), title: w('Hear line {number}', { number: line.number }) }),
        ' ',
        h('span', { class: 'lp-speaker', style: speakerStyle(line.colour), text: line.speaker }), ': ',
        (line.spans ?? []).map((span) => {
          if (span.term === undefined || span.term === null) return span.text;
          // A term is a button: focusable, and Enter or a click opens its definition (by its number, from 1).
          return button(`term-${span.term + 1}`, span.text, () => ctx.send({ define: { _0: String(span.term + 1) } }), {
            class: ['lp-term', span.selected && 'is-selected'],
            'aria-pressed': span.selected ? 'true' : 'false',
          });
        }))));

    fill(terms, ...(view.terms ?? []).map((term, index) => h('li', {},
      button(`term-list-${index + 1}`, term, () => ctx.send({ define: { _0: String(index + 1) } }), { class: 'lp-button lp-link-button' }))));

    if (view.definition) {
      const shown = view.definition;
      fill(definition, 
        h('p', {}, h('strong', { class: 'lp-defined-term', text: shown.term }), ' ',
          h('em', { class: 'lp-part-of-speech', text: `(${shown.partOfSpeech})` })),
        h('p', { class: 'lp-meaning', text: shown.meaning }));
      definition.dataset.term = shown.term;
    } else {
      fill(definition, h('p', { class: 'lp-muted', text: view.hint }));
      delete definition.dataset.term;
    }

    // The selected term's line comes into view, as the terminal scrolls to it.
    if (view.focusLine !== lastFocusLine) {
      lastFocusLine = view.focusLine;
      scrollWithin(transcript, transcript.querySelector('.is-focus'));
    }
    // Moving with the arrow keys takes the keyboard focus to the selected term, so that Enter opens it.
    const selected = transcript.querySelector('.lp-term.is-selected');
    if (selected && movedByKey) selected.focus();
    movedByKey = false;
  }

  function keydown(event) {
    if (keyBelongsToTarget(event)) return false;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      movedByKey = true;
      ctx.send(event.key === 'ArrowRight' ? { next: {} } : { previous: {} });
      return true;
    }
    if (event.key === 'p' || event.key === 'P') { ctx.send({ hearSelectedLine: {} }); return true; }
    return false;
  }

  return { element, render, keydown };
}
