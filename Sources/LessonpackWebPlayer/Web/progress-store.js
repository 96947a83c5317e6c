// The learner's progress in IndexedDB: per module and activity, the session's seed and the log of what the learner
// did, in order. The learning core keeps nothing; it replays the log. An entry is stored (its transaction complete)
// before the core is given it, as the terminal player stores an action before applying it, so every answer the page
// has shown as taken survives a closed or killed tab.

const DATABASE = 'lessonpack-web';
const VERSION = 2;
export const PROGRESS_FORMAT = 'lessonpack-web-progress';

function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('the transaction was aborted'));
  });
}

/// A fresh session seed: 64 random bits, as a decimal string (the core reads a UInt64 written in decimal).
export function newSession() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

export class ProgressStore {
  constructor(database) {
    this.database = database;
  }

  /// `blocked` is called while another tab holding an older version of the database open keeps it from changing.
  static async open({ blocked = () => {} } = {}) {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    const request = indexedDB.open(DATABASE, VERSION);
    request.onblocked = () => blocked();
    request.onupgradeneeded = (event) => {
      const database = request.result;
      if (event.oldVersion < 1) {
        // `key` is "module/activity": module ids are checked by the export (letters, digits, '-', '_', '.').
        database.createObjectStore('sessions', { keyPath: 'key' });
        database.createObjectStore('entries', { autoIncrement: true }).createIndex('byKey', 'key');
        database.createObjectStore('recordings', { keyPath: 'file' });
      }
      // The logs set aside when their module's content changed: each a whole session, kept, no longer played.
      if (event.oldVersion < 2) database.createObjectStore('setAside', { autoIncrement: true });
    };
    const database = await promised(request);
    // A newer page wants to change the database: this one lets it (its next store fails, saying so) and reloads,
    // to be that newer page too.
    database.onversionchange = () => {
      database.close();
      if (typeof location !== 'undefined') location.reload();
    };
    return new ProgressStore(database);
  }

  /// The session of `key`, or null before the activity was first opened.
  async session(key) {
    return (await this.sessionRecord(key))?.session ?? null;
  }

  /// `{ key, session, content }`: `content` is the hash of the module's core.json the session was played with
  /// (absent in a session stored before the page kept it).
  async sessionRecord(key) {
    return (await promised(this.database.transaction('sessions').objectStore('sessions').get(key))) ?? null;
  }

  /// Records the content a session stored without one is played with.
  async setContent(key, content) {
    const transaction = this.database.transaction('sessions', 'readwrite');
    const store = transaction.objectStore('sessions');
    const request = store.get(key);
    request.onsuccess = () => { if (request.result) store.put({ ...request.result, content }); };
    await finished(transaction);
  }

  /// Moves `key`'s session and log, whole, to the set-aside logs (its module's content changed: the log may not
  /// mean the same any more), in one transaction; the activity's next open starts a new session.
  async setAside(key, reason) {
    const transaction = this.database.transaction(['sessions', 'entries', 'setAside'], 'readwrite', { durability: 'strict' });
    const sessions = transaction.objectStore('sessions');
    const found = sessions.get(key);
    found.onsuccess = () => {
      if (!found.result) return;
      const entries = [];
      const cursor = transaction.objectStore('entries').index('byKey').openCursor(IDBKeyRange.only(key));
      cursor.onsuccess = () => {
        const row = cursor.result;
        if (row) {
          entries.push(row.value.entry);
          row.delete();
          row.continue();
          return;
        }
        transaction.objectStore('setAside').add({ ...found.result, reason, setAsideAt: new Date().toISOString(), entries });
        sessions.delete(key);
      };
    };
    await finished(transaction);
  }

  /// Stores one entry of `key`'s log, with a recording's file (`recording`) or the activity's new session
  /// (`session`, the first time it is opened) in the same transaction; resolves once the transaction is complete,
  /// not before. A session already stored is kept: `add` of a second one aborts the transaction.
  async append(key, entry, { recording = null, session = null, content = null } = {}) {
    const stores = ['entries', ...(recording ? ['recordings'] : []), ...(session ? ['sessions'] : [])];
    const transaction = this.database.transaction(stores, 'readwrite', { durability: 'strict' });
    if (session) transaction.objectStore('sessions').add({ key, session, ...(content ? { content } : {}) });
    transaction.objectStore('entries').add({ key, entry });
    if (recording) transaction.objectStore('recordings').put(recording);
    await finished(transaction);
  }

