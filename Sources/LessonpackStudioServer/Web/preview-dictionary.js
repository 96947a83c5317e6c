// Activity 7, dictionary and phrasebook: every definition, a search by the start of a word or by spelling, and the
// language-focus boxes. The search field sends what is typed as the presenter's search; the list is the view's.

import { h, fill, button, w } from './preview.js';

// Each page's name is looked up when drawn, in the language the host chose.
const pages = [
  ['wordStart', () => w('Search by word start')],
  ['spelling', () => w('Search by spelling')],
  ['boxes', () => w('Language focus')],
];

// Ids for the search field's label, unique even with two previews on one page.
let fields = 0;

export function mount(ctx) {
  let view = null;
  const fieldID = `lp-dictionary-search-${++fields}`;
  const label = h('label', { class: 'lp-search-label', for: fieldID });
  const search = h('input', { type: 'search', id: fieldID, testid: 'search', class: 'lp-search', autocomplete: 'off',
    spellcheck: 'false' });
  // Each keystroke is a search: the server answers in order, and the field is never overwritten while it is typed in.
  search.addEventListener('input', () => {
    const text = search.value;
    ctx.send(view?.page === 'spelling' ? { searchSpelling: { _0: text } } : { search: { _0: text } });
  });
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      search.value = '';
      ctx.send({ clear: {} });
    } else if (event.key === 'ArrowDown') {
      // From the field down into the list, as ↓ moves the selection in the terminal.
      event.preventDefault();
      list.querySelector('button')?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      ctx.send({ openSelected: {} });
    }
  });

  const tabs = h('div', { class: 'lp-tabs', role: 'toolbar', 'aria-label': w('Dictionary pages') },
    pages.map(([page, text]) => button(`page-${page}`, text(), () => ctx.send({ showPage: { _0: page } }), { class: 'lp-button lp-tab' })));
  const searchRow = h('div', { class: 'lp-search-row' }, label, search,
    button('clear', w('Clear'), () => { search.value = ''; ctx.send({ clear: {} }); }));
  const count = h('p', { class: 'lp-muted', testid: 'count' });
  const list = h('ol', { class: 'lp-entries', testid: 'entries', 'aria-label': w('Entries') });
  const opened = h('div', { class: 'lp-definition', testid: 'opened', 'aria-live': 'polite' });
  const boxes = h('div', { class: 'lp-boxes', testid: 'boxes' });
  const summary = h('p', { class: 'lp-muted lp-small', testid: 'dictionary-summary' });
  const entriesPage = h('div', { class: 'lp-entries-page' }, searchRow, count, h('div', { class: 'lp-columns' }, list, opened));
  const element = h('div', { class: 'lp-dictionary-activity' }, tabs, entriesPage, boxes, summary,
    h('p', { class: 'lp-hints' }, w('Keys: type to search · ↓ to the entries · Enter a definition · Esc clears')));

  function render(next) {
    view = next;
    if (!view) return;
    for (const [page] of pages) {
      const tab = tabs.querySelector(`[data-testid="page-${page}"]`);
      tab.setAttribute('aria-pressed', view.page === page ? 'true' : 'false');
      tab.classList.toggle('is-current', view.page === page);
    }
    const onBoxes = view.page === 'boxes';
    entriesPage.hidden = onBoxes;
    boxes.hidden = !onBoxes;
    label.textContent = view.searchLabel;
    if (document.activeElement !== search && search.value !== view.query) search.value = view.query;
    count.textContent = view.count;
    fill(list, ...(view.entries ?? []).map((entry, index) => h('li', { class: ['lp-entry', entry.selected && 'is-selected'] },
      button(`entry-${index + 1}`, [h('span', { class: 'lp-entry-term', text: entry.term }), ' ',
        h('span', { class: 'lp-part-of-speech', text: entry.partOfSpeech })],
      () => ctx.send({ define: { _0: entry.term } }), {
        class: ['lp-button', 'lp-entry-button', entry.term === view.openedTerm && 'is-open'],
        'aria-current': entry.term === view.openedTerm ? 'true' : 'false',
      }))));
    if (view.opened) {
      fill(opened, h('p', { class: 'lp-meaning', text: view.opened }));
      opened.dataset.term = view.openedTerm ?? '';
    } else {
      fill(opened, h('p', { class: 'lp-muted', text: w('Choose an entry to see what it means.') }));
      delete opened.dataset.term;
    }
    fill(boxes, ...(view.boxes ?? []).map((box, index) => h('article', { class: 'lp-box-card', testid: `box-${index + 1}` },
      h('h3', { class: 'lp-subtitle', text: box.title }),
      h('p', { class: 'lp-box-text', text: box.text }))));
    summary.textContent = view.summary;
  }

  // Up and down within the list move the focus between entries; Enter or a click opens one.
  list.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...list.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && at === 0) search.focus();
    else buttons[Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  });

  function keydown(event) {
    // Typing anywhere in the activity (outside the field) starts a search, as the terminal's dictionary does.
    if (event.target === search || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key.length === 1 && /\p{L}/u.test(event.key) && !event.target.closest?.('input, textarea, select')) {
      if (view?.page === 'boxes') {
        ctx.send({ showPage: { _0: 'wordStart' } });
        entriesPage.hidden = false;
        boxes.hidden = true;
      }
      search.focus();
      return false; // The key goes on into the field, now focused.
    }
    return false;
  }

  return { element, render, keydown };
}
