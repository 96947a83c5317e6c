// The web player: the lessons of an exported folder (manifest.json), each activity drawn by the same renderers as
// the studio's preview (preview*.js) and played by the learning core compiled to WebAssembly (core.mjs), with the
// learner's progress in IndexedDB (progress-store.js). Nothing here decides what an activity shows or how it scores.
//
// Everything that comes from a module is untrusted text: it goes into the page through textContent only.

import { loadCore } from './core.mjs';
import { openPreview, h, button, useWords } from './preview.js';
import { ProgressStore, checkProgressFile, contentHash } from './progress-store.js';
import { coreHost, utcOffset } from './core-host.js';
import { t, uiLanguage, chooseLanguage, languages } from './ui-strings.js';

const main = document.getElementById('main');
const status = document.getElementById('status');
const root = document.documentElement;
let site = null; // { manifest, core, store, modules: Map(id -> { entry, text, content, module }) }
let openActivity = null;
// The open activity's core host, to store its leaving.
let openHost = null;

function say(text, tone = 'plain') {
  status.textContent = text ?? '';
  status.dataset.tone = tone;
}

async function fetchOK(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return response;
}

/// The module as the renderers read it: the core's JSON, with each line's times also in seconds.
function pageModule(module) {
  return {
    ...module,
    transcript: (module.transcript ?? []).map((line) => ({ ...line, start: line.startMs / 1000, end: line.endMs / 1000 })),
  };
}

async function moduleNamed(id) {
  const entry = site.manifest.modules.find((candidate) => candidate.id === id);
  if (!entry) return null;
  if (!site.modules.has(id)) {
    // The bytes fetched, hashed: the progress of each activity is tied to this content.
    const bytes = await (await fetchOK(`${entry.folder}core.json`)).arrayBuffer();
    const text = new TextDecoder().decode(bytes);
    site.modules.set(id, { entry, text, content: await contentHash(bytes), module: pageModule(JSON.parse(text)) });
  }
  return site.modules.get(id);
}

/// What the presenters are told about the learner: the page's language, the default help.
function settings() {
  return { listeningFirst: false, language: uiLanguage(), hiddenHelp: [] };
}

/// The core's answer for an activity as stored, without storing anything: a look, for the list of activities.
async function peek(id, { text, content }, activity) {
  const key = `${id}/${activity}`;
  const stored = await site.store.sessionRecord(key);
  // A log of other content is set aside when the activity is opened: until then it is not this lesson's progress.
  if (stored?.content && stored.content !== content) return { answer: null, started: false };
  const log = await site.store.log(key);
  const session = stored?.session ?? null;
  const request = { activity, session: session ?? '0', settings: settings(), utcOffset: utcOffset(),
    log: log.length ? log : [{ at: Date.now(), open: {} }] };
  const answer = site.core.present(text, request);
  return { answer: answer?.error ? null : answer, started: log.length > 0 };
}

function showLessons() {
  document.title = t('pageTitle');
  const modules = site.manifest.modules;
  main.replaceChildren(
    h('h1', { text: t('lessons') }),
    modules.length === 0 ? h('p', { text: t('noLessons') }) : h('ul', { class: 'wp-list', testid: 'lessons' },
      modules.map((module) => h('li', {},
        h('a', { class: 'wp-card', href: `#/${encodeURIComponent(module.id)}`, testid: `lesson-${module.id}` },
          h('span', { class: 'wp-card-title', text: module.title }),
          h('span', { class: 'wp-card-detail', text: [module.level, module.summary].filter(Boolean).join(' · ') }))))),
    progressPanel());
}

async function showActivities(id) {
  const found = await moduleNamed(id);
  if (!found) return main.replaceChildren(h('p', { class: 'tone-bad', text: t('noLesson', { name: id }) }), backToLessons());
  document.title = found.entry.title;
  const rows = await Promise.all(found.module.activities.map(async (activity) => {
    const { answer, started } = await peek(id, found, activity);
    // Done: the attempt under way is finished, or one before it was (a visit to an activity without a score ends
    // when the learner goes back from it).
    const done = Boolean(answer?.finished || answer?.result);
    const state = !started ? t('notStarted') : done ? t('done') : t('started');
    return h('li', {},
      h('a', { class: 'wp-card', href: `#/${encodeURIComponent(id)}/${encodeURIComponent(activity)}`, testid: `activity-${activity}`,
        dataset: { state: !started ? 'new' : done ? 'done' : 'started' } },
      h('span', { class: 'wp-card-title', text: answer?.title ?? activity }),
      h('span', { class: 'wp-card-detail', text: started && answer?.attempt ? `${state} · ${t('attempts', { count: answer.attempt })}` : state })));
  }));
  main.replaceChildren(backToLessons(),
    h('h1', { text: found.entry.title }),
    h('h2', { class: 'wp-subtitle', text: t('activities') }),
    h('ul', { class: 'wp-list', testid: 'activities' }, rows));
}

