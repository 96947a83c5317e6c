// Activity 4, the audio game: put the conversation's lines in order. Choose a level, then pick a tile from the tray
// (click it, or Enter on it) and put it in a slot (click or Enter on the slot), or drag it there. A wrong placement
// springs back to the tray with the presenter's message. Tiles wear their speaker's colour.
//
// Which tile is held between the two clicks is the page's own business: the presenter's `place(label, slot)` takes
// both at once, so the cursor events the terminal needs (it has no pointer) are not used here.

import { h, fill, button, speakerStyle, keyBelongsToTarget } from './preview.js';

/// A tile's letter back to its label number (from 0): "A" is 0; past Z the presenter names tiles by number from 1.
function labelIndex(letter) {
  if (/^\d+$/.test(letter)) return Number(letter) - 1;
  return letter.toUpperCase().charCodeAt(0) - 65;
}

export function mount(ctx) {
  let held = null; // The label (from 0) of the tile picked up, waiting for a slot.
  let view = null;
  const content = h('div', { class: 'lp-game' });
  const element = h('div', { class: 'lp-audio-game-activity' }, content,
    h('p', { class: 'lp-hints' }, 'Keys: Enter on a tile picks it up, Enter on an empty slot puts it there · Esc puts it back · n new game · e m h level'));

  function hold(label) {
    held = held === label ? null : label;
    render(view);
    if (held !== null) {
      ctx.say(`Holding tile ${view.tray.find((tile) => labelIndex(tile.label) === held)?.label ?? ''}: now choose its slot.`, 'accent');
      // Straight to the first empty slot, as the terminal moves its cursor there.
      content.querySelector('.lp-slot-empty')?.focus();
    } else {
      ctx.say('');
      content.querySelector(`[data-testid="tile-${label + 1}"]`)?.focus();
    }
  }

  function place(label, slotIndex) {
    held = null;
    ctx.send({ place: { label, slot: slotIndex } });
  }

  function tileBody(tile) {
    return [
      h('span', { class: 'lp-speaker', style: speakerStyle(tile.colour), text: tile.speaker }), ': ',
      h('span', { class: 'lp-tile-text', text: tile.text ?? `♪ hear it to see it` }),
    ];
  }

  function render(next) {
    // The spring-back animation plays once, when the answer comes, not again when a tile is picked up.
    const fresh = next !== view;
    view = next;
    if (!view) return;
    if (view.mode === 'choosingLevel') {
      held = null;
      fill(content, 
        h('h3', { class: 'lp-subtitle', text: 'Choose a level:' }),
        h('ul', { class: 'lp-levels', testid: 'levels' }, (view.levels ?? []).map((level) => h('li', {},
          button(`level-${level.difficulty}`, level.text, () => ctx.send({ chooseLevel: { _0: level.difficulty } }), {
            class: ['lp-button', 'lp-level', level.isCursor && 'is-cursor'],
            'aria-keyshortcuts': level.difficulty[0],
          })))));
      return;
    }
    // A tile already placed (or a new game) is no longer held.
    if (held !== null && !(view.tray ?? []).some((tile) => labelIndex(tile.label) === held)) held = null;

    const slots = (view.slots ?? []).map((slot) => {
      const index = slot.number - 1;
      if (slot.tile) {
        return h('li', { class: 'lp-slot lp-slot-filled', testid: `slot-${slot.number}`, style: speakerStyle(slot.tile.colour),
          dataset: { tile: slot.tile.id } },
        h('span', { class: 'lp-slot-number', text: `${slot.number}.` }), ' ', tileBody(slot.tile));
      }
      const target = button(`slot-${slot.number}`, [h('span', { class: 'lp-slot-number', text: `${slot.number}.` }), ' ',
        h('span', { class: 'lp-muted', text: held !== null ? '◀ put it here' : '·' })], () => {
        if (held === null) ctx.say('Pick a tile from the tray first.', 'bad');
        else place(held, index);
      }, { class: ['lp-button', 'lp-slot', 'lp-slot-empty', held !== null && 'is-waiting'], 'aria-label': `Slot ${slot.number}, empty` });
      // Drag and drop: a tile dropped on an empty slot is placed there.
      target.addEventListener('dragover', (event) => { event.preventDefault(); target.classList.add('is-drag-over'); });
      target.addEventListener('dragleave', () => target.classList.remove('is-drag-over'));
      target.addEventListener('drop', (event) => {
        event.preventDefault();
        target.classList.remove('is-drag-over');
        const label = Number(event.dataTransfer?.getData('application/x-lessonpack-tile') || event.dataTransfer?.getData('text/plain'));
        if (Number.isInteger(label)) place(label, index);
      });
      return h('li', { class: 'lp-slot-item' }, target);
    });

    const tray = (view.tray ?? []).map((entry) => {
      const label = labelIndex(entry.label);
      const number = label + 1;
      const tile = button(`tile-${number}`, [h('span', { class: 'lp-tile-label', text: `${entry.label}.` }), ' ', tileBody(entry.tile),
        entry.sprangBack ? h('span', { class: 'lp-sprang tone-bad', text: ' ✗ sprang back' }) : null],
        () => hold(label), {
          class: ['lp-button', 'lp-tile', held === label && 'is-held', entry.sprangBack && fresh && 'lp-spring'],
          style: speakerStyle(entry.tile.colour),
          draggable: 'true',
          'aria-pressed': held === label ? 'true' : 'false',
          dataset: { label: entry.label, tile: entry.tile.id },
        });
      tile.addEventListener('dragstart', (event) => {
        event.dataTransfer?.setData('application/x-lessonpack-tile', String(label));
        event.dataTransfer?.setData('text/plain', String(label));
        held = label;
        tile.classList.add('is-held');
      });
      return h('li', { class: 'lp-tray-item' }, tile,
        button(`hear-tile-${number}`, '♪', () => ctx.send({ hear: { label } }),
          { class: 'lp-button lp-icon-button', 'aria-label': `Hear tile ${entry.label}`, title: `Hear tile ${entry.label}` }));
    });

    fill(content, 
      h('div', { class: 'lp-toolbar' },
        h('span', { class: 'lp-status', testid: 'game-status', text: view.status }),
        button('new-game', 'New game', () => { held = null; ctx.send({ newGame: {} }); }, { 'aria-keyshortcuts': 'n' }),
        button('change-level', 'Change level', () => { held = null; ctx.send({ askLevel: {} }); })),
      view.solved ? h('p', { class: 'lp-summary tone-good', testid: 'solved', text: view.solved }) : null,
      h('div', { class: 'lp-game-board' },
        h('section', { class: 'lp-slots', 'aria-label': 'Slots' }, h('h3', { class: 'lp-subtitle', text: 'Slots' }),
          h('ol', { class: 'lp-slot-list', testid: 'slots' }, slots)),
        tray.length ? h('section', { class: 'lp-tray', 'aria-label': 'Tray' },
          h('h3', { class: 'lp-subtitle', text: held !== null ? `Tray (holding tile ${view.tray.find((t) => labelIndex(t.label) === held)?.label})` : 'Tray' }),
          h('ul', { class: 'lp-tray-list', testid: 'tray' }, tray)) : null));
  }

  function keydown(event, current) {
    if (keyBelongsToTarget(event)) return false;
    const key = event.key.toLowerCase();
    if (current.mode === 'choosingLevel') {
      const level = { e: 'easy', m: 'medium', h: 'hard' }[key];
      if (!level) return false;
      ctx.send({ chooseLevel: { _0: level } });
      return true;
    }
    if (event.key === 'Escape' && held !== null) {
      hold(held);
      return true;
    }
    if (key === 'n') { held = null; ctx.send({ newGame: {} }); return true; }
    return false;
  }

  return { element, render, keydown };
}
