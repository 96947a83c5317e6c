// The learner preview: one activity of the module being edited, played in the browser exactly as a learner would
// play it. The server runs the activity's presenter (the same one the terminal player uses); this page only shows
// the presenter's `View`, sends its `Event`s, and carries out its `Effect`s (sound, video, the microphone). So the
// page holds no activity logic of its own: what the learner reads and may do is decided in Swift, once.
//
// Everything shown that comes from the module or the server is untrusted text: it goes into the page through
// `textContent` (or text nodes) only, never as HTML.

// Each activity's rendering lives in a module of its own, preview-<name>.js, loaded only when that activity is
// previewed. The name is one of the server's own list of activities (it comes with the module's state), never the
// request's text, so nothing but these files can be imported. The titles come from the server too: each answer
// numbers its activity as the terminal player does ("2. Test" in a module of a video and a test).
function activityModule(state, activity) {
  const known = (state?.activityKinds ?? []).some(({ name }) => name === activity);
  return known && /^[a-z][a-z-]*$/.test(activity) ? () => import(`./preview-${activity}.js`) : null;
}

function activityTitle(state, activity) {
  return (state?.activityKinds ?? []).find(({ name }) => name === activity)?.title ?? activity;
}

const tones = ['plain', 'good', 'bad', 'accent', 'muted'];

// A container holds at most one preview: opening another one closes the first (its sound, its microphone).
const openPreviews = new WeakMap();


import { h, button, caseOf, mediaURL, w } from './preview-dom.js';
import { transport } from './preview-transport.js';
import { Sound } from './preview-sound.js';
import { Recorder } from './preview-recorder.js';

// The activity modules take their helpers from here.
export { h, fill, button, speakerColour, speakerStyle, caseOf, keyBelongsToTarget, scrollWithin, clock, mediaURL, w, useWords } from './preview-dom.js';

// ---------------------------------------------------------------------------------------------------------------
// The preview.

class Preview {
  constructor(container, { api, key, activity, state, host }) {
    this.container = container;
    this.api = api;
    this.key = String(key);
    // Where the presenter runs and the media come from: the studio's server by default; the web player passes its
    // own (the core in the page, the exported folder's files), so both draw activities with these same modules.
    this.transport = host?.transport ?? transport(api);
    this.mediaURL = host?.mediaURL ?? ((path) => mediaURL(this.key, path));
    this.subtitlesURL = host?.subtitlesURL ?? `/api/modules/${encodeURIComponent(this.key)}/subtitles.vtt`;
    this.recordingURL = host?.recordingURL
      ?? ((line) => `/api/preview/${encodeURIComponent(this.session)}/recording?line=${encodeURIComponent(line)}`);
    this.words = {
      restart: 'Start again', restartTitle: 'A new attempt at this activity, dealt afresh', region: (title) => `Preview: ${title}`,
      ...host?.words,
    };
    this.activity = activity;
    this.state = state;
    this.module = state?.module ?? null;
    this.session = null;
    this.view = null;
    this.closed = false;
    this.queue = Promise.resolve();
    this.pending = 0;
    this.sound = new Sound(this);
    this.recorder = new Recorder(this);

    this.message = h('p', { class: 'lp-message tone-plain', testid: 'preview-message', role: 'status', 'aria-live': 'polite' });
    this.viewDump = h('pre', { testid: 'preview-view', hidden: true });
    this.body = h('div', { class: 'lp-activity' });
    this.root = h('section', {
      class: 'lp-preview', testid: 'preview-root', 'aria-label': this.words.region(activityTitle(state, activity)),
      // Focusable (not in the tab order): a click anywhere in the preview puts the keyboard focus in it, so its keys work.
      tabindex: '-1',
      dataset: { activity, recording: 'false', busy: 'false' },
      on: { keydown: (event) => this.keydown(event) },
    },
    h('header', { class: 'lp-preview-header' },
      this.title = h('h2', { class: 'lp-preview-title', testid: 'preview-title', text: activityTitle(state, activity) }),
      h('span', { class: 'lp-preview-module', text: this.module?.title ?? '' }),
      button('restart', this.words.restart, () => this.restart(), { title: this.words.restartTitle })),
    // The countdown above the activity, where the learner is looking when they press Record.
    this.recorder.panel,
    this.body,
    this.message,
    this.viewDump,
    this.sound.audio);
  }

  say(text, tone = 'plain') {
    this.message.textContent = text ?? '';
    this.message.className = `lp-message tone-${tones.includes(tone) ? tone : 'plain'}`;
    this.message.dataset.tone = tones.includes(tone) ? tone : 'plain';
  }

