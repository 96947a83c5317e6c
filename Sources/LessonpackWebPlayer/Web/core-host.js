// What the shared activity renderers (preview*.js) talk to in the web player: instead of the studio's server, the
// learning core in the page. Each request becomes one entry of the activity's log, stored first, then the whole log
// is given to the core, which replays it and answers the view, the effects of the last entry and the message.

import { t } from './ui-strings.js';
import { newSession } from './progress-store.js';

/// Seconds east of UTC here, for the times the presenters show (a result's date).
export function utcOffset() {
  return -new Date().getTimezoneOffset() * 60;
}

/// `moduleText`: the module as the core's JSON; `content`: its hash (contentHash); `files`: the module's folder in
/// the site (media, subtitles).
export function coreHost({ core, store, moduleId, moduleText, content, activity, settings, files }) {
  const key = `${moduleId}/${activity}`;
  let session = null;

  function ask(log) {
    return core.present(moduleText, { activity, session, settings: settings(), utcOffset: utcOffset(), log });
  }

  function refused(answer) {
    const code = answer?.error ?? 'no-answer';
    return Object.assign(new Error(t('coreRefused', { code })), { code });
  }

  async function present() {
    const log = await store.log(key);
    let answer = ask(log);
    if (!answer || answer.error) {
      // Refused because of the entry just stored (the core names the entry it refused)? Then the log without it
      // still plays: that entry was never shown as taken, so it goes, and the activity goes on from the view
      // before it, with a word to the learner.
      const last = answer?.entry === log.length - 1 && log.length > 1;
      const before = last ? ask(log.slice(0, -1)) : null;
      if (!before || before.error) throw refused(answer);
      await store.removeLast(key);
      answer = { ...before, effects: [], message: { text: t('notTaken', { code: answer?.error ?? 'no-answer' }), tone: 'bad' } };
    }
    // The renderers send events only once they know a session: the activity's key stands for it here.
    return { ...answer, session: key };
  }

  async function now() {
    const last = (await store.log(key)).at(-1)?.at ?? 0;
    return Math.max(Math.round(Date.now()), Math.round(last));
  }

  /// Stores `entry`, then presents the log it ends. Its time is now, or the last entry's if that is later (a clock set
  /// back, a log loaded from a device whose clock ran ahead, another tab): a log never goes back in time. Whole
  /// milliseconds, as the core reads them.
  async function record(entry, { recording = null, newSession: created = null } = {}) {
    try {
      await store.append(key, { at: await now(), ...entry }, { recording, session: created, content });
    } catch (error) {
      throw Object.assign(new Error(t('notSaved', { reason: error?.message ?? error })), { code: 'not-saved' });
    }
    return present();
  }

  /// The file name of a recording: chosen here, from the key and the time, never from the module's text.
  function recordingName(line, blob) {
    const extension = /wav/.test(blob.type) ? 'wav' : /ogg/.test(blob.type) ? 'ogg' : /mp4/.test(blob.type) ? 'm4a' : 'webm';
    return `${key.replace('/', '-')}-${String(line).replace(/[^A-Za-z0-9_-]/g, '')}-${Date.now()}.${extension}`;
  }

  const transport = {
    // Opening (or reopening) the activity: the first open of all starts its first attempt.
    async start() {
      let stored = await store.sessionRecord(key);
      // The module was exported again with other content: the log may not mean the same any more. It is set aside
      // (kept in this browser, no longer played) and the activity starts afresh, saying so.
      const changed = Boolean(stored?.content && content && stored.content !== content);
      if (changed) {
        await store.setAside(key, `content ${stored.content} became ${content}`);
        stored = null;
      } else if (stored && !stored.content && content) {
        await store.setContent(key, content);
      }
      session = stored?.session ?? newSession();
      // The first open stores the session with it, in one transaction.
      const answer = await record({ open: {} }, { newSession: stored ? null : session });
      return changed ? { ...answer, message: { text: t('contentChanged'), tone: 'accent' } } : answer;
    },
    event: (_, event) => record({ event }),
    async recording(_, line, blob, extra = '') {
      if (/(^|&)failed=1/.test(extra)) return record({ recordingFailed: { line, reason: await blob.text() } });
      const file = recordingName(line, blob);
      return record({ recorded: { line, file } }, { recording: { file, blob } });
    },
  };

  // The learner's last recording of `line`, from the log, as an address Web Audio can fetch.
  let lastURL = null;
  async function recordingURL(line) {
    const log = await store.log(key);
    const last = log.filter((entry) => entry.recorded?.line === line).pop();
    const blob = last ? await store.recording(last.recorded.file) : null;
    if (!blob) throw new Error(`no recording of line ${line} is kept in this browser`);
    if (lastURL) URL.revokeObjectURL(lastURL);
    lastURL = URL.createObjectURL(blob);
    return lastURL;
  }

  /// The learner goes back to the lesson: stored, so that an activity without a score counts as visited and its
  /// next opening starts a new visit, as in the terminal player. A tab closed or killed stores none: its visit
  /// carries on. Only an activity that was opened is left.
  async function leave() {
    if (!session) return;
    await store.append(key, { at: await now(), leave: {} });
  }

  return {
    transport,
    leave,
    mediaURL: (path) => `${files}media/${String(path).split('/').map(encodeURIComponent).join('/')}`,
    subtitlesURL: `${files}subtitles.vtt`,
    recordingURL,
    words: { restart: t('openAgain'), restartTitle: t('openAgainTitle'), region: (title) => title },
  };
}
