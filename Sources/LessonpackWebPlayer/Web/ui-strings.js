// The sentences the web player itself shows (the activities' own sentences come from the learning core, in the
// learner's language already). One table per language; a key missing from a language falls back to English, and
// the catalogue test (Tests/Browser) fails on any key that Japanese lacks.

export const catalogue = {
  en: {
    pageTitle: 'Lessons',
    lessons: 'Your lessons',
    noLessons: 'There are no lessons here.',
    activities: 'Activities',
    allLessons: '← All lessons',
    backToLesson: '← Back to the activities',
    notStarted: 'Not started',
    started: 'Started',
    done: 'Done',
    attempts: 'Tries: {count}',
    loading: 'Loading…',
    offlineReady: 'Ready: these lessons now work without the internet.',
    offline: 'You are offline. Your lessons still work.',
    noOffline: 'This browser cannot keep the lessons for offline use.',
    progress: 'Your progress',
    progressNote: 'Your answers are kept in this browser. You can save them to a file and load them on another device.',
    exportProgress: 'Save my progress to a file',
    importProgress: 'Load progress from a file',
    importConfirm: 'This replaces the progress in this browser (your recordings stay). Go on?',
    importDone: 'Your progress was loaded.',
    importBad: 'This file is not a Lessonpack progress file: {reason}',
    loadFailed: 'The lessons could not be loaded: {reason}',
    noStorage: 'This browser cannot keep your progress (no IndexedDB).',
    coreRefused: 'Something went wrong in this activity ({code}).',
    noCore: 'This page needs a newer learning core (no "present").',
    noActivity: 'This lesson has no activity “{name}”.',
    noLesson: 'There is no lesson “{name}” here.',
    language: 'Language',
    openAgain: 'Open again',
    openAgainTitle: 'Open this activity again: a finished one starts a new try',
    notSaved: 'Your last answer could not be saved: {reason}',
    notTaken: 'Sorry, this answer could not be used, so it was not kept ({code}). Please try again.',
    importNotPlayable: 'the answers for “{name}” cannot be used here ({code})',
    updating: 'There is a new version of these lessons. The page opens it now.',
    contentChanged: 'This lesson has changed, so this activity starts again. Your old answers are kept in this browser.',
    closeOtherTabs: 'Please close the other tabs with these lessons. Then this page can open.',
    badAddress: 'This address is not one of these lessons. Here are all the lessons.',
  },
  ja: {
    pageTitle: 'レッスン',
    lessons: 'あなたのレッスン',
    noLessons: 'ここにはレッスンがありません。',
    activities: 'アクティビティ',
    allLessons: '← レッスンの一覧',
    backToLesson: '← アクティビティの一覧',
    notStarted: 'まだ始めていません',
    started: '始めました',
    done: '終わりました',
    attempts: '回数: {count}',
    loading: '読み込み中…',
    offlineReady: '準備ができました。インターネットがなくてもレッスンが使えます。',
    offline: 'オフラインです。レッスンはそのまま使えます。',
    noOffline: 'このブラウザーはオフライン用にレッスンを保存できません。',
    progress: 'あなたの進み具合',
    progressNote: '答えはこのブラウザーに保存されています。ファイルに保存して、ほかの機器で読み込むことができます。',
    exportProgress: '進み具合をファイルに保存',
    importProgress: 'ファイルから進み具合を読み込む',
    importConfirm: 'このブラウザーの進み具合が置き換わります (録音はそのまま残ります)。続けますか？',
    importDone: '進み具合を読み込みました。',
    importBad: 'これは Lessonpack の進み具合のファイルではありません: {reason}',
    loadFailed: 'レッスンを読み込めませんでした: {reason}',
    noStorage: 'このブラウザーは進み具合を保存できません (IndexedDB がありません)。',
    coreRefused: 'このアクティビティでエラーが起きました ({code})。',
    noCore: 'このページには新しい学習コアが必要です ("present" がありません)。',
    noActivity: 'このレッスンには「{name}」というアクティビティがありません。',
    noLesson: '「{name}」というレッスンはありません。',
    language: '言語',
    openAgain: 'もう一度開く',
    openAgainTitle: 'このアクティビティをもう一度開きます。終わったものは新しく始まります',
    notSaved: '最後の答えを保存できませんでした: {reason}',
    notTaken: 'すみません、この答えは使えなかったので、保存しませんでした ({code})。もう一度やってください。',
    importNotPlayable: '「{name}」の答えはここでは使えません ({code})',
    updating: 'レッスンの新しいバージョンがあります。ページを開き直します。',
    contentChanged: 'このレッスンが変わったので、このアクティビティは最初から始まります。前の答えはこのブラウザーに残っています。',
    closeOtherTabs: 'このレッスンを開いているほかのタブを閉じてください。そのあと、このページが開きます。',
    badAddress: 'このアドレスのレッスンはありません。レッスンの一覧を表示します。',
  },
};

export const languages = [['en', 'English'], ['ja', '日本語']];
const storageKey = 'lessonpack-ui-language';

/// The learner's choice on this page, else the browser's first language we have, else English.
export function uiLanguage() {
  let chosen = null;
  try { chosen = localStorage.getItem(storageKey); } catch { /* storage refused: the browser decides */ }
  if (chosen && catalogue[chosen]) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag ?? '').toLowerCase().split('-')[0];
    if (catalogue[primary]) return primary;
  }
  return 'en';
}

export function chooseLanguage(language) {
  if (!catalogue[language]) return;
  try { localStorage.setItem(storageKey, language); } catch { /* kept for this page only */ }
}

/// The sentence `key` in the page's language, `{name}` filled from `values` (as text: the page sets it with
/// textContent only).
export function t(key, values = {}) {
  const language = uiLanguage();
  const text = catalogue[language]?.[key] ?? catalogue.en[key] ?? key;
  return text.replace(/\{([a-z]+)\}/gi, (whole, name) => (name in values ? String(values[name]) : whole));
}
