// The service worker: once the page has been opened, it keeps every file of the site (the page, the core, each
// lesson's content, subtitles and media, all listed in manifest.json) in a cache named after the export's version,
// and answers from there first, so the lessons work without a network. A new export has a new version: its worker
// caches it afresh, takes over the open pages and removes the caches of older ones. A page it takes over from an
// older worker reloads itself (player.js, on `controllerchange`, once its last entry is stored), so no page goes on
// with the old version's files mixed with the new.

const PREFIX = 'lessonpack-web-';
// The page registers the worker as sw.js?v=VERSION: each export's worker keeps its files under its own name.
const CACHE = PREFIX + (new URL(self.location.href).searchParams.get('v') ?? 'unversioned');

async function keepEverything() {
  const response = await fetch('manifest.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`manifest.json: ${response.status}`);
  const manifest = await response.clone().json();
  const cache = await caches.open(CACHE);
  await cache.put('manifest.json', response);
  // One file at a time, skipping those kept already (a worker restarted mid-way goes on where it stopped).
  for (const file of ['./', ...manifest.files]) {
    if (await cache.match(file)) continue;
    const answer = await fetch(file, { cache: 'no-store' });
    if (!answer.ok) throw new Error(`${file}: ${answer.status}`);
    await cache.put(file, answer);
  }
}

async function tellPages() {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage({ type: 'cached' });
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepEverything().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
    await tellPages();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'cached?') event.waitUntil(tellPages());
});

/// A part of a kept file, for a media element's range request (video seeks ask for one).
async function partOf(response, range) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range ?? '');
  const body = await response.blob();
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start = match[1] === '' ? Math.max(0, body.size - Number(match[2])) : Number(match[1]);
  let end = match[1] !== '' && match[2] !== '' ? Math.min(Number(match[2]), body.size - 1) : body.size - 1;
  if (start >= body.size || start > end) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${body.size}` } });
  }
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${body.size}`,
      'Content-Length': String(end - start + 1),
      'Accept-Ranges': 'bytes',
    },
  });
}

/// manifest.json from the network when there is one, so that the page learns of a new export (and registers its
/// worker); from the cache when there is none.
async function freshManifest(request) {
  try {
    const answer = await fetch(request, { cache: 'no-store' });
    if (answer.ok) return answer;
  } catch { /* offline: the kept one */ }
  return (await (await caches.open(CACHE)).match(request, { ignoreSearch: true })) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith('/manifest.json')) {
    event.respondWith(freshManifest(request));
    return;
  }
  event.respondWith((async () => {
    const cached = await (await caches.open(CACHE)).match(request, { ignoreSearch: true, ignoreVary: true });
    if (!cached) return fetch(request);
    const range = request.headers.get('Range');
    return (range && (await partOf(cached.clone(), range))) || cached;
  })());
});