async function showActivity(id, activity) {
  const found = await moduleNamed(id);
  if (!found || !found.module.activities.includes(activity)) {
    return main.replaceChildren(h('p', { class: 'tone-bad', text: found ? t('noActivity', { name: activity }) : t('noLesson', { name: id }) }),
      backToLessons());
  }
  document.title = found.entry.title;
  const container = h('div', { class: 'wp-activity' });
  main.replaceChildren(
    h('a', { class: 'wp-back', href: `#/${encodeURIComponent(id)}`, testid: 'back-to-lesson', text: t('backToLesson') }),
    container);
  const host = coreHost({ core: site.core, store: site.store, moduleId: id, moduleText: found.text, content: found.content, activity, settings,
    files: found.entry.folder });
  openHost = host;
  openActivity = await openPreview(container, {
    key: id, activity,
    state: { module: found.module, activityKinds: [{ name: activity, title: activity }] },
    host,
  });
  openActivity.root.focus({ preventScroll: true });
  // When the first view of an activity was drawn, since the page began to load: what bench/web measures.
  if (!performance.getEntriesByName('lessonpack-first-view').length) performance.mark('lessonpack-first-view');
}

function backToLessons() {
  return h('a', { class: 'wp-back', href: '#/', testid: 'back-to-lessons', text: t('allLessons') });
}

// ---------------------------------------------------------------------------------------------------------------
// The progress file: everything in IndexedDB, downloaded as JSON, and read back (replacing what is here).

function progressPanel() {
  const input = h('input', { type: 'file', accept: 'application/json,.json', testid: 'import-file', class: 'wp-file',
    on: { change: () => importProgress(input) } });
  return h('section', { class: 'wp-progress', 'aria-labelledby': 'progress-title' },
    h('h2', { id: 'progress-title', class: 'wp-subtitle', text: t('progress') }),
    h('p', { class: 'lp-muted', text: t('progressNote') }),
    h('div', { class: 'lp-toolbar' },
      button('export-progress', t('exportProgress'), () => exportProgress()),
      h('label', { class: 'lp-button' }, t('importProgress'), input)));
}