  async start() {
    const load = activityModule(this.state, this.activity);
    if (!load) {
      this.say(`There is no activity '${this.activity}' to preview.`, 'bad');
      return;
    }
    const [{ mount }, preview] = await Promise.all([
      load(),
      this.transport.start(this.key, this.activity),
    ]);
    if (this.closed) return;
    this.view = null;
    this.activityView = mount(this.context());
    this.body.replaceChildren(this.activityView.element);
    await this.apply(preview);
  }

  /// What an activity module may use: sending events, the module, media, and the message area.
  context() {
    return {
      key: this.key,
      module: this.module,
      state: this.state,
      send: (...events) => this.send(...events),
      say: (text, tone) => this.say(text, tone),
      mediaURL: (path) => this.mediaURL(path),
      subtitlesURL: this.subtitlesURL,
      useVideo: (video, expect) => this.sound.useVideo(video, expect),
      recorder: this.recorder,
      restart: () => this.restart(),
      view: () => this.view,
    };
  }

  /// Sends events one after another (the next only once the last is answered, so the server sees them in order),
  /// and shows the last message any of them brought.
  /// Runs `task` after those before it, so the server sees events in the order the learner made them. The root
  /// says `data-busy="true"` from the moment a task is queued until the queue is empty (what tests wait on).
  enqueue(task) {
    this.pending += 1;
    this.root.dataset.busy = 'true';
    const run = async () => {
      try {
        if (!this.closed) await task();
      } finally {
        this.pending -= 1;
        if (this.pending === 0) this.root.dataset.busy = 'false';
      }
    };
    this.queue = this.queue.then(run, run);
    return this.queue;
  }

  /// Sends events one after another, each only once the last is answered, and shows the last message any of them
  /// brought.
  send(...events) {
    return this.enqueue(async () => {
      if (!this.session) return;
      // Each answer's own message, or, when a later event says nothing (moving on after an answer), the one before.
      let message = null;
      try {
        for (const event of events) {
          const preview = await this.transport.event(this.session, event);
          if (this.closed) return;
          message = preview?.message ?? (events.length > 1 ? message : null);
          await this.apply(preview, { message });
        }
      } catch (error) {
        this.say(error?.message ?? String(error), 'bad');
      }
    });
  }

  /// Says the recording is being analysed (`data-analysing` on the root) until its answer is shown.
  analysing(on) {
    this.root.dataset.analysing = on ? 'true' : 'false';
    if (on) this.say(w('Analysing your recording…'), 'accent');
  }

  /// Sends a recording; its answer is the next preview.
  upload(line, blob) {
    this.analysing(true);
    return this.enqueue(async () => {
      try {
        const answer = await this.transport.recording(this.session, line, blob);
        if (this.recorder.awaited?.line === line) this.recorder.awaited = null;
        this.analysing(false);
        await this.apply(answer);
      } catch (error) {
        this.analysing(false);
        this.say(w('The recording could not be sent: {reason}', { reason: error?.message ?? error }), 'bad');
      }
    });
  }

  /// Shows a preview the server answered with, then carries out its effects.
  async apply(preview, { message } = {}) {
    if (!preview || this.closed) return;
    const shown = message === undefined ? preview.message : message;
    if (preview.session) this.session = preview.session;
    if (preview.title) {
      this.title.textContent = preview.title;
      this.root.setAttribute('aria-label', this.words.region(preview.title));
    }
    this.view = preview.view ?? null;
    this.viewDump.textContent = JSON.stringify(this.view);
    this.root.dataset.finished = preview.finished ? 'true' : 'false';
    this.render();
    // The message first: an effect that fails (no sound, no microphone) says why over it.
    this.say(shown?.text ?? '', shown?.tone ?? 'plain');
    for (const effect of preview.effects ?? []) {
      try {
        await this.carryOut(effect);
      } catch (error) {
        this.say(error?.message ?? String(error), 'bad');
      }
    }
  }

  /// Re-renders the activity, keeping the keyboard focus on the same control (its replacement has the same test
  /// id), so that a learner working by keyboard does not lose their place at each answer.
  render() {
    const active = document.activeElement;
    const focused = active && this.root.contains(active) ? active.dataset?.testid : null;
    this.activityView?.render(this.view);
    // Only when the focused control was replaced and the activity did not move the focus on purpose.
    if (focused && !this.root.contains(document.activeElement)) {
      const again = this.root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
      else this.body.querySelector('button:not([disabled])')?.focus({ preventScroll: true });
      // Whatever happens, the focus stays in the preview, where its keys work.
      if (!this.root.contains(document.activeElement)) this.root.focus({ preventScroll: true });
    }
  }

