// cmi5: the page as an assignable unit (AU), launched as cmi5 §8 says. The address carries endpoint, fetch, actor,
// registration and activityId; the AU POSTs to the fetch URL once for its token (kept for the session, as a reload
// may not fetch again), reads the LMS's LMS.LaunchData state document (launch mode, returnURL, masteryScore, the
// context template with the session's id), and sends cmi5's defined statements: initialized; completed, passed or
// failed (in Normal mode, each at most once per registration) from the module's state; terminated when the page is
// left. Each answer of a finished test attempt goes as an "allowed" answered statement, in the terminal player's
// vocabulary (LessonpackXAPI), without the cmi5 category.

const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const verb = (name) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });

/// ISO 8601 duration, as xAPI's result.duration: PT12.34S.
function duration(milliseconds) {
  return `PT${(Math.max(0, milliseconds) / 1000).toFixed(2)}S`;
}

function withSlash(address) {
  return address.endsWith('/') ? address : `${address}/`;
}

/// The token: fetched once per launch (the fetch URL answers only once), then kept in this tab's session storage.
async function authToken(fetchURL) {
  const kept = sessionStorage.getItem(`lessonpack-cmi5-token:${fetchURL}`);
  if (kept) return kept;
  const response = await fetch(fetchURL, { method: 'POST' });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || typeof body['auth-token'] !== 'string') {
    throw new Error(`the fetch URL gave no token (${body['error-code'] ?? response.status} ${body['error-text'] ?? ''})`.trim());
  }
  sessionStorage.setItem(`lessonpack-cmi5-token:${fetchURL}`, body['auth-token']);
  return body['auth-token'];
}

/// The item's interaction, as LessonpackXAPI's Interactions writes it: its type and the response in xAPI's form.
function interaction(item, language) {
  const description = { [language]: item.prompt ?? item.id };
  const response = item.response;
  if (response && 'judgement' in response) {
    return { definition: { description, type: 'http://adlnet.gov/expapi/activities/cmi.interaction', interactionType: 'true-false' },
      response: response.judgement == null ? null : String(response.judgement) };
  }
  if (response && 'choice' in response) {
    return { definition: { description, type: 'http://adlnet.gov/expapi/activities/cmi.interaction', interactionType: 'choice' },
      response: `c${response.choice + 1}` };
  }
  if (response && 'text' in response) {
    return { definition: { description, type: 'http://adlnet.gov/expapi/activities/cmi.interaction', interactionType: 'fill-in' },
      response: response.text };
  }
  return null;
}

