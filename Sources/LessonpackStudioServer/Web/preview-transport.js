// ---------------------------------------------------------------------------------------------------------------
// Requests. The editor hands us its request helper; two shapes are understood: a generic one (`post(path, json)`,
// `postBytes(path, blob)`, `token`) and the editor's api.js (`preview`, `previewEvent`, `previewRecording`). What
// neither offers is made here with `fetch` and the token header.

/// A request made here: the token header when it is known (a GET is also authorised by the studio's cookie).
export async function request(api, method, path, body, contentType) {
  const headers = { Accept: 'application/json' };
  if (typeof api?.token === 'string' && api.token) headers['X-Lessonpack-Token'] = api.token;
  if (contentType) headers['Content-Type'] = contentType;
  const response = await fetch(path, { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) {
    let error = { code: `http-${response.status}`, message: `${method} ${path}: ${response.status} ${response.statusText}` };
    try {
      const answer = await response.json();
      if (answer?.error) error = { code: answer.error.code ?? error.code, message: answer.error.message ?? error.message };
    } catch { /* not JSON: keep the status */ }
    throw Object.assign(new Error(error.message), { code: error.code, status: response.status });
  }
  return response;
}

/// The three preview requests, through whichever helper the editor gave.
export function transport(api) {
  const has = (name) => typeof api?.[name] === 'function';
  const generic = has('post');
  // A POST with a body that is not JSON: the helper's own way when it has one (it knows the token), else fetch.
  const postBlob = async (path, blob) => {
    if (typeof api?.token !== 'string' && has('request')) return api.request('POST', path, { body: blob });
    if (typeof api?.token !== 'string' && has('postBytes')) return api.postBytes(path, blob);
    const response = await request(api, 'POST', path, blob, blob.type || 'application/octet-stream');
    return response.json();
  };
  return {
    start: (key, activity) => (generic || !has('preview')
      ? api.post(`/api/modules/${encodeURIComponent(key)}/preview`, { activity })
      : api.preview(key, activity)),
    event: (session, event) => (generic || !has('previewEvent')
      ? api.post(`/api/preview/${encodeURIComponent(session)}/event`, { event })
      : api.previewEvent(session, event)),
    /// The body's type is the recorder's: the server keeps the recording as that kind of file.
    recording: (session, line, blob, extra = '') => {
      if (!extra && !generic && has('previewRecording')) return api.previewRecording(session, line, blob);
      return postBlob(`/api/preview/${encodeURIComponent(session)}/recording?line=${encodeURIComponent(line)}${extra}`, blob);
    },
  };
}

