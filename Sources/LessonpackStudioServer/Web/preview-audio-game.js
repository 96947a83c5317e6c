// Activity 4, the audio game: put the conversation's lines in order. Choose a level, then pick a tile from the tray
// (click or tap it, or Enter on it) and put it in a slot (click or Enter on the slot), or drag it there (with the
// mouse, a finger or a pen). A wrong placement springs back to the tray with the presenter's message. Tiles wear
// their speaker's colour.
//
// Which tile is held between the two clicks is the page's own business: the presenter's `place(label, slot)` takes
// both at once, so the cursor events the terminal needs (it has no pointer) are not used here.

import { h, fill, button, speakerStyle, keyBelongsToTarget, w } from './preview.js';

/// A tile's letter back to its label number (from 0): "A" is 0; past Z the presenter names tiles by number from 1.
function labelIndex(letter) {
  if (/^\d+$/.test(letter)) return Number(letter) - 1;
  return letter.toUpperCase().charCodeAt(0) - 65;
}

export function mount(ctx) {
  let held = null; // The label (from 0) of the tile picked up, waiting for a slot.
  let view = null;
  let draggedAt = 0; // When a finger last dropped a tile: the click a browser may send after it is not a tap.
  const content = h('div', { class: 'lp-game' });
  const element = h('div', { class: 'lp-audio-game-activity' }, content,
    h('p', { class: 'lp-hints' }, w('Keys: Enter on a tile picks it up, Enter on an empty slot puts it there · Esc puts it back · n new game · e m h level')));

  function hold(label) {
    held = held === label ? null : label;
    render(view);
    if (held !== null) {
      ctx.say(w('Holding tile {label}: now choose its slot.', { label: view.tray.find((tile) => labelIndex(tile.label) === held)?.label ?? '' }), 'accent');
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

  /// The empty slot under a point, if any (the dragged tile itself is under the finger too).
  function slotAt(x, y) {
    return document.elementsFromPoint(x, y).find((element) => element.matches?.('.lp-slot-empty') && content.contains(element)) ?? null;
  }

  /// Drag and drop with a finger or a pen: HTML drag and drop is the mouse's only. The tile follows the finger once it
  /// has moved a little (a tap stays a tap, and picks the tile up), and is placed on the empty slot it is let go over.
  function dragWithPointer(tile, label) {
    let start = null;
    let over = null;
    const mark = (slot) => {
      if (over !== slot) over?.classList.remove('is-drag-over');
      over = slot;
      over?.classList.add('is-drag-over');
    };
    tile.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start = { x: event.clientX, y: event.clientY, id: event.pointerId, dragging: false };
    });
    tile.addEventListener('pointermove', (event) => {
      if (!start || event.pointerId !== start.id) return;
      if (!start.dragging && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) {
        start.dragging = true;
        tile.setPointerCapture?.(event.pointerId);
        tile.classList.add('is-dragging');
      }
      if (!start.dragging) return;
      event.preventDefault();
      tile.style.transform = `translate(${event.clientX - start.x}px, ${event.clientY - start.y}px)`;
      mark(slotAt(event.clientX, event.clientY));
    });
    const end = (event) => {
      if (!start || event.pointerId !== start.id) return;
      const dragged = start.dragging;
      start = null;
      tile.style.transform = '';
      tile.classList.remove('is-dragging');
      mark(null);
      if (!dragged || event.type === 'pointercancel') return;
      draggedAt = performance.now();
      const slot = slotAt(event.clientX, event.clientY);
      if (slot) place(label, Number(slot.dataset.slot));
    };
    tile.addEventListener('pointerup', end);
    tile.addEventListener('pointercancel', end);
  }

  function tileBody(tile) {
    return [
      h('span', { class: 'lp-speaker', style: speakerStyle(tile.colour), text: tile.speaker }), ': ',
      h('span', { class: 'lp-tile-text', text: tile.text ?? w('♪ hear it to see it') }),
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
        h('h3', { class: 'lp-subtitle', text: w('Choose a level:') }),
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
        h('span', { class: 'lp-muted', text: held !== null ? w('◀ put it here') : '·' })], () => {
        if (held === null) ctx.say(w('Pick a tile from the tray first.'), 'bad');
        else place(held, index);
      }, { class: ['lp-button', 'lp-slot', 'lp-slot-empty', held !== null && 'is-waiting'], 'aria-label': w('Slot {number}, empty', { number: slot.number }),
        dataset: { slot: String(index) } });
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
        entry.sprangBack ? h('span', { class: 'lp-sprang tone-bad', text: ` ${w('✗ sprang back')}` }) : null],
        () => { if (performance.now() - draggedAt > 500) hold(label); }, {
          class: ['lp-button', 'lp-tile', held === label && 'is-held', entry.sprangBack && fresh && 'lp-spring'],
          style: speakerStyle(entry.tile.colour),
          draggable: 'true',
          'aria-pressed': held === label ? 'true' : 'false',
          dataset: { label: entry.label, tile: entry.tile.id },
        });
      dragWithPointer(tile, label);
      tile.addEventListener('dragstart', (event) => {
        event.dataTransfer?.setData('application/x-lessonpack-tile', String(label));
        event.dataTransfer?.setData('text/plain', String(label));
        held = label;
        tile.classList.add('is-held');
      });
      return h('li', { class: 'lp-tray-item' }, tile,
        button(`hear-tile-${number}`, '♪', () => ctx.send({ hear: { label } }),
          { class: 'lp-button lp-icon-button', 'aria-label': w('Hear tile {label}', { label: entry.label }), title: w('Hear tile {label}', { label: entry.label }) }));
    });

    fill(content, 
      h('div', { class: 'lp-toolbar' },
        h('span', { class: 'lp-status', testid: 'game-status', text: view.status }),
        button('new-game', w('New game'), () => { held = null; ctx.send({ newGame: {} }); }, { 'aria-keyshortcuts': 'n' }),
        button('change-level', w('Change level'), () => { held = null; ctx.send({ askLevel: {} }); })),
      view.solved ? h('p', { class: 'lp-summary tone-good', testid: 'solved', text: view.solved }) : null,
      h('div', { class: 'lp-game-board' },
        h('section', { class: 'lp-slots', 'aria-label': w('Slots') }, h('h3', { class: 'lp-subtitle', text: w('Slots') }),
          h('ol', { class: 'lp-slot-list', testid: 'slots' }, slots)),
        tray.length ? h('section', { class: 'lp-tray', 'aria-label': w('Tray') },
          h('h3', { class: 'lp-subtitle', text: held !== null ? w('Tray (holding tile {label})', { label: view.tray.find((t) => labelIndex(t.label) === held)?.label }) : w('Tray') }),
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
