// The service worker: once the page has been opened, it keeps every file of the site (the page, the core, each
// lesson's content, subtitles and media, all listed in manifest.json) in a cache named after the export's version,
// and answers from there first, so the lessons work without a network. A new export has a new version: its worker
// caches it afresh and removes the caches of older ones.

const PREFIX = 'lessonpack-web-';
let kept = null; // The name of the cache holding every file, once it does.

async function keepEverything() {
  const response = await fetch('manifest.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`manifest.json: ${response.status}`);
  const manifest = await response.clone().json();
  const name = PREFIX + manifest.version;
  const cache = await caches.open(name);
  await cache.put('manifest.json', response);
  // One file at a time, skipping those kept already (a worker restarted mid-way goes on where it stopped).
  for (const file of ['./', ...manifest.files]) {
    if (await cache.match(file)) continue;
    const answer = await fetch(file, { cache: 'no-store' });
    if (!answer.ok) throw new Error(`${file}: ${answer.status}`);
    await cache.put(file, answer);
  }
  kept = name;
  return name;
}

async function tellPages() {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage({ type: 'cached' });
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepEverything().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const current = kept ?? PREFIX + (await (await caches.match('manifest.json'))?.json())?.version;
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== current) await caches.delete(name);
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

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cached = await caches.match(request, { ignoreSearch: true, ignoreVary: true });
    if (!cached) return fetch(request);
    const range = request.headers.get('Range');
    return (range && (await partOf(cached.clone(), range))) || cached;
  })());
});
