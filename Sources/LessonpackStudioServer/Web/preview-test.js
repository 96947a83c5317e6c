// Activity 8, the test: the drawn items (statements to mark true or false, and multiple choice), then Finish
// and the results: the score, each objective's share as the module words it, and each wrong item with its answer and
// why. All the items are on the page at once (a page scrolls; a terminal cannot): answering one makes it the current
// item first (`go`), since the presenter's answers apply to the current item.

import { h, fill, button, keyBelongsToTarget, w } from './preview.js';

export function mount(ctx) {
  let view = null;
  const content = h('div', { class: 'lp-test' });
  const element = h('div', { class: 'lp-test-activity' }, content,
    h('p', { class: 'lp-hints' }, w('Keys: Tab through the answers, Enter or space to choose · f finish · r your last results')));

  /// Answers item `index` (from 0): makes it current first when it is not.
  function answer(index, event) {
    const events = view && view.current !== index ? [{ go: { _0: index } }, event] : [event];
    ctx.send(...events);
  }

  function itemElement(item, index) {
    const statement = item.mark !== undefined && item.mark !== null;
    const answered = view.answered?.[index] ?? false;
    const controls = statement
      ? h('div', { class: 'lp-choices', role: 'group', 'aria-label': w('Item {number}: true or false?', { number: item.number }) },
        button(`item-${item.number}-correct`, w('✓ True'), () => answer(index, { mark: { _0: { correct: {} } } }), {
          class: ['lp-button', 'lp-choice', item.mark === 'correct' && 'is-chosen'], 'aria-pressed': item.mark === 'correct' ? 'true' : 'false',
        }),
        button(`item-${item.number}-incorrect`, w('✗ False'), () => answer(index, { mark: { _0: { incorrect: {} } } }), {
          class: ['lp-button', 'lp-choice', item.mark === 'incorrect' && 'is-chosen'], 'aria-pressed': item.mark === 'incorrect' ? 'true' : 'false',
        }))
      : h('ol', { class: 'lp-choices lp-choice-list', role: 'group', 'aria-label': w('Item {number}: choose one', { number: item.number }) },
        (item.choices ?? []).map((choice, choiceIndex) => h('li', {},
          button(`item-${item.number}-choice-${choice.letter}`, [
            h('span', { class: 'lp-choice-dot', 'aria-hidden': 'true', text: choice.chosen ? '●' : '○' }), ' ',
            h('span', { class: 'lp-answer-letter', text: `${choice.letter}.` }), ' ', h('span', { text: choice.text })],
          () => answer(index, { choose: { _0: choiceIndex } }), {
            class: ['lp-button', 'lp-choice', choice.chosen && 'is-chosen'], 'aria-pressed': choice.chosen ? 'true' : 'false',
          }))));
    return h('li', { class: ['lp-test-item', index === view.current && 'is-current', answered && 'is-answered'], testid: `item-${item.number}`,
      dataset: { kind: statement ? 'statement' : 'choice' } },
    h('p', { class: 'lp-test-prompt' }, h('span', { class: 'lp-task-number', text: `${item.number}.` }), ' ', h('span', { text: item.text })),
    controls,
    h('p', { class: 'lp-muted lp-small' }, h('span', { testid: `item-${item.number}-answer`, text: item.answerText }), ' ',
      answered ? button(`item-${item.number}-clear`, w('Clear'), () => answer(index, { clear: {} }), { class: 'lp-button lp-link-button' }) : null));
  }

  function resultsElement(results) {
    return h('div', { class: 'lp-results', testid: 'results' },
      results.earlier ? h('p', { class: 'tone-accent', testid: 'results-earlier', text: results.earlier }) : null,
      h('p', { class: 'lp-score', testid: 'score', text: results.score }),
      h('p', { class: 'lp-muted', testid: 'counts', text: results.counts }),
      h('h3', { class: 'lp-subtitle', text: w('By objective') }),
      h('ul', { class: 'lp-objectives', testid: 'objectives' }, (results.objectives ?? []).map((objective, index) =>
        h('li', { class: ['lp-objective', objective.good ? 'tone-good' : 'tone-plain'], testid: `objective-${index + 1}` },
          h('span', { class: 'lp-percent', text: objective.percent }), ' ', h('span', { text: objective.text })))),
      (results.review ?? []).length ? h('h3', { class: 'lp-subtitle', text: w('To review') }) : null,
      h('ul', { class: 'lp-review', testid: 'review' }, (results.review ?? []).map((review, index) =>
        h('li', { testid: `review-${index + 1}` },
          h('p', { class: 'tone-bad' }, h('span', { 'aria-hidden': 'true', text: '✗ ' }), h('span', { text: review.prompt })),
          h('p', { class: 'lp-explanation', text: review.text })))),
      h('div', { class: 'lp-toolbar' },
        results.earlier ? button('hide-results', w('Back to the test'), () => ctx.send({ hideResults: {} })) : null,
        results.earlier ? null : button('new-test', w('A new test'), () => ctx.restart(), { class: 'lp-button lp-primary' })));
  }

  function render(next) {
    view = next;
    if (!view) return;
    if (view.results) {
      fill(content, resultsElement(view.results));
      return;
    }
    const items = view.items ?? [];
    const unanswered = (view.answered ?? []).filter((done) => !done).length;
    fill(content, 
      h('p', { class: 'lp-muted', testid: 'test-header', text: view.header }),
      h('p', { class: 'lp-progress-dots', 'aria-hidden': 'true', text: (view.answered ?? []).map((done) => (done ? '●' : '·')).join(' ') }),
      h('ol', { class: 'lp-test-items', testid: 'items' }, items.map(itemElement)),
      view.confirming
        ? h('div', { class: 'lp-confirm', role: 'alertdialog', 'aria-label': 'Finish the test?', testid: 'confirm-finish' },
          h('p', { class: 'tone-bad', text: view.confirming }),
          button('finish-confirm', w('Finish anyway'), () => ctx.send({ finishNow: {} }), { class: 'lp-button lp-primary' }),
          button('finish-cancel', w('Keep going'), () => ctx.send({ cancelFinish: {} })))
        : null,
      h('div', { class: 'lp-toolbar' },
        button('finish', unanswered ? w('Finish ({count} not answered)', { count: unanswered }) : w('Finish the test'), () => ctx.send({ finish: {} }),
          { class: 'lp-button lp-primary', 'aria-keyshortcuts': 'f' }),
        button('show-last-results', w('My last results'), () => ctx.send({ showLastResults: {} }), { 'aria-keyshortcuts': 'r' })));
    if (view.confirming) content.querySelector('[data-testid="finish-confirm"]')?.focus();
  }

  function keydown(event, current) {
    if (keyBelongsToTarget(event)) return false;
    if (current.results) {
      if (event.key === 'Escape' && current.results.earlier) { ctx.send({ hideResults: {} }); return true; }
      return false;
    }
    if (current.confirming) {
      if (event.key === 'y' || event.key === 'Y') { ctx.send({ finishNow: {} }); return true; }
      if (event.key === 'n' || event.key === 'N' || event.key === 'Escape') { ctx.send({ cancelFinish: {} }); return true; }
      return false;
    }
    if (event.key === 'f' || event.key === 'F' || event.key === 'End') { ctx.send({ finish: {} }); return true; }
    if (event.key === 'r' || event.key === 'R') { ctx.send({ showLastResults: {} }); return true; }
    return false;
  }

  return { element, render, keydown };
}