  /// Removes the last entry of `key`'s log (one the core refused, never shown as taken), with its recording.
  async removeLast(key) {
    const transaction = this.database.transaction(['entries', 'recordings'], 'readwrite', { durability: 'strict' });
    const index = transaction.objectStore('entries').index('byKey');
    const cursor = await promised(index.openCursor(IDBKeyRange.only(key), 'prev'));
    if (cursor) {
      const file = cursor.value.entry?.recorded?.file;
      cursor.delete();
      if (file) transaction.objectStore('recordings').delete(file);
    }
    await finished(transaction);
  }

  /// `key`'s log, in the order it was written.
  async log(key) {
    const index = this.database.transaction('entries').objectStore('entries').index('byKey');
    const rows = await promised(index.getAll(IDBKeyRange.only(key)));
    return rows.map((row) => row.entry);
  }

  async recording(file) {
    return (await promised(this.database.transaction('recordings').objectStore('recordings').get(file)))?.blob ?? null;
  }

  /// Everything as a progress file: the sessions and the logs (recordings stay in this browser: they are large, and
  /// the log says what each was without them; so do the logs set aside).
  async exportAll() {
    const transaction = this.database.transaction(['sessions', 'entries']);
    const [sessions, entries] = await Promise.all([
      promised(transaction.objectStore('sessions').getAll()),
      promised(transaction.objectStore('entries').getAll()),
    ]);
    return { format: PROGRESS_FORMAT, version: 1, exported: new Date().toISOString(), sessions, entries };
  }

  /// Replaces the sessions and logs with a progress file's content, in one transaction: all of it or none. The
  /// recordings stay: a learner loading their own file in the same browser keeps every recording its log names.
  async importAll(file) {
    const checked = checkProgressFile(file);
    const transaction = this.database.transaction(['sessions', 'entries'], 'readwrite');
    for (const name of ['sessions', 'entries']) transaction.objectStore(name).clear();
    for (const session of checked.sessions) transaction.objectStore('sessions').add(session);
    for (const row of checked.entries) transaction.objectStore('entries').add(row);
    await finished(transaction);
  }
}

const keyPattern = /^[A-Za-z0-9_.-]{1,128}\/[a-z][a-z-]{0,31}$/;
const entryKinds = ['open', 'leave', 'event', 'recorded', 'recordingFailed'];
const contentPattern = /^[a-z0-9]{1,16}:[0-9a-f]{8,64}$/;

/// A hash of a module's core.json, as fetched: SHA-256 where the page may use crypto.subtle (a secure context), else
/// 64-bit FNV-1a, each named, for noticing that a re-export changed the content (not for security).
export async function contentHash(bytes) {
  const hex = (array) => [...array].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  if (globalThis.crypto?.subtle) return 'sha256:' + hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  let hash = 0xcbf29ce484222325n;
  for (const byte of new Uint8Array(bytes)) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return 'fnv1a64:' + hash.toString(16).padStart(16, '0');
}

/// A progress file read back: its shape checked, every entry an object with a time and one known kind, so that a
/// file from elsewhere is refused as a whole rather than half imported. The core checks each event again.
export function checkProgressFile(file) {
  const fail = (reason) => { throw Object.assign(new Error(reason), { code: 'progress-file-invalid' }); };
  if (!file || typeof file !== 'object' || file.format !== PROGRESS_FORMAT) fail('its format is not ' + PROGRESS_FORMAT);
  if (file.version !== 1) fail(`version ${file.version} is not one this page reads`);
  if (!Array.isArray(file.sessions) || !Array.isArray(file.entries)) fail('it has no sessions or entries');
  const sessions = file.sessions.map((session) => {
    if (typeof session?.key !== 'string' || !keyPattern.test(session.key)) fail('a session has no valid key');
    if (typeof session.session !== 'string' || !/^\d{1,20}$/.test(session.session)) fail(`${session.key}: the session is not a number`);
    if (session.content !== undefined && (typeof session.content !== 'string' || !contentPattern.test(session.content))) {
      fail(`${session.key}: the content's hash is not one`);
    }
    return { key: session.key, session: session.session, ...(session.content ? { content: session.content } : {}) };
  });
  const keys = new Set(sessions.map((session) => session.key));
  if (keys.size !== sessions.length) fail('a session is there twice');
  const entries = file.entries.map((row) => {
    if (typeof row?.key !== 'string' || !keys.has(row.key)) fail('an entry belongs to no session');
    const entry = row.entry;
    if (!entry || typeof entry !== 'object' || !Number.isSafeInteger(entry.at)) fail(`${row.key}: an entry has no time`);
    const kinds = Object.keys(entry).filter((name) => name !== 'at');
    if (kinds.length !== 1 || !entryKinds.includes(kinds[0])) fail(`${row.key}: an entry is of no known kind`);
    return { key: row.key, entry };
  });
  return { sessions, entries };
}
