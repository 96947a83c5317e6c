// Activity 6, questions and answers: hear the question, pick A, B or C, see whether it was right and why, then go on.
// With listening first, an answer's text is shown only once it has been heard (the view then has no text for it).

import { h, fill, button, keyBelongsToTarget, w } from './preview.js';

const marks = { right: '✓', wrong: '✗', none: '' };

export function mount(ctx) {
  const content = h('div', { class: 'lp-questions' });
  const element = h('div', { class: 'lp-questions-activity' }, content,
    h('p', { class: 'lp-hints' }, w('Keys: a b c answer · p hear the question · 1 2 3 hear an answer · ← → other questions · g a new attempt')));

  function render(view) {
    if (!view) return;
    const answered = view.feedback !== undefined && view.feedback !== null;
    const total = view.total ?? 0;
    fill(content, 
      h('p', { class: 'lp-muted', testid: 'question-header', text: view.header }),
      h('div', { class: 'lp-question-line' },
        h('p', { class: 'lp-question', testid: 'question', text: view.question }),
        total ? button('hear-question', w('♪ Hear the question'), () => ctx.send({ hearQuestion: {} }), { 'aria-keyshortcuts': 'p' }) : null),
      h('ol', { class: 'lp-answers', testid: 'answers' }, (view.answers ?? []).map((answer, index) =>
        h('li', { class: ['lp-answer', `mark-${answer.mark}`, answer.isCursor && 'is-cursor'] },
          button(`answer-${answer.letter}`, [
            h('span', { class: 'lp-answer-mark', 'aria-hidden': 'true', text: marks[answer.mark] ?? '' }),
            h('span', { class: 'lp-answer-letter', text: `${answer.letter}.` }), ' ',
            h('span', { class: answer.text === undefined || answer.text === null ? 'lp-muted' : '',
              text: answer.text ?? w('♪ hear answer {letter} to see it', { letter: answer.letter }) }),
          ], () => ctx.send({ answer: { _0: index } }), {
            class: 'lp-button lp-answer-button',
            disabled: answered,
            'aria-keyshortcuts': answer.letter.toLowerCase(),
            'aria-label': `Answer ${answer.letter}${answer.mark === 'right' ? ' (right)' : answer.mark === 'wrong' ? ' (wrong)' : ''}: ` +
              (answer.text ?? 'not heard yet'),
          }),
          button(`hear-answer-${answer.letter}`, '♪', () => ctx.send({ hearAnswer: { _0: index } }),
            { class: 'lp-button lp-icon-button', 'aria-label': w('Hear answer {letter}', { letter: answer.letter }), title: w('Hear answer {letter}', { letter: answer.letter }) })))),
      view.listening ? h('p', { class: 'lp-muted', testid: 'listening', text: view.listening }) : null,
      answered ? h('p', { class: `lp-feedback tone-${view.feedback.tone ?? 'plain'}`, testid: 'feedback', text: view.feedback.text }) : null,
      answered && view.explanation ? h('p', { class: 'lp-explanation', testid: 'explanation', text: view.explanation }) : null,
      view.summary ? h('p', { class: 'lp-summary tone-accent', testid: 'summary', text: view.summary }) : null,
      // Starting again asks first while answers would be cleared.
      view.confirming ? h('p', { class: 'lp-confirm tone-bad', testid: 'confirm', text: view.confirming + ' ' },
        button('confirm-yes', w('Yes'), () => ctx.send({ newAttemptNow: {} })), ' ',
        button('confirm-no', w('No'), () => ctx.send({ keepAnswers: {} }))) : null,
      h('div', { class: 'lp-toolbar' },
        answered && !view.summary ? button('advance', w('Next unanswered question →'), () => ctx.send({ advance: {} }), { class: 'lp-button lp-primary' }) : null,
        total > 1 ? button('previous-question', w('← Previous'), () => ctx.send({ move: { _0: -1 } }), { 'aria-keyshortcuts': 'ArrowLeft' }) : null,
        total > 1 ? button('next-question', w('Next →'), () => ctx.send({ move: { _0: 1 } }), { 'aria-keyshortcuts': 'ArrowRight' }) : null,
        total ? button('new-attempt', w('Start again'), () => ctx.send({ newAttempt: {} }), { 'aria-keyshortcuts': 'g' }) : null),
      total > 1 ? h('nav', { class: 'lp-numbers', 'aria-label': w('Questions') }, Array.from({ length: total }, (_, index) =>
        button(`question-${index + 1}`, String(index + 1), () => ctx.send({ go: { _0: index } }), {
          class: ['lp-button', 'lp-number-button', index + 1 === view.number && 'is-current'],
          'aria-current': index + 1 === view.number ? 'true' : 'false',
          'aria-label': w('Question {number}', { number: index + 1 }),
        }))) : null);
    // After an answer, the focus goes on to what comes next, so Enter carries on.
    if (answered && !view.summary && content.contains(document.activeElement) === false) {
      content.querySelector('[data-testid="advance"]')?.focus();
    }
  }

  function keydown(event, view) {
    if (keyBelongsToTarget(event)) return false;
    const key = event.key;
    const answers = view.answers ?? [];
    if (/^[1-9]$/.test(key) && Number(key) <= answers.length) { ctx.send({ hearAnswer: { _0: Number(key) - 1 } }); return true; }
    const letterIndex = answers.findIndex((answer) => answer.letter.toLowerCase() === key.toLowerCase());
    if (key.length === 1 && /[a-z]/i.test(key) && letterIndex >= 0) { ctx.send({ answer: { _0: letterIndex } }); return true; }
    const events = { 'p': { hearQuestion: {} }, 'P': { hearQuestion: {} }, 'ArrowLeft': { move: { _0: -1 } }, 'ArrowRight': { move: { _0: 1 } },
      'n': { move: { _0: 1 } }, 'g': { newAttempt: {} }, 'G': { newAttempt: {} } };
    if (!events[key]) return false;
    ctx.send(events[key]);
    return true;
  }

  return { element, render, keydown };
}
