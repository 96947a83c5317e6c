// Every request the page makes goes through here, so that every one carries the session token and every failure
// arrives as an ApiError with the server's code and message (docs/studio-api.md). The token comes in the address
// (`/?token=…`); it is kept in this module and in sessionStorage (a reload of the tab keeps working) and taken out of
// the address bar, so it is not left in the history, a bookmark or a screenshot.

const TOKEN_HEADER = "X-Lessonpack-Token";
const STORAGE_KEY = "lessonpack-studio-token";

let token = takeToken();

function takeToken() {
  const params = new URLSearchParams(location.search);
  const fromAddress = params.get("token");
  if (fromAddress) {
    try { sessionStorage.setItem(STORAGE_KEY, fromAddress); } catch { /* storage disabled: the variable is enough */ }
    params.delete("token");
    const query = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
    return fromAddress;
  }
  try { return sessionStorage.getItem(STORAGE_KEY) ?? ""; } catch { return ""; }
}

/** Whether the page has a token at all (without one, every request fails with 403). */
export function hasToken() { return token !== ""; }

/** A failed request: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiError extends Error {
  constructor(status, code, message, body = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** What request() needs of an answer, its body read (first-request.js reads its answer the same way). */
async function read(response) {
  return { ok: response.ok, status: response.status, statusText: response.statusText, text: await response.text() };
}

/**
 * `GET /api/start`'s answer as the page was loaded, which the studio puts at the end of the page when it is opened
 * from the address it printed ("" otherwise). Taken out of the page at once: module scripts run once the page is
 * parsed, so it is complete here, and it must not outlive the page's first request.
 */
let heldAnswer = takeHeldAnswer();

function takeHeldAnswer() {
  const held = document.getElementById("first-answer");
  held?.remove();
  return held?.textContent ?? "";
}

/**
 * The answer to `GET path` when the page already has it, taken once: the held answer, or the one first-request.js
 * asked for.
 */
function takeFirstRequest(method, path) {
  // Only the page's very first request may take it: an answer kept for later would be stale by then.
  const first = window.lessonpackFirstRequest;
  window.lessonpackFirstRequest = null;
  const held = heldAnswer;
  heldAnswer = "";
  const started = window.lessonpackRequestsStarted;
  window.lessonpackRequestsStarted = true;
  if (started || method !== "GET") return null;
  if (path === "/api/start" && held) return Promise.resolve({ ok: true, status: 200, statusText: "OK", text: held });
  if (!first || first.path !== path || first.token !== token) return null;
  return first.response;
}

/** After the page's first route: an answer it did not take (its address named no route) would only grow stale. */
export function forgetFirstAnswers() {
  heldAnswer = "";
  window.lessonpackFirstRequest = null;
  window.lessonpackRequestsStarted = true;
}

/**
 * Sends one request. `json` is sent as JSON; `body` (a Blob or File) as raw bytes. Answers the parsed JSON body;
 * throws ApiError for a failure, with the body kept (a 409 carries the state on disk).
 */
export async function request(method, path, { json, body, signal } = {}) {
  const headers = { [TOKEN_HEADER]: token, Accept: "application/json" };
  let payload;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(json);
  } else if (body !== undefined) {
    headers["Content-Type"] = body.type || "application/octet-stream";
    payload = body;
  }
  let response;
  try {
    response = await (takeFirstRequest(method, path) ??
      fetch(path, { method, headers, body: payload, signal, credentials: "same-origin", cache: "no-store" }).then(read));
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, "unreachable", "The studio is not answering. Is `lessonpack studio` still running?");
  }
  const text = response.text;
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    const error = data?.error;
    const message = error?.message ?? `${response.status} ${response.statusText}${text && !data ? `: ${text.slice(0, 200)}` : ""}`;
    throw new ApiError(response.status, error?.code ?? `http-${response.status}`, message, data);
  }
  return data;
}

const moduleBase = (key) => `/api/modules/${encodeURIComponent(key)}`;

function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(name, value);
  }
  return search.toString();
}

export const api = {
  /** Any request with the token (the preview posts a failed recording's reason through it). */
  request: (method, path, options) => request(method, path, options),
  listModules: () => request("GET", "/api/modules"),
  /** The list, and the state of the module when the studio holds only one: a first load in one request. */
  start: () => request("GET", "/api/start"),
  createModule: (name, title) => request("POST", "/api/modules", { json: { name, title } }),
  /** A video for New module from a document, kept by the studio until the module is made: answers `{video}`. */
  stageVideo: (name, file) => request("POST", `/api/staged-videos?${query({ name })}`, { body: file }),
  /** New module from a document: `document` a File, or `text` the pasted lesson. */
  createFromLesson: ({ name, title, document, text, video, speak }) =>
    request("POST", `/api/modules/from-lesson?${query({ name, title: title || undefined,
      document: document ? document.name : undefined, pasted: document ? undefined : "1", video, speak: speak ? "1" : undefined })}`,
    { body: document ?? new Blob([text], { type: "text/plain;charset=utf-8" }) }),
  speak: (key, field) => request("POST", `${moduleBase(key)}/speak?${query({ field })}`),
  /** Time lines from the video: answers the new state and `timed` ({timed, uncertain, placeholdersRemoved}). */
  align: (key) => request("POST", `${moduleBase(key)}/align`),
  state: (key) => request("GET", moduleBase(key)),
  save: (key, revision, module) => request("PUT", moduleBase(key), { json: { revision, module } }),
  undo: (key, revision) => request("POST", `${moduleBase(key)}/undo`, { json: { revision } }),
  redo: (key, revision) => request("POST", `${moduleBase(key)}/redo`, { json: { revision } }),
  reload: (key) => request("POST", `${moduleBase(key)}/reload`, { json: {} }),
  revision: (key, signal) => request("GET", `${moduleBase(key)}/revision`, { signal }),
  uploadMedia: (key, folder, name, file, replace = false) =>
    request("POST", `${moduleBase(key)}/media?${query({ folder, name, replace: replace ? "1" : undefined })}`, { body: file }),
  deleteMedia: (key, path) => request("DELETE", `${moduleBase(key)}/media?${query({ path })}`),
  rescanMedia: (key) => request("POST", `${moduleBase(key)}/media/scan`),
  build: (key, keyFile) => request("POST", `${moduleBase(key)}/build`, { json: keyFile ? { keyFile } : {} }),
  /** `name` null: a lesson pasted into the page (`file` is then a Blob of its text). */
  importFile: (key, kind, target, name, file, objective) =>
    request("POST", `${moduleBase(key)}/import?${query({ kind, target, name: name ?? undefined, objective,
      pasted: name === null ? "1" : undefined })}`, { body: file }),
  preview: (key, activity, seed) =>
    request("POST", `${moduleBase(key)}/preview`, { json: seed === undefined ? { activity } : { activity, seed } }),
  previewEvent: (session, event) =>
    request("POST", `/api/preview/${encodeURIComponent(session)}/event`, { json: { event } }),
  previewRecording: (session, line, blob) =>
    request("POST", `/api/preview/${encodeURIComponent(session)}/recording?${query({ line })}`, { body: blob }),
  /** Where the browser loads a media file from (the session cookie authorises <video> and <audio> requests). */
  mediaURL: (key, path) => `/media/${encodeURIComponent(key)}/${path.split("/").map(encodeURIComponent).join("/")}`,
  subtitlesURL: (key) => `${moduleBase(key)}/subtitles.vtt`,
};
