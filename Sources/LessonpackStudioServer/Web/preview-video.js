// Activity 1, the video: a real <video> with the transcript as a subtitle track, and the presenter's controls beside
// the browser's own. The server's VideoEngine keeps the clock the result is made of; the <video> is its picture. So
// every button sends an event and the video moves when the answer's effects say (play from here, stop), and what the
// learner does with the browser's own controls (play, pause, dragging the bar) is sent as the same events, so the two
// never disagree for long.

import { h, fill, button, scrollWithin, speakerStyle, keyBelongsToTarget, clock, w } from './preview.js';

export function mount(ctx) {
  const module = ctx.module ?? {};
  // Lines in the order the engine keeps them (by start), so a view's line `i` is `lines[i]` here too.
  const lines = [...(module.transcript ?? [])].sort((a, b) => a.start - b.start);
  let view = null;

  // What the page is about to do to the video itself, and when: the browser's event for it is not the learner's
  // doing. An expectation lapses after two seconds, so one whose event never came (a refused play) cannot swallow
  // the learner's next click.
  const expected = { play: 0, pause: 0, seek: 0 };
  const wasExpected = (what) => {
    const fresh = expected[what] > 0 && performance.now() - expected[what] < 2000;
    expected[what] = 0;
    return fresh;
  };

  const video = h('video', {
    class: 'lp-video', testid: 'video', controls: true, preload: 'metadata', playsinline: true,
    'aria-label': w('The conversation video'),
  });
  // The subtitles are in the language the module teaches (its tag when it has a plain one), not the page's.
  const taught = typeof module.language === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(module.language) ? module.language : 'en';
  const track = h('track', { kind: 'subtitles', srclang: taught, label: w('Subtitles'), src: ctx.subtitlesURL, default: true });
  video.append(track);
  if (module.video) video.src = ctx.mediaURL(module.video);
  ctx.useVideo(video, (what) => { expected[what] = performance.now(); });

  video.addEventListener('play', () => {
    if (wasExpected('play')) return;
    ctx.send({ play: {} });
  });
  video.addEventListener('pause', () => {
    if (wasExpected('pause')) return;
    // Reaching the end pauses the video too; the engine's clock stops at the end by itself.
    if (video.ended) return;
    // The server pauses at its own clock; the seek puts it where the picture stopped.
    ctx.send({ pause: {} }, { seek: { _0: video.currentTime } });
  });
  video.addEventListener('seeked', () => {
    if (wasExpected('seek')) return;
    ctx.send({ seek: { _0: video.currentTime } });
  });
  // The track's cues load later than the element: apply the view's choice again once they are there.
  track.addEventListener('load', () => applySubtitles());
  video.addEventListener('timeupdate', () => followVideo());
  // The engine's clock ends by itself and nothing is asked of the server; the page says so as the picture ends.
  video.addEventListener('ended', () => {
    state.textContent = w('■ ended');
    state.dataset.state = 'ended';
    playPause.textContent = w('▶ Play');
    showClock(view?.duration ?? video.currentTime);
  });

  const state = h('span', { class: 'lp-video-state', testid: 'video-state' });
  const clockText = h('span', { class: 'lp-video-clock', testid: 'video-clock' });
  const subtitlesText = h('span', { class: 'lp-video-subtitles' });
  const progress = h('progress', { class: 'lp-video-progress', max: '1', value: '0', 'aria-hidden': 'true' });

  const playPause = button('play-pause', w('Play'), () => ctx.send({ togglePlay: {} }), { 'aria-keyshortcuts': 'Space' });
  const controls = h('div', { class: 'lp-toolbar', role: 'toolbar', 'aria-label': w('Video') },
    playPause,
    button('rewind', w('« 5 s back'), () => ctx.send({ rewind: {} }), { 'aria-keyshortcuts': 'ArrowLeft' }),
    button('forward', w('5 s on »'), () => ctx.send({ forward: {} }), { 'aria-keyshortcuts': 'ArrowRight' }),
    button('to-start', w('|« Start'), () => ctx.send({ toStart: {} }), { 'aria-keyshortcuts': 'Home' }),
    button('replay-line', w('Play the chosen line'), () => ctx.send({ replayLine: {} }), { 'aria-keyshortcuts': 'Enter' }),
    button('subtitles', w('Subtitles'), () => ctx.send({ toggleSubtitles: {} }), { 'aria-keyshortcuts': 's', 'aria-pressed': 'true' }));
  const subtitlesButton = controls.querySelector('[data-testid="subtitles"]');
  // Whose subtitles: everyone's or one speaker's (the presenter's order of speakers, by their place).
  const whose = h('select', { class: 'lp-select', testid: 'subtitle-speaker', 'aria-label': w('Whose subtitles'),
    'aria-keyshortcuts': 'w' });
  whose.addEventListener('change', () => {
    const index = whose.value === '' ? null : Number(whose.value);
    ctx.send({ subtitlesFor: index === null ? {} : { speaker: index } });
  });
  // Whose voices: every voice, one speaker's alone, or every voice but one speaker's.
  const voices = h('select', { class: 'lp-select', testid: 'voices', 'aria-label': w('Voices'), 'aria-keyshortcuts': 'v' });
  voices.addEventListener('change', () => {
    const [how, index] = voices.value.split(':');
    ctx.send(how === 'only' ? { hearOnly: { speaker: Number(index) } }
      : how === 'without' ? { hearWithout: { speaker: Number(index) } } : { hearEveryone: {} });
  });
  // Role play: the learner says one speaker's lines, and the video stops before each of them.
  const part = h('select', { class: 'lp-select', testid: 'role-play', 'aria-label': w('Role play'), 'aria-keyshortcuts': 'p' });
  part.addEventListener('change', () => {
    ctx.send(part.value === '' ? { stopRolePlay: {} } : { playPart: { speaker: Number(part.value) } });
  });
  // Beside the select, not in the panel: the learner's version is heard once the role play is over or put away.
  const hearYours = button('hear-yours', w('Hear it with your lines'), () => ctx.send({ hearYours: {} }), { 'aria-keyshortcuts': 'h' });
  controls.append(whose, voices, part, hearYours);

  const rolePlayStatus = h('p', { class: 'lp-role-play-status', testid: 'role-play-status' });
  const rolePlayBefore = h('ul', { class: 'lp-role-play-before', testid: 'role-play-before' });
  const rolePlayPrompt = h('p', { class: 'lp-role-play-prompt', testid: 'role-play-prompt', 'aria-live': 'polite' });
  const rolePlayFailure = h('p', { class: 'lp-bad', testid: 'role-play-failure', hidden: true });
  const sayLine = button('say-line', w('Say your line'), () => ctx.send({ sayLine: {} }), { 'aria-keyshortcuts': 'r' });
  const skipLine = button('skip-line', w('Let the video say it'), () => ctx.send({ skipLine: {} }), { 'aria-keyshortcuts': 'n' });
  const rolePlayLines = h('ol', { class: 'lp-lines lp-role-play-lines', testid: 'role-play-lines', 'aria-label': w('Your lines') });
  const rolePlayPanel = h('section', { class: 'lp-role-play', testid: 'role-play-panel', hidden: true, 'aria-label': w('Role play') },
    rolePlayStatus, rolePlayBefore, rolePlayPrompt, rolePlayFailure,
    h('div', { class: 'lp-toolbar', role: 'toolbar', 'aria-label': w('Role play') }, sayLine, skipLine),
    rolePlayLines);

  const transcript = h('ol', { class: 'lp-lines lp-video-lines', testid: 'transcript', 'aria-label': w('Transcript') });
  const hidden = h('p', { class: 'lp-muted', testid: 'transcript-hidden', hidden: true });
  const length = h('p', { class: 'lp-muted lp-small', testid: 'video-length' });
  const hints = h('p', { class: 'lp-hints' },
    w('Keys: space play/pause · ← → 5 seconds · ↑ ↓ choose a line · Enter play it · s subtitles · w whose · v voices · p role play · r say your line · n skip it · h hear yours · Home start'));

  const element = h('div', { class: 'lp-video-activity' },
    h('div', { class: 'lp-video-frame' }, video),
    h('div', { class: 'lp-status' }, state, ' ', clockText, ' ', subtitlesText),
    progress, controls, rolePlayPanel, hidden, transcript, length, hints);

  /// The track names each cue's speaker in a `<v>` tag; with one speaker's subtitles chosen, the others' cues are
  /// emptied (their text kept, to come back), so the browser shows that speaker's alone.
  function applySubtitles() {
    const showing = view?.subtitlesOn ?? true;
    const only = view?.subtitleSpeaker ? `<v ${escapeCueText(view.subtitleSpeaker)}>` : null;
    for (const text of video.textTracks) {
      text.mode = showing ? 'showing' : 'hidden';
      for (const cue of text.cues ?? []) {
        cue.lpText ??= cue.text;
        const shown = !only || cue.lpText.startsWith(only) ? cue.lpText : '';
        if (cue.text !== shown) cue.text = shown;
      }
    }
  }

  /// The line playing now, from the picture's own time (the view's is from when it was made).
  function lineAt(seconds) {
    let found = -1;
    lines.forEach((line, index) => { if (line.start <= seconds) found = index; });
    return found;
  }

  function showClock(position) {
    const duration = view?.duration ?? 0;
    clockText.textContent = `${clock(position)} / ${clock(duration)}`;
    progress.value = duration > 0 ? Math.min(1, Math.max(0, position / duration)) : 0;
  }

  function highlight(index) {
    for (const row of transcript.children) {
      const current = Number(row.dataset.index) === index;
      row.classList.toggle('is-current', current);
      row.querySelector('button')?.setAttribute('aria-current', current ? 'true' : 'false');
    }
  }

  // The line the picture was last seen on, so the list scrolls only when it changes.
  let following = -1;

  function followVideo() {
    if (!view || video.paused) return;
    showClock(video.currentTime);
    const index = lineAt(video.currentTime);
    if (index >= 0 && index !== following) {
      following = index;
      highlight(index);
      scrollWithin(transcript, transcript.querySelector('.is-current'));
    }
  }

  function render(next) {
    view = next;
    if (!view) return;
    const stateText = { playing: w('▶ playing'), paused: w('❚❚ paused'), ended: w('■ ended') }[view.state] ?? view.state;
    state.textContent = stateText;
    state.dataset.state = view.state;
    // The view's clock is the server's; while the picture plays, its own time is nearer the truth.
    if (!video.paused && view.state === 'playing') showClock(video.currentTime);
    else clockText.textContent = view.clock;
    if (video.paused || view.state !== 'playing') progress.value = view.duration > 0 ? Math.min(1, view.position / view.duration) : 0;
    subtitlesText.textContent = [view.subtitles, view.voices].filter(Boolean).join(' · ');
    playPause.textContent = view.state === 'playing' ? w('❚❚ Pause') : w('▶ Play');
    subtitlesButton.textContent = view.subtitlesOn ? w('Subtitles: on') : w('Subtitles: off');
    subtitlesButton.setAttribute('aria-pressed', view.subtitlesOn ? 'true' : 'false');
    setChoices(whose, [['', w('Everyone')], ...(view.speakers ?? []).map((name, index) => [String(index), name])]);
    whose.value = view.subtitleSpeaker ? String((view.speakers ?? []).indexOf(view.subtitleSpeaker)) : '';
    whose.disabled = !view.subtitlesOn;
    const speakers = view.speakers ?? [];
    setChoices(voices, [['everyone', w('Every voice')],
      ...speakers.map((name, index) => [`only:${index}`, w('Only {speaker}', { speaker: name })]),
      ...(speakers.length > 2 ? speakers.map((name, index) => [`without:${index}`, w('Without {speaker}', { speaker: name })]) : [])]);
    voices.value = view.hearing ?? 'everyone';
    applySubtitles();
    renderRolePlay(speakers);

    hidden.hidden = !view.hidden;
    hidden.textContent = view.hidden ?? '';
    fill(transcript, ...(view.transcript ?? []).map((line, index) =>
      h('li', { class: 'lp-line', dataset: { index: String(index) } },
        button(`line-${index + 1}`, [
          h('span', { class: 'lp-time', text: line.start }), ' ',
          h('span', { class: 'lp-speaker', style: speakerStyle(line.colour), text: line.speaker }), ': ',
          h('span', { class: 'lp-line-text', text: line.text }),
        ], () => ctx.send({ replayLine: { _0: index } }), { class: 'lp-button lp-line-button', title: w('Play from this line') }))));
    highlight(view.current);
    scrollWithin(transcript, transcript.querySelector('.is-current'));
    length.textContent = view.length ?? '';

    // Paused (or ended), the picture shows where the engine's clock stands: a seek or a line chosen while paused
    // moves it, and no effect does.
    if (video.paused && video.readyState >= 1 && Math.abs(video.currentTime - view.position) > 0.5) {
      expected.seek = performance.now();
      try { video.currentTime = view.position; } catch { expected.seek = 0; }
    }
  }

  /// The role play's select, and its panel while one runs or has just ended: the line to say, what the others say
  /// before it, and each of the learner's lines with its intonation.
  function renderRolePlay(speakers) {
    const rolePlay = view.rolePlay ?? null;
    const underWay = ['listening', 'yourLine', 'recording'].includes(rolePlay?.state);
    setChoices(part, [['', w('No role play')], ...speakers.map((name, index) => [String(index), w('Play {speaker}', { speaker: name })])]);
    part.hidden = !view.canRolePlay;
    // The browser's own controls would move the picture where the role play does not go.
    video.controls = !underWay;
    part.value = underWay ? String(speakers.indexOf(rolePlay.speaker)) : '';
    rolePlayPanel.hidden = !rolePlay || rolePlay.state === 'stopped';
    rolePlayPanel.dataset.state = rolePlay?.state ?? '';
    hearYours.hidden = !(rolePlay?.spoken > 0);
    hearYours.disabled = underWay;
    if (!rolePlay) return;
    rolePlayStatus.textContent = rolePlay.status;
    fill(rolePlayBefore, ...(rolePlay.before ?? []).map((line) => h('li', {},
      h('span', { class: 'lp-speaker', style: speakerStyle(line.colour), text: line.speaker }), ': ', line.text)));
    rolePlayPrompt.textContent = rolePlay.prompt ?? '';
    rolePlayPrompt.classList.toggle('is-your-turn', rolePlay.state === 'yourLine');
    rolePlayFailure.hidden = !rolePlay.failure;
    rolePlayFailure.textContent = rolePlay.failure ?? '';
    sayLine.disabled = !underWay;
    sayLine.textContent = rolePlay.state === 'recording' ? w('Stop recording') : w('Say your line');
    skipLine.disabled = !underWay || rolePlay.state === 'recording';
    fill(rolePlayLines, ...(rolePlay.rows ?? []).map((row) => h('li', { class: 'lp-line', dataset: { said: String(row.said) } },
      h('span', { class: 'lp-mark', text: row.said ? '✓' : '·' }), ' ', `${row.number}. ${row.text}`,
      row.feedback ? h('p', { class: 'lp-muted lp-small', text: row.feedback }) : '')));
  }

  function keydown(event) {
    if (keyBelongsToTarget(event)) return false;
    const events = {
      ' ': { togglePlay: {} }, 'ArrowLeft': { rewind: {} }, 'ArrowRight': { forward: {} },
      'ArrowUp': { moveCursor: { _0: -1 } }, 'ArrowDown': { moveCursor: { _0: 1 } }, 'Enter': { replayLine: {} },
      's': { toggleSubtitles: {} }, 'S': { toggleSubtitles: {} }, 'w': { nextSubtitles: {} }, 'W': { nextSubtitles: {} },
      'v': { nextVoices: {} }, 'V': { nextVoices: {} },
      'p': { nextPart: {} }, 'r': { sayLine: {} }, 'n': { skipLine: {} }, 'h': { hearYours: {} },
      'Home': { toStart: {} },
    };
    const wanted = events[event.key];
    if (!wanted) return false;
    ctx.send(wanted);
    return true;
  }

  function destroy() {
    video.pause();
    video.removeAttribute('src');
    video.load();
  }

  return { element, render, keydown, destroy };
}

/// Gives a select its options (`[value, label]`), only when they change: rebuilding them at every view would close a
/// list the learner has open.
function setChoices(select, choices) {
  const listed = JSON.stringify(choices);
  if (select.dataset.choices === listed) return;
  select.dataset.choices = listed;
  fill(select, ...choices.map(([value, label]) => h('option', { value, text: label })));
}

/// A speaker's name as the track writes it in a cue's `<v>` tag (SubtitleTrack): `&`, `<` and `>` escaped, and each
/// line break a space.
function escapeCueText(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
    .replace(/\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]/g, ' ');
}
