// The web player's core host (Sources/LessonpackWebPlayer/Web/core-host.js) with a stand-in core and an in-memory
// store, under Node: how entries are stamped, what happens when the core refuses the entry just stored, and how a
// module of other content sets a log aside. Run by Tests/LessonpackWebPlayerTests/CoreHostTests.swift; the real core
// and IndexedDB are the browser test's (Tests/Browser/web_player_browser_check.py).
//
//   node core-host-check.mjs <the folder Web/>

import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

globalThis.navigator ??= { languages: ['en'] };
const web = process.argv[2];
const { coreHost } = await import(pathToFileURL(path.join(web, 'core-host.js')));
const { contentHash, checkProgressFile } = await import(pathToFileURL(path.join(web, 'progress-store.js')));

/// IndexedDB's part that the host uses, in memory.
function memoryStore() {
  const logs = new Map();
  const sessions = new Map();
  const asideLogs = [];
  return {
    logs, sessions, asideLogs,
    async log(key) { return [...(logs.get(key) ?? [])]; },
    async sessionRecord(key) { return sessions.get(key) ?? null; },
    async session(key) { return sessions.get(key)?.session ?? null; },
    async append(key, entry, { session = null, content = null } = {}) {
      if (session) {
        assert.ok(!sessions.has(key), 'a second session was added');
        sessions.set(key, { key, session, ...(content ? { content } : {}) });
      }
      logs.set(key, [...(logs.get(key) ?? []), entry]);
    },
    async removeLast(key) { logs.get(key).pop(); },
    async setContent(key, content) { sessions.set(key, { ...sessions.get(key), content }); },
    async setAside(key, reason) {
      asideLogs.push({ ...sessions.get(key), reason, entries: logs.get(key) ?? [] });
      sessions.delete(key);
      logs.delete(key);
    },
  };
}

/// A core that refuses, as the real one does, an event it does not know, naming the entry.
const core = {
  present(_, request) {
    const refused = request.log.findIndex((entry) => entry.event?.dance);
    if (refused >= 0) return { error: 'malformed-event', entry: refused };
    return { view: { entries: request.log.length }, effects: [{ play: request.log.length }], message: null };
  },
};

function host(store, content) {
  return coreHost({ core, store, moduleId: 'm', moduleText: '{}', content, activity: 'video-task',
    settings: () => ({}), files: 'modules/m/' });
}

const key = 'm/video-task';

// Stamps: whole milliseconds, never before the last entry's (a log whose last entry is an hour ahead).
{
  const store = memoryStore();
  const page = host(store, 'sha256:aa');
  await page.transport.start();
  assert.equal(store.sessions.get(key).content, 'sha256:aa');
  const ahead = Date.now() + 3_600_000.4;
  store.logs.get(key)[0].at = ahead;
  const answer = await page.transport.event(null, { cycle: { _0: 0 } });
  assert.equal(answer.view.entries, 2);
  const times = store.logs.get(key).map((entry) => entry.at);
  assert.ok(Number.isSafeInteger(times[1]), `not whole milliseconds: ${times}`);
  assert.ok(times[1] >= ahead - 1, `went back in time: ${times}`);
}

// A refused last entry: removed, the view before it shown without its effects, a plain message; the next goes on.
{
  const store = memoryStore();
  const page = host(store, 'sha256:aa');
  await page.transport.start();
  await page.transport.event(null, { cycle: { _0: 0 } });
  const refused = await page.transport.event(null, { dance: {} });
  assert.equal(store.logs.get(key).length, 2, 'the refused entry is still in the log');
  assert.equal(refused.view.entries, 2);
  assert.deepEqual(refused.effects, []);
  assert.equal(refused.message.tone, 'bad');
  assert.match(refused.message.text, /not kept \(malformed-event\)/);
  const next = await page.transport.event(null, { cycle: { _0: 1 } });
  assert.equal(next.view.entries, 3);
  assert.equal(next.message, null);
}

// A refusal of an older entry is not the last entry's: nothing is removed, the error is thrown.
{
  const store = memoryStore();
  const page = host(store, 'sha256:aa');
  await page.transport.start();
  store.logs.get(key).push({ at: Date.now(), event: { dance: {} } });
  await assert.rejects(page.transport.event(null, { cycle: { _0: 0 } }), /malformed-event/);
  assert.equal(store.logs.get(key).length, 3);
}

// Other content: the log set aside whole, a new session, a message; the same content keeps the session.
{
  const store = memoryStore();
  await host(store, 'sha256:aa').transport.start();
  const first = store.sessions.get(key).session;
  const same = await host(store, 'sha256:aa').transport.start();
  assert.equal(same.message, null);
  assert.equal(store.logs.get(key).length, 2);
  const changed = await host(store, 'sha256:bb').transport.start();
  assert.equal(changed.message.tone, 'accent');
  assert.match(changed.message.text, /changed/);
  assert.equal(store.asideLogs.length, 1);
  assert.equal(store.asideLogs[0].session, first);
  assert.equal(store.asideLogs[0].entries.length, 2);
  assert.equal(store.sessions.get(key).content, 'sha256:bb');
  assert.equal(store.logs.get(key).length, 1);
  // A session stored before the page kept hashes takes the content it is opened with.
  store.sessions.set(key, { key, session: '7' });
  await host(store, 'sha256:cc').transport.start();
  assert.deepEqual(store.sessions.get(key), { key, session: '7', content: 'sha256:cc' });
}

// The hash: SHA-256 where crypto.subtle is, else 64-bit FNV-1a; both known values of "abc".
{
  const bytes = new TextEncoder().encode('abc');
  assert.equal(await contentHash(bytes), 'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  const subtle = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
  try {
    assert.equal(await contentHash(bytes), 'fnv1a64:e71fa2190541574b');
  } finally {
    Object.defineProperty(globalThis, 'crypto', subtle);
  }
}

// A progress file's sessions keep their content's hash; one that is not a hash is refused.
{
  const file = { format: 'lessonpack-web-progress', version: 1, entries: [],
    sessions: [{ key, session: '1', content: 'sha256:' + 'a'.repeat(64) }] };
  assert.equal(checkProgressFile(file).sessions[0].content, 'sha256:' + 'a'.repeat(64));
  assert.throws(() => checkProgressFile({ ...file, sessions: [{ key, session: '1', content: 'x' }] }), /hash/);
}

console.log('core host: all checks passed');