export async function connectCmi5({ parameters, moduleId, module, state }) {
  const endpoint = withSlash(parameters.get('endpoint'));
  const fetchURL = parameters.get('fetch');
  const actor = JSON.parse(parameters.get('actor'));
  const registration = parameters.get('registration');
  const activityId = parameters.get('activityId');
  const sessionKey = `lessonpack-cmi5:${registration}:${activityId}`;
  if (sessionStorage.getItem(`${sessionKey}:ended:${fetchURL}`)) throw Object.assign(new Error('ended'), { code: 'ended' });
  const token = await authToken(fetchURL);
  const headers = { Authorization: `Basic ${token}`, 'X-Experience-API-Version': '1.0.3' };

  const query = new URLSearchParams({ stateId: 'LMS.LaunchData', activityId, agent: JSON.stringify(actor), registration });
  const launchResponse = await fetch(`${endpoint}activities/state?${query}`, { headers });
  if (!launchResponse.ok) throw new Error(`LMS.LaunchData: ${launchResponse.status}`);
  const launchData = await launchResponse.json();
  const mode = launchData.launchMode ?? 'Normal';
  const template = launchData.contextTemplate ?? {};
  const sessionId = template.extensions?.['https://w3id.org/xapi/cmi5/context/extensions/sessionid'];
  // The LMS's mastery score wins over the module's pass mark (cmi5 §10: the AU must use it when given).
  const mastery = typeof launchData.masteryScore === 'number' ? launchData.masteryScore
    : module.passMark != null ? module.passMark / 100 : null;
  const language = module.language ?? 'und';
  const started = Date.now();
  // What was sent in this registration (completed, passed; each test attempt's answers), kept across launches.
  const sent = JSON.parse(localStorage.getItem(sessionKey) ?? '{}');
  const remember = () => localStorage.setItem(sessionKey, JSON.stringify(sent));

  function statement(name, { object = { id: activityId, objectType: 'Activity' }, result, categories = [CMI5_CATEGORY] } = {}) {
    const context = JSON.parse(JSON.stringify(template));
    context.registration = registration;
    context.contextActivities ??= {};
    const category = [...(context.contextActivities.category ?? []), ...categories.map((id) => ({ id }))];
    if (category.length) context.contextActivities.category = category;
    else delete context.contextActivities.category;
    const made = { id: crypto.randomUUID(), actor, verb: verb(name), object, context, timestamp: new Date().toISOString() };
    if (result) made.result = result;
    return made;
  }

  async function send(statements, { keepalive = false } = {}) {
    if (!statements.length) return;
    const response = await fetch(`${endpoint}statements`, {
      method: 'POST', keepalive, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(statements),
    });
    if (!response.ok) throw new Error(`statements: ${response.status} ${await response.text().catch(() => '')}`.trim());
  }

  await send([statement('initialized')]);
  let terminated = false;
  document.documentElement.dataset.cmi5Mode = mode;

  return {
    name: 'cmi5',
    async report() {
      if (terminated) return;
      const now = await state();
      const out = [];
      // Each finished test attempt's answers, once: allowed statements, about the items, outside the cmi5 category.
      const result = now.activities.test?.result;
      const attempt = result ? `${result.startedMs}-${result.finishedMs}` : null;
      if (attempt && !(sent.answered ?? []).includes(attempt)) {
        for (const item of result.items ?? []) {
          const made = interaction(item, language);
          if (!made || made.response == null) continue;
          out.push(statement('answered', {
            categories: [],
            object: { id: `urn:lessonpack:module:${moduleId}:activity:test:item:${encodeURIComponent(item.id)}`,
              objectType: 'Activity', definition: made.definition },
            result: { response: made.response,
              ...(item.outcome === 'correct' ? { success: true } : item.outcome === 'incorrect' ? { success: false } : {}) },
          }));
        }
        sent.answered = [...(sent.answered ?? []), attempt];
      }
      if (mode === 'Normal') {
        const elapsed = duration(Date.now() - started);
        if (now.completed && !sent.completed) {
          out.push(statement('completed', { categories: [CMI5_CATEGORY, MOVEON_CATEGORY], result: { completion: true, duration: elapsed } }));
          sent.completed = true;
        }
        if (now.score && mastery != null && !sent.passed) {
          const scaled = Math.round((now.score.correct / now.score.total) * 10000) / 10000;
          const passed = scaled >= mastery;
          const key = `${attempt}:${passed}`;
          if (passed || sent.failed !== key) {
            out.push(statement(passed ? 'passed' : 'failed', {
              categories: [CMI5_CATEGORY, MOVEON_CATEGORY],
              result: { score: { scaled, raw: now.score.correct, min: 0, max: now.score.total }, success: passed, duration: elapsed },
            }));
            if (passed) sent.passed = true;
            else sent.failed = key;
          }
        }
      }
      await send(out);
      remember();
      document.documentElement.dataset.cmi5Sent = JSON.stringify(sent);
    },
    finish() {
      if (terminated) return;
      terminated = true;
      sessionStorage.setItem(`${sessionKey}:ended:${fetchURL}`, '1');
      // keepalive lets the request outlive the page being closed.
      return send([statement('terminated', { result: { duration: duration(Date.now() - started) } })], { keepalive: true })
        .catch(() => {});
    },
    // Where the learner goes on leaving, when the LMS says (launched in its own window, not in a frame).
    exitURL: launchData.returnURL || null,
  };
}
