// The page an LMS launches (lms.html): the web player, reporting to the LMS. It finds which LMS launched it (cmi5's
// launch parameters in the address, else SCORM 1.2's API in a parent or opener window), restores what the LMS kept
// of the learner's progress, and only then starts the player (player.js), so the player sees the restored log.
// After each entry the player stores, the module's state is worked out again from the logs by the learning core
// (the same replay the player does) and reported: nothing here decides a score.

import { loadCore } from './core.mjs';
import { ProgressStore } from './progress-store.js';
import { uiLanguage } from './ui-strings.js';
import { connectScorm } from './lms-scorm.js';
import { connectCmi5 } from './lms-cmi5.js';

const root = document.documentElement;

// The few sentences the LMS part says to the learner, in the page's language.
const words = {
  en: {
    noModule: 'This lesson cannot be found in the package.',
    noLMS: 'No learning system was found. Your progress is kept in this browser only.',
    tooLong: 'Your learning system keeps only part of your progress (it is too long). All of it is kept in this browser: use "Save my progress to a file" to keep a copy.',
    lmsFailed: 'Your learning system did not answer ({reason}). Your progress is kept in this browser.',
    ended: 'This session has ended. Open the lesson again from your course.',
    exit: 'Back to my course',
  },
  ja: {
    noModule: 'このパッケージにこのレッスンがありません。',
    noLMS: '学習システムが見つかりません。進み具合はこのブラウザにだけ保存されます。',
    tooLong: '学習システムには進み具合の一部しか保存できません（長すぎます）。全部このブラウザに保存されています。「進み具合をファイルに保存」でコピーを取ってください。',
    lmsFailed: '学習システムが答えません（{reason}）。進み具合はこのブラウザに保存されています。',
    ended: 'このセッションは終わりました。コースからもう一度レッスンを開いてください。',
    exit: 'コースにもどる',
  },
};

export function say(key, values = {}, tone = 'bad') {
  const table = words[uiLanguage()] ?? words.en;
  const text = (table[key] ?? words.en[key]).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''));
  const status = document.getElementById('status');
  status.textContent = text;
  status.dataset.tone = tone;
  root.dataset.lmsNotice = key;
}

async function fetchOK(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response;
}

/// The module's state from the stored logs, as the learning core replays them: per activity whether an attempt was
/// finished and its result; `completed` once the test is finished (every activity, in a module with no test);
/// the test's last score in percent; `passed` against `passMark` when the module has one.
export async function moduleState({ core, store, moduleId, text, module, passMark }) {
  const activities = {};
  for (const activity of module.activities) {
    const key = `${moduleId}/${activity}`;
    const log = await store.log(key);
    const session = await store.session(key);
    if (!log.length || !session) { activities[activity] = { started: false, result: null }; continue; }
    const answer = core.present(text, { activity, session, settings: { listeningFirst: false, language: 'en', hiddenHelp: [] },
      utcOffset: 0, log });
    activities[activity] = { started: true, result: answer && !answer.error ? answer.result : null };
  }
  const test = module.activities.includes('test') ? activities.test : null;
  const completed = test ? Boolean(test.result) : module.activities.every((name) => activities[name].result);
  const score = test?.result?.score && test.result.score.total > 0 ? test.result.score : null;
  const percent = score ? Math.round((score.correct * 100) / score.total) : null;
  // As the core compares (ActivityResult.passed): whole numbers, so 7 of 10 passes a mark of 70.
  const passed = score && passMark != null ? score.correct * 100 >= passMark * score.total : null;
  return { activities, completed, score, percent, passed, passMark };
}

/// Runs `work` one call at a time, the latest wish last: reports never overlap and never go out of order.
function serialised(work) {
  let running = Promise.resolve();
  return () => {
    running = running.then(work, work);
    return running;
  };
}

async function start() {
  const parameters = new URLSearchParams(location.search);
  const [manifest, store, core] = await Promise.all([
    fetchOK('manifest.json').then((response) => response.json()),
    ProgressStore.open(),
    fetchOK('lessonpack-core.wasm').then((response) => response.arrayBuffer()).then(loadCore),
  ]);
  const entry = manifest.modules.find((candidate) => candidate.id === parameters.get('module'))
    ?? (manifest.modules.length === 1 ? manifest.modules[0] : null);
  const connect = parameters.has('endpoint') && parameters.has('fetch') ? connectCmi5 : connectScorm;
  let lms = null;
  let failed = false;
  if (entry) {
    const text = await (await fetchOK(`${entry.folder}core.json`)).text();
    const module = JSON.parse(text);
    const state = () => moduleState({ core, store, moduleId: entry.id, text, module, passMark: module.passMark ?? null });
    try {
      lms = await connect({ parameters, store, moduleId: entry.id, module, state, say });
      if (!lms) say('noLMS', {}, 'accent');
    } catch (error) {
      failed = true;
      // The LMS that launched the page failed it: the learner is told why, and plays on with this browser's store.
      say(error?.code === 'ended' ? 'ended' : 'lmsFailed', { reason: error?.message ?? error });
      if (error?.code === 'ended') {
        root.dataset.lms = 'ended';
        root.dataset.ready = 'true';
        return;
      }
    }
    // Opened where the learner was when they left (SCORM's lesson_location), else at the module's activities,
    // unless the address names a place already (a reload keeps it).
    const place = lms?.place?.startsWith(`#/${encodeURIComponent(entry.id)}`) ? lms.place : `#/${encodeURIComponent(entry.id)}`;
    if (!location.hash) history.replaceState(null, '', place);
  } else {
    say('noModule');
  }
  root.dataset.lms = lms?.name ?? (failed ? 'failed' : 'none');

  if (lms) {
    // Each entry the player stores is reported once it is stored: the LMS hears of nothing the page did not keep.
    const report = serialised(() => lms.report().catch((error) => say('lmsFailed', { reason: error?.message ?? error })));
    const append = ProgressStore.prototype.append;
    ProgressStore.prototype.append = async function appendAndReport(...values) {
      await append.apply(this, values);
      report();
    };
    // A progress file read back replaces the logs at once: the LMS hears of it as of any entry.
    const importAll = ProgressStore.prototype.importAll;
    ProgressStore.prototype.importAll = async function importAndReport(...values) {
      await importAll.apply(this, values);
      report();
    };
    await report();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      lms.finish();
    };
    window.addEventListener('pagehide', end);
    if (lms.exitURL) {
      const exit = document.createElement('a');
      exit.href = lms.exitURL;
      exit.className = 'wp-back';
      exit.dataset.testid = 'lms-exit';
      exit.textContent = (words[uiLanguage()] ?? words.en).exit;
      exit.addEventListener('click', async (event) => {
        event.preventDefault();
        await report();
        await lms.finish();
        location.href = lms.exitURL;
      });
      document.getElementById('bar').append(exit);
    }
    window.lessonpackLMS = { report, finish: end };
  }
  await import('./player.js');
}

start().catch((error) => {
  say('lmsFailed', { reason: error?.message ?? error });
  root.dataset.lms = 'failed';
  root.dataset.ready = 'true';
});
