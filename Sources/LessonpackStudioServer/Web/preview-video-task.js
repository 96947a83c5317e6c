// Activity 2, the video task: ten statements about the video, each with a box that cycles empty → true →
// false → empty, then Check, and the report: each wrong statement with the lines that show the answer and a
// button to watch them again. The video is on the page too (the learner watches it while marking); replaying a wrong
// statement's lines plays that span of it.

import { h, fill, button, speakerStyle, keyBelongsToTarget, w } from './preview.js';

const boxes = { empty: ' ', correct: '✓', incorrect: '✗' };
const markWords = { empty: () => w('not marked'), correct: () => w('true'), incorrect: () => w('false') };

export function mount(ctx) {
  const module = ctx.module ?? {};
  const video = h('video', { class: 'lp-video lp-video-small', testid: 'video', controls: true, preload: 'metadata', playsinline: true,
    'aria-label': w('The conversation video') });
  if (module.video) video.src = ctx.mediaURL(module.video);
  // The replays are the presenter's `play` effects on the module video: they play here.
  ctx.useVideo(video);

  const content = h('div', { class: 'lp-task' });
  const element = h('div', { class: 'lp-video-task-activity' },
    h('div', { class: 'lp-video-frame' }, video), content,
    h('p', { class: 'lp-hints' }, w('Keys: click or Enter on a box to mark it · c check · n start again')));

  function render(view) {
    if (!view) return;
    const checked = view.summary !== undefined && view.summary !== null;
    const rows = (view.rows ?? []).map((row, index) => {
      const result = row.right === true ? 'right' : row.right === false ? 'wrong' : null;
      return h('li', { class: ['lp-task-row', index === view.selected && 'is-selected', result && `is-${result}`], dataset: { mark: row.mark } },
        button(`statement-${row.number}`, h('span', { class: 'lp-box', 'aria-hidden': 'true', text: boxes[row.mark] ?? '?' }),
          () => ctx.send({ cycle: { _0: index } }), {
            class: ['lp-button', 'lp-box-button', `mark-${row.mark}`],
            dataset: { mark: row.mark },
            'aria-label': w('Statement {number}: {mark}. Change the mark.', { number: row.number, mark: markWords[row.mark]?.() ?? row.mark }),
            disabled: checked,
          }),
        h('span', { class: 'lp-task-number', text: `${row.number}.` }),
        h('span', { class: 'lp-task-text', text: row.text }),
        result ? h('span', { class: `lp-result tone-${result === 'right' ? 'good' : 'bad'}`, testid: `result-${row.number}`, text: result }) : null);
    });

    const parts = [
      h('p', { class: 'lp-prompt', text: view.prompt }),
      h('ol', { class: 'lp-task-rows', testid: 'statements' }, rows),
      h('div', { class: 'lp-toolbar' },
        checked ? null : button('check', w('Check'), () => ctx.send({ check: {} }), { 'aria-keyshortcuts': 'c' }),
        button('try-again', w('Start again'), () => ctx.send({ tryAgain: {} }), { 'aria-keyshortcuts': 'n' })),
    ];
    // Starting again asks first while marks not yet checked would be cleared.
    if (view.confirming) {
      parts.push(h('p', { class: 'lp-confirm tone-bad', testid: 'confirm', text: view.confirming + ' ' },
        button('confirm-yes', w('Yes'), () => ctx.send({ tryAgainNow: {} })), ' ',
        button('confirm-no', w('No'), () => ctx.send({ keepMarks: {} }))));
    }
    if (checked) {
      parts.push(h('p', { class: ['lp-summary', view.allRight ? 'tone-good' : 'tone-accent'], testid: 'summary', text: view.summary }));
      if (view.hint) parts.push(h('p', { class: 'lp-muted', text: view.hint }));
      if ((view.mistakes ?? []).length) {
        parts.push(h('ul', { class: 'lp-mistakes', testid: 'mistakes' }, view.mistakes.map((mistake) =>
          h('li', { class: 'lp-mistake', testid: `mistake-${mistake.number}` },
            h('p', {}, h('strong', { text: `${mistake.number}. ${mistake.text}` }), ' ', h('span', { class: 'tone-accent', text: mistake.truth })),
            h('ol', { class: 'lp-lines' }, (mistake.lines ?? []).map((line) => h('li', { class: 'lp-line' },
              h('span', { class: 'lp-time', text: line.start }), ' ',
              h('span', { class: 'lp-speaker', style: speakerStyle(line.colour), text: line.speaker }), ': ',
              h('span', { text: line.text })))),
            button(`replay-${mistake.number}`, w('▶ Replay lines'), () => ctx.send({ replay: { _0: mistake.number - 1 } }),
              { 'aria-label': w('Replay the lines for statement {number}', { number: mistake.number }) })))));
      }
    }
    fill(content, ...parts);
  }

  function keydown(event, view) {
    if (keyBelongsToTarget(event)) return false;
    if (event.key === 'c' || event.key === 'C') { if (!view.summary) ctx.send({ check: {} }); return true; }
    if (event.key === 'n' || event.key === 'N') { ctx.send({ tryAgain: {} }); return true; }
    return false;
  }

  function destroy() {
    video.pause();
    video.removeAttribute('src');
    video.load();
  }

  return { element, render, keydown, destroy };
}
