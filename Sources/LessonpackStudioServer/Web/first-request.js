// The page's first request, sent while its module scripts are still loading rather than after them. This is a classic
// script, run as soon as it arrives; the module scripts run only once the whole page is parsed and every module
// fetched, which on a loaded machine is tens of milliseconds later. It asks for what app.js will ask for first: the
// state of the module the address names, or else the list (with the state of the only module). api.js takes the
// answer, once, for that same request and token; when this did not run, api.js simply sends the request itself.
// Opened from the address the studio printed (the token in it) and naming no module, the page holds the answer to
// that request itself, at its end: then there is nothing to send.

(() => {
  // api.js already sent requests of its own (this script arrived late): nothing to send ahead of it.
  if (window.lessonpackRequestsStarted) return;
  const STORAGE_KEY = "lessonpack-studio-token"; // as api.js keeps it
  let token = new URLSearchParams(location.search).get("token");
  const route = /^#\/([^/]+)/.exec(location.hash);
  if (token && !route) return;
  if (!token) {
    try { token = sessionStorage.getItem(STORAGE_KEY); } catch { token = null; }
  }
  if (!token) return;
  let path = "/api/start";
  if (route) {
    try { path = `/api/modules/${encodeURIComponent(decodeURIComponent(route[1]))}`; } catch { return; }
  }
  // Read to the end here too, in the shape api.js's read() gives, so the body is in hand when app.js asks.
  const response = fetch(path, {
    headers: { "X-Lessonpack-Token": token, Accept: "application/json" },
    credentials: "same-origin",
    cache: "no-store",
  }).then(async (answer) => ({ ok: answer.ok, status: answer.status, statusText: answer.statusText, text: await answer.text() }));
  response.catch(() => {}); // a failure is api.js's to report, when it takes the answer
  window.lessonpackFirstRequest = { path, token, response };
})();