  async carryOut(effect) {
    const [name, args] = caseOf(effect);
    switch (name) {
      case 'play':
        // Not awaited: the next effect (or the next event) must not wait for a clip to load.
        this.sound.play(args.media, args.from ?? 0, args.until);
        break;
      case 'playSlowed':
        this.sound.play(args.media, 0, undefined, args.speed);
        break;
      case 'playSilencing':
        // The video with some speakers' lines silent: one voice alone, or all but one.
        this.sound.play(args.media, args.from ?? 0, undefined, 1, args.silenced ?? []);
        break;
      case 'stopSound':
        this.sound.stopAll();
        break;
      case 'playWithTakes':
        // A role play heard back: the conversation with the learner's recordings in place of their lines.
        try {
          await this.sound.playWithTakes(args.media, args.takes ?? []);
        } catch (error) {
          this.say(w('Cannot play your lines: {reason}', { reason: error?.message ?? error }), 'bad');
        }
        break;
      case 'record':
        this.recorder.start(args.line, args.seconds);
        break;
      case 'stopRecording':
        // The presenter ends a recording under way. With none under way here, the server is still waiting for one
        // the page could not make (no microphone last time): Record was pressed again, so try again.
        if (this.recorder.active) this.recorder.stop();
        else if (this.recorder.awaited) this.recorder.start(this.recorder.awaited.line, this.recorder.awaited.seconds);
        break;
      case 'compare':
        try {
          await this.sound.compare(args.line, args.mode);
        } catch (error) {
          this.say(w('Cannot compare: {reason}', { reason: error?.message ?? error }), 'bad');
        }
        break;
      case 'playFile':
        // A file the player made. Only an address the studio serves is played: the studio answers a comparison
        // with `playFile` of the recording's path on its own disk (/tmp/…), which the page has just played itself
        // (the `compare` before it), and which means nothing to the browser.
        if (typeof args.path === 'string' && /^\/(media|api)\//.test(args.path)) this.sound.playURL(args.path);
        break;
      default:
        break;
    }
  }

  keydown(event) {
    if (event.defaultPrevented || !this.view) return;
    if (event.key === 'Escape' && this.recorder.active) {
      this.recorder.stop();
      event.preventDefault();
      return;
    }
    if (this.activityView?.keydown?.(event, this.view)) event.preventDefault();
  }

  async restart() {
    this.recorder.cancel();
    this.recorder.awaited = null;
    this.sound.stopAll();
    this.activityView?.destroy?.();
    this.activityView = null;
    this.session = null;
    this.say('');
    await this.enqueue(async () => {
      try {
        await this.start();
        this.root.querySelector('.lp-activity button:not([disabled])')?.focus();
      } catch (error) {
        this.say(error?.message ?? String(error), 'bad');
      }
    });
  }

  close() {
    this.closed = true;
    this.recorder.cancel();
    this.sound.close();
    this.activityView?.destroy?.();
  }
}

/// Links preview.css once, unless the page already does (the editor's index.html is meant to), so that the preview
/// looks right wherever it is opened.
function ensureStylesheet() {
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => /(^|\/)preview\.css(\?|$)/.test(link.getAttribute('href') ?? ''))) return;
  document.head.append(h('link', { rel: 'stylesheet', href: new URL('./preview.css', import.meta.url).pathname }));
}

/// Opens a preview of `activity` in `container` (replacing what it held). Resolves once the first view is shown, with
/// `{ close(), restart(), root }`; a preview the server refuses shows why in its message area instead of throwing.
/// `host` (optional): `{ transport, mediaURL(path), subtitlesURL, recordingURL(line), words }` for a page that is not
/// the studio's: `transport` answers `start`, `event` and `recording` as preview-transport.js does.
export async function openPreview(container, { api, key, activity, state, host }) {
  ensureStylesheet();
  openPreviews.get(container)?.close();
  const preview = new Preview(container, { api, key, activity, state, host });
  openPreviews.set(container, preview);
  container.replaceChildren(preview.root);
  await preview.enqueue(async () => {
    try {
      await preview.start();
    } catch (error) {
      preview.say(error?.message ?? String(error), 'bad');
      preview.root.dataset.error = error?.code ?? 'error';
    }
  });
  return {
    root: preview.root,
    get session() { return preview.session; },
    close: () => { preview.close(); if (openPreviews.get(container) === preview) openPreviews.delete(container); },
    restart: () => preview.restart(),
  };
}
