// SCORM 1.2: the page as a SCO. It finds the LMS's API object as the Run-Time Environment says (the window's
// parents, then the opener's), and reports through it: cmi.core.lesson_status and cmi.core.score.* from the
// module's state, the learner's progress in cmi.suspend_data (compressed to fit SCORM's 4,096 characters), and on
// leaving cmi.core.exit "suspend", the session's time, LMSCommit and LMSFinish. The next launch reads
// cmi.suspend_data back into the browser's store before the player starts.

export const SUSPEND_LIMIT = 4096;
// The first character says how the rest is written: '1' is version 1, deflated JSON in base64.
const FORMAT = '1';

/// The API object: up the chain of parents (at most 7 steps, as the RTE's own example does), then the opener's.
export function findAPI(start = window) {
  function search(win) {
    let tries = 0;
    while (win && !win.API && win.parent && win.parent !== win && tries < 7) {
      tries += 1;
      win = win.parent;
    }
    return win?.API ?? null;
  }
  try {
    return search(start) ?? (start.opener ? search(start.opener) : null);
  } catch {
    return null; // a window of another origin: no API this page may use
  }
}

// -------------------------------------------------------------------------------------------------------------------
// cmi.suspend_data: this module's sessions and logs, written compactly. Each entry is [milliseconds since the one
// before, kind, ...what it holds]; the JSON is deflated and written in base64, whose characters any LMS keeps.

// New kinds go at the end: a kind's number is in suspend_data already written.
const kinds = ['open', 'event', 'recorded', 'recordingFailed', 'leave'];

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function inflate(base64) {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

function packLog(log) {
  let previous = 0;
  return log.map((entry) => {
    const kind = kinds.findIndex((name) => name in entry);
    const delta = entry.at - previous;
    previous = entry.at;
    const body = entry[kinds[kind]];
    if (kind === 0 || kind === 4) return [delta, kind];
    if (kind === 1) return [delta, 1, body];
    return [delta, kind, body.line, kind === 2 ? body.file : body.reason];
  });
}

function unpackLog(packed) {
  let at = 0;
  return packed.map(([delta, kind, first, second]) => {
    at += delta;
    if (kind === 0) return { at, open: {} };
    if (kind === 4) return { at, leave: {} };
    if (kind === 1) return { at, event: first };
    if (kind === 2) return { at, recorded: { line: first, file: second } };
    return { at, recordingFailed: { line: first, reason: second } };
  });
}

/// This module's progress as suspend_data, with as many activities as fit in `limit` characters: when all do not,
/// the activities touched longest ago are left out (they stay in this browser), and `partial` says so.
export async function encodeProgress(store, moduleId, activities, limit = SUSPEND_LIMIT) {
  const kept = [];
  for (const activity of activities) {
    const key = `${moduleId}/${activity}`;
    const [session, log] = await Promise.all([store.session(key), store.log(key)]);
    if (session && log.length) kept.push({ activity, session, log, last: log[log.length - 1].at });
  }
  kept.sort((a, b) => b.last - a.last);
  for (let count = kept.length; count >= 0; count -= 1) {
    const chosen = kept.slice(0, count);
    const data = { a: chosen.map(({ activity, session, log }) => [activity, session, packLog(log)]) };
    if (count < kept.length) data.p = 1;
    const text = FORMAT + await deflate(JSON.stringify(data));
    if (text.length <= limit) return { text, partial: count < kept.length, left: kept.length - count };
  }
  return { text: '', partial: kept.length > 0, left: kept.length };
}

/// suspend_data read back: each activity's session and log; null for data this page did not write.
export async function decodeProgress(text) {
  if (typeof text !== 'string' || !text.startsWith(FORMAT)) return null;
  try {
    const data = JSON.parse(await inflate(text.slice(FORMAT.length)));
    if (!Array.isArray(data?.a)) return null;
    return data.a.filter((item) => Array.isArray(item) && typeof item[0] === 'string' && /^\d{1,20}$/.test(item[1])
      && Array.isArray(item[2])).map(([activity, session, packed]) => ({ activity, session, log: unpackLog(packed) }));
  } catch {
    return null;
  }
}

function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/// Puts what the LMS kept into the browser's store, activity by activity, where it holds more than the browser
/// does (another computer, a cleared browser); a longer log here is the newer one and is kept.
export async function restoreProgress(store, moduleId, restored) {
  for (const { activity, session, log } of restored) {
    const key = `${moduleId}/${activity}`;
    if ((await store.log(key)).length >= log.length) continue;
    const transaction = store.database.transaction(['sessions', 'entries'], 'readwrite');
    const entries = transaction.objectStore('entries');
    const keys = await promised(entries.index('byKey').getAllKeys(IDBKeyRange.only(key)));
    for (const primary of keys) entries.delete(primary);
    transaction.objectStore('sessions').put({ key, session });
    for (const entry of log) entries.add({ key, entry });
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }
}

/// CMITimespan: HHHH:MM:SS.SS.
export function timespan(milliseconds) {
  const total = Math.max(0, milliseconds) / 1000;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = (total % 60).toFixed(2).padStart(5, '0');
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${seconds}`;
}

export async function connectScorm({ store, moduleId, module, state, say }) {
  const api = findAPI();
  if (!api) return null;
  const failure = (call) => {
    const code = String(api.LMSGetLastError());
    return Object.assign(new Error(`${call}: ${code} ${api.LMSGetErrorString(code)}`), { code: `scorm-${code}` });
  };
  if (String(api.LMSInitialize('')) !== 'true') throw failure('LMSInitialize');
  const set = (element, value) => {
    if (String(api.LMSSetValue(element, String(value))) !== 'true') throw failure(`LMSSetValue ${element}`);
  };
  const started = Date.now();
  const restored = await decodeProgress(String(api.LMSGetValue('cmi.suspend_data') ?? ''));
  if (restored) await restoreProgress(store, moduleId, restored);

  let lastSuspend = null;
  let finished = false;
  return {
    name: 'scorm12',
    // Where the learner was (an address in the page, such as #/MODULE/test), kept in cmi.core.lesson_location.
    place: String(api.LMSGetValue('cmi.core.lesson_location') ?? ''),
    async report() {
      if (finished) return;
      const now = await state();
      set('cmi.core.lesson_status', !now.completed ? 'incomplete' : now.passed == null ? 'completed' : now.passed ? 'passed' : 'failed');
      if (now.percent != null) {
        set('cmi.core.score.min', 0);
        set('cmi.core.score.max', 100);
        set('cmi.core.score.raw', now.percent);
      }
      const suspended = await encodeProgress(store, moduleId, module.activities);
      if (suspended.text !== lastSuspend) {
        set('cmi.suspend_data', suspended.text);
        lastSuspend = suspended.text;
      }
      if (suspended.partial) say('tooLong', {}, 'accent');
      document.documentElement.dataset.lmsSuspendPartial = suspended.partial ? 'true' : 'false';
      if (location.hash.length <= 255) set('cmi.core.lesson_location', location.hash);
      if (String(api.LMSCommit('')) !== 'true') throw failure('LMSCommit');
    },
    finish() {
      if (finished) return;
      finished = true;
      // Every call is tried: a refusal of one must not keep the LMS from hearing the rest.
      api.LMSSetValue('cmi.core.exit', 'suspend');
      api.LMSSetValue('cmi.core.session_time', timespan(Date.now() - started));
      api.LMSCommit('');
      api.LMSFinish('');
    },
  };
}
