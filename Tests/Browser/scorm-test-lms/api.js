// A SCORM 1.2 API adapter for tests, after the Run-Time Environment's state machine: not initialized → running
// (LMSInitialize) → finished (LMSFinish), with the RTE's error codes. What the LMS keeps (the cmi data of the
// learner, and every call made) lives in localStorage, as a real LMS keeps it on its server across launches.
(function () {
  const STORE = 'scorm-test-lms';
  const errors = {
    0: 'No error', 101: 'General exception', 201: 'Invalid argument error', 202: 'Element cannot have children',
    203: 'Element not an array - cannot have count', 301: 'Not initialized', 401: 'Not implemented error',
    402: 'Invalid set value, element is a keyword', 403: 'Element is read only', 404: 'Element is write only',
    405: 'Incorrect data type',
  };
  const saved = JSON.parse(localStorage.getItem(STORE) ?? 'null') ?? {
    launches: 0,
    cmi: {
      'cmi.core.student_id': 'learner-1', 'cmi.core.student_name': 'Learner, Test', 'cmi.core.lesson_location': '',
      'cmi.core.credit': 'credit', 'cmi.core.lesson_status': 'not attempted', 'cmi.core.entry': 'ab-initio',
      'cmi.core.score.raw': '', 'cmi.core.score.min': '', 'cmi.core.score.max': '', 'cmi.core.total_time': '0000:00:00.00',
      'cmi.core.lesson_mode': 'normal', 'cmi.core.exit': '', 'cmi.core.session_time': '', 'cmi.suspend_data': '',
      'cmi.launch_data': '', 'cmi.comments': '', 'cmi.comments_from_lms': '',
    },
    calls: [],
  };
  saved.launches += 1;
  // Only what was committed (LMSCommit, or LMSFinish, which commits) reached the LMS's server.
  if (saved.committed) saved.cmi = { ...saved.committed };
  // A new launch: what the last one left says how this one enters (RTE 3.4.4: exit "suspend" → entry "resume").
  if (saved.launches > 1) {
    saved.cmi['cmi.core.entry'] = saved.cmi['cmi.core.exit'] === 'suspend' ? 'resume' : '';
    saved.cmi['cmi.core.exit'] = '';
    saved.cmi['cmi.core.session_time'] = '';
  }
  const readOnly = new Set(['cmi.core._children', 'cmi.core.student_id', 'cmi.core.student_name', 'cmi.core.credit',
    'cmi.core.entry', 'cmi.core.total_time', 'cmi.core.lesson_mode', 'cmi.launch_data', 'cmi.comments_from_lms',
    'cmi.core.score._children', 'cmi._version']);
  const writeOnly = new Set(['cmi.core.exit', 'cmi.core.session_time']);
  const statuses = ['passed', 'completed', 'failed', 'incomplete', 'browsed'];
  const exits = ['time-out', 'suspend', 'logout', ''];
  const score = (value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 0 && Number(value) <= 100);
  const checks = {
    'cmi.core.lesson_status': (value) => statuses.includes(value),
    'cmi.core.exit': (value) => exits.includes(value),
    'cmi.core.score.raw': score, 'cmi.core.score.min': score, 'cmi.core.score.max': score,
    'cmi.core.session_time': (value) => /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/.test(value),
    'cmi.core.lesson_location': (value) => value.length <= 255,
    // CMIString4096: at most 4,096 characters.
    'cmi.suspend_data': (value) => value.length <= 4096,
    'cmi.comments': (value) => value.length <= 4096,
  };
  let state = 'not initialized';
  let lastError = 0;
  const persist = () => localStorage.setItem(STORE, JSON.stringify(saved));
  function call(name, args, result) {
    saved.calls.push({ launch: saved.launches, name, args, result: String(result), error: lastError });
    persist();
    return String(result);
  }
  function fail(name, args, code) {
    lastError = code;
    return call(name, args, name === 'LMSGetValue' ? '' : 'false');
  }

  window.API = {
    LMSInitialize(argument) {
      lastError = 0;
      if (argument !== '') return fail('LMSInitialize', [argument], 201);
      if (state !== 'not initialized') return fail('LMSInitialize', [argument], 101);
      state = 'running';
      return call('LMSInitialize', [argument], 'true');
    },
    LMSFinish(argument) {
      lastError = 0;
      if (argument !== '') return fail('LMSFinish', [argument], 201);
      if (state !== 'running') return fail('LMSFinish', [argument], 301);
      state = 'finished';
      saved.committed = { ...saved.cmi };
      return call('LMSFinish', [argument], 'true');
    },
    LMSGetValue(element) {
      lastError = 0;
      if (state !== 'running') return fail('LMSGetValue', [element], 301);
      if (element === 'cmi.core._children') return call('LMSGetValue', [element], Object.keys(saved.cmi).filter((key) => key.startsWith('cmi.core.')).map((key) => key.slice(9)).join(','));
      if (writeOnly.has(element)) return fail('LMSGetValue', [element], 404);
      if (!(element in saved.cmi)) return fail('LMSGetValue', [element], element.startsWith('cmi.') ? 401 : 201);
      return call('LMSGetValue', [element], saved.cmi[element]);
    },
    LMSSetValue(element, value) {
      lastError = 0;
      if (state !== 'running') return fail('LMSSetValue', [element, value], 301);
      if (readOnly.has(element)) return fail('LMSSetValue', [element, value], 403);
      if (!(element in saved.cmi)) return fail('LMSSetValue', [element, value], element.startsWith('cmi.') ? 401 : 201);
      const text = String(value);
      if (checks[element] && !checks[element](text)) return fail('LMSSetValue', [element, value], 405);
      saved.cmi[element] = text;
      return call('LMSSetValue', [element, value], 'true');
    },
    LMSCommit(argument) {
      lastError = 0;
      if (argument !== '') return fail('LMSCommit', [argument], 201);
      if (state !== 'running') return fail('LMSCommit', [argument], 301);
      saved.committed = { ...saved.cmi };
      return call('LMSCommit', [argument], 'true');
    },
    LMSGetLastError: () => String(lastError),
    LMSGetErrorString: (code) => errors[Number(code)] ?? '',
    LMSGetDiagnostic: (code) => errors[Number(code || lastError)] ?? '',
  };
  // For the test: what the LMS holds, and the state the adapter is in.
  window.testLMS = { saved: () => saved, state: () => state };
})();