async function exportProgress() {
  const file = await site.store.exportAll();
  const link = h('a', {
    href: URL.createObjectURL(new Blob([JSON.stringify(file)], { type: 'application/json' })),
    download: `lessonpack-progress-${new Date().toISOString().slice(0, 10)}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/// Plays every log of a progress file through the core before anything is replaced: a file whose lesson is not here,
/// or whose log the core refuses, is refused as a whole (what is in the browser stays).
async function replayAll(checked) {
  for (const { key, session, content } of checked.sessions) {
    const [id, activity] = key.split('/');
    const found = await moduleNamed(id);
    if (!found) throw new Error(t('noLesson', { name: id }));
    // A log played with other content (an older export) is not played again: opening its activity sets it aside.
    if (content && content !== found.content) continue;
    const log = checked.entries.filter((row) => row.key === key).map((row) => row.entry);
    if (!log.length) continue;
    const answer = site.core.present(found.text, { activity, session, settings: settings(), utcOffset: utcOffset(), log });
    if (!answer || answer.error) throw new Error(t('importNotPlayable', { name: key, code: answer?.error ?? 'no-answer' }));
  }
}

async function importProgress(input) {
  const chosen = input.files?.[0];
  input.value = '';
  if (!chosen) return;
  try {
    const file = JSON.parse(await chosen.text());
    await replayAll(checkProgressFile(file));
    if (!window.confirm(t('importConfirm'))) return;
    await site.store.importAll(file);
    say(t('importDone'), 'good');
    await route();
  } catch (error) {
    say(t('importBad', { reason: error?.message ?? error }), 'bad');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Routes: #/ the lessons, #/MODULE its activities, #/MODULE/ACTIVITY one activity.

/// The module and activity the address names, or null when it cannot be read (an escape that is not UTF-8).
function addressParts() {
  try {
    return location.hash.replace(/^#\/?/, '').split('/').map((part) => decodeURIComponent(part ?? ''));
  } catch {
    return null;
  }
}

async function route() {
  openActivity?.close();
  openActivity = null;
  // Leaving an activity is part of its log (a visit without a score ends there); a failure to store it only
  // means the visit carries on next time, as after a closed tab.
  const leaving = openHost;
  openHost = null;
  await leaving?.leave().catch(() => {});
  root.dataset.ready = 'false';
  try {
    const parts = addressParts();
    if (!parts) {
      // A broken address (a link cut in the middle of an escape, as #/%E0): the lessons, and a word why.
      say(t('badAddress'), 'bad');
      showLessons();
      return;
    }
    const [id, activity] = parts;
    if (!id) showLessons();
    else if (!activity) await showActivities(id);
    else await showActivity(id, activity);
  } catch (error) {
    say(error?.message ?? String(error), 'bad');
  } finally {
    root.dataset.ready = 'true';
  }
}

function languageChooser() {
  const select = h('select', { testid: 'ui-language', 'aria-label': t('language'),
    on: { change: () => { chooseLanguage(select.value); location.reload(); } } },
  languages.map(([tag, name]) => h('option', { value: tag, selected: tag === uiLanguage() }, name)));
  return h('label', { class: 'wp-language' }, h('span', { class: 'wp-hidden', text: t('language') }), select);
}

function watchConnection() {
  const show = () => {
    root.dataset.online = navigator.onLine ? 'true' : 'false';
    if (!navigator.onLine) say(t('offline'), 'accent');
    else if (status.dataset.tone === 'accent') say('');
  };
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
  show();
}

/// Reloads the page once the open activity has stored and answered what it was given and is not recording.
async function reloadWhenStored() {
  say(t('updating'), 'accent');
  const working = '[data-testid="preview-root"][data-busy="true"], [data-testid="preview-root"][data-recording="true"]';
  while (document.querySelector(working)) await new Promise((resolve) => setTimeout(resolve, 100));
  location.reload();
}

/// The service worker keeps the page, the core and every lesson's files; it says when all are kept.
async function keepForOffline(version) {
  if (!('serviceWorker' in navigator)) {
    say(t('noOffline'), 'bad');
    return;
  }
  // A new export's worker takes over this page at once (skipWaiting, claim) and answers from its own files: a page
  // that goes on would mix the old version's files with the new. So a page that a worker controlled already reloads
  // itself, once the entry being stored is stored. (The first worker of all takes over a page loaded from the
  // network, which has nothing to mix.)
  if (navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', () => reloadWhenStored(), { once: true });
  }
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.type === 'cached') {
      root.dataset.offlineReady = 'true';
      if (navigator.onLine) say(t('offlineReady'), 'good');
    }
  });
  try {
    // The worker's address names the export's version: a new export is a new worker, which keeps the new files
    // and removes the old ones (the browser would see the same sw.js and keep the old worker and its cache).
    const registration = await navigator.serviceWorker.register(`sw.js?v=${encodeURIComponent(version)}`);
    await navigator.serviceWorker.ready;
    // A worker installed on an earlier visit has kept everything already: ask it to say so.
    (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ type: 'cached?' });
  } catch (error) {
    say(`${t('noOffline')} (${error?.message ?? error})`, 'bad');
  }
}

async function start() {
  root.lang = uiLanguage();
  document.title = t('pageTitle');
  document.querySelector('[data-testid="home"]')?.setAttribute('aria-label', t('lessons'));
  document.getElementById('bar').append(languageChooser());
  main.replaceChildren(h('p', { class: 'lp-muted', text: t('loading') }));
  watchConnection();
  try {
    const coreLoaded = fetchOK('lessonpack-core.wasm').then((response) => response.arrayBuffer()).then(loadCore);
    const [manifest, core, store] = await Promise.all([
      fetchOK('manifest.json').then((response) => response.json()),
      coreLoaded,
      ProgressStore.open({ blocked: () => say(t('closeOtherTabs'), 'accent') }).catch(() => { throw new Error(t('noStorage')); }),
    ]);
    if (typeof core.present !== 'function') throw new Error(t('noCore'));
    // The activities' own buttons and headings in the page's language (English is written in them).
    if (uiLanguage() !== 'en') useWords(await fetchOK(`preview-words-${uiLanguage()}.json`).then((response) => response.json()));
    site = { manifest, core, store, modules: new Map() };
  } catch (error) {
    main.replaceChildren(h('p', { class: 'tone-bad', testid: 'load-failed', text: t('loadFailed', { reason: error?.message ?? error }) }));
    root.dataset.ready = 'true';
    return;
  }
  window.addEventListener('hashchange', route);
  await route();
  // Only once the first view is drawn: keeping every file (the video among them) would compete with it.
  keepForOffline(String(site.manifest.version ?? ''));
}

start();
