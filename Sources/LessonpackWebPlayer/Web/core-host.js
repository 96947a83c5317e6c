// What the shared activity renderers (preview*.js) talk to in the web player: instead of the studio's server, the
// learning core in the page. Each request becomes one entry of the activity's log, stored first, then the whole log
// is given to the core, which replays it and answers the view, the effects of the last entry and the message.

import { t } from './ui-strings.js';
import { newSession } from './progress-store.js';

/// Seconds east of UTC here, for the times the presenters show (a result's date).
export function utcOffset() {
  return -new Date().getTimezoneOffset() * 60;
}

/// `moduleText`: the module as the core's JSON; `files`: the module's folder in the site (media, subtitles).
export function coreHost({ core, store, moduleId, moduleText, activity, settings, files }) {
  const key = `${moduleId}/${activity}`;
  let session = null;

  async function present() {
    const log = await store.log(key);
    const answer = core.present(moduleText, { activity, session, settings: settings(), utcOffset: utcOffset(), log });
    if (!answer || answer.error) {
      const code = answer?.error ?? 'no-answer';
      throw Object.assign(new Error(t('coreRefused', { code })), { code });
    }
    // The renderers send events only once they know a session: the activity's key stands for it here.
    return { ...answer, session: key };
  }

  /// Stores `entry` (stamped with the time now), then presents the log it ends.
  async function record(entry, { recording = null, newSession: created = null } = {}) {
    try {
      await store.append(key, { at: Date.now(), ...entry }, { recording, session: created });
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
      const stored = await store.session(key);
      session = stored ?? newSession();
      // The first open stores the session with it, in one transaction.
      return record({ open: {} }, { newSession: stored ? null : session });
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
    await store.append(key, { at: Date.now(), leave: {} });
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
