import { h, button, w } from './preview-dom.js';
import { toWav } from './recorder.js';

// ---------------------------------------------------------------------------------------------------------------
// The microphone.

/// Records the learner for a pronunciation line: at most the seconds the engine allows, with a countdown and a Stop
/// button, then sends the recording to the server, whose answer is the next preview.
export class Recorder {
  constructor(preview) {
    this.preview = preview;
    this.session = null;
    this.awaited = null;
    this.panel = h('div', { class: 'lp-recording', testid: 'recording-panel', hidden: true, role: 'group', 'aria-label': 'Recording' });
  }

  get active() { return this.session !== null; }

  async start(line, seconds) {
    if (this.session) return;
    const preview = this.preview;
    // What the server waits for until a recording of it arrives.
    this.awaited = { line, seconds };
    const limit = Math.max(1, Math.min(Number(seconds) || 10, 120));
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      return this.unavailable(line, 'this browser cannot record sound here (it needs a secure page: http://127.0.0.1 or localhost).');
    }
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const reason = error?.name === 'NotAllowedError' ? w('the browser was not allowed to use it.')
        : error?.name === 'NotFoundError' ? w('there is no microphone.') : `${error?.message ?? error}.`;
      return this.unavailable(line, reason);
    }
    const type = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4']
      .find((candidate) => MediaRecorder.isTypeSupported?.(candidate));
    let recorder;
    try {
      recorder = type ? new MediaRecorder(stream, { mimeType: type }) : new MediaRecorder(stream);
    } catch (error) {
      stream.getTracks().forEach((track) => track.stop());
      return this.unavailable(line, `${error?.message ?? error}.`);
    }
    const chunks = [];
    const endsAt = performance.now() + limit * 1000;
    const session = { line, recorder, stream, timer: null, ticker: null };
    this.session = session;
    recorder.addEventListener('dataavailable', (event) => { if (event.data?.size) chunks.push(event.data); });
    recorder.addEventListener('stop', () => {
      clearTimeout(session.timer);
      clearInterval(session.ticker);
      stream.getTracks().forEach((track) => track.stop());
      this.session = null;
      // The Stop button goes away with the panel: the focus goes back to the Record button, not to the page.
      const hadFocus = this.panel.contains(document.activeElement);
      this.showPanel(null);
      if (hadFocus) (preview.root.querySelector('[data-testid="record"]') ?? preview.root).focus({ preventScroll: true });
      if (session.cancelled) return;
      // Converting and analysing take seconds: the learner is told at once that the recording is being listened
      // to, not left under "say the line now".
      preview.analysing(true);
      const blob = new Blob(chunks, { type: recorder.mimeType || type || 'application/octet-stream' });
      // As WAV, which the studio's intonation analysis reads (browsers record WebM or MP4); as recorded when the
      // browser cannot decode its own recording.
      toWav(blob).then((wav) => preview.upload(line, wav), () => preview.upload(line, blob));
    });
    recorder.start();
    session.timer = setTimeout(() => this.stop(), limit * 1000);
    const tick = () => this.showPanel(line, Math.max(0, Math.ceil((endsAt - performance.now()) / 1000)));
    session.ticker = setInterval(tick, 200);
    tick();
    this.panel.querySelector('[data-testid="stop-recording"]')?.focus();
  }

  /// Ends the recording under way early, keeping what was said.
  stop() {
    const session = this.session;
    if (session && session.recorder.state !== 'inactive') session.recorder.stop();
  }

  /// Ends it without sending anything (the preview is being closed).
  cancel() {
    if (!this.session) return;
    this.session.cancelled = true;
    this.stop();
  }

  /// Shows the countdown (`line` null hides it). Built once per recording and then only its text changes: the Stop
  /// button must keep the keyboard focus while the seconds tick.
  showPanel(line, secondsLeft) {
    if (line === null) {
      this.panel.replaceChildren();
      this.panel.hidden = true;
      this.preview.root.dataset.recording = 'false';
      this.preview.activityView?.recordingChanged?.(false);
      return;
    }
    let countdown = this.panel.querySelector('[data-testid="recording-countdown"]');
    if (!countdown) {
      countdown = h('span', { testid: 'recording-countdown', class: 'lp-recording-text', role: 'timer' });
      this.panel.replaceChildren(
        h('span', { class: 'lp-recording-dot', 'aria-hidden': 'true' }, '●'),
        countdown,
        button('stop-recording', w('Stop'), () => this.stop()));
    }
    if (this.panel.hidden) this.preview.activityView?.recordingChanged?.(true);
    this.panel.hidden = false;
    this.preview.root.dataset.recording = 'true';
    const text = this.preview.module?.transcript?.find((entry) => entry.id === line)?.text;
    countdown.textContent = (text ? w('Recording “{text}”: say the line now.', { text }) : w('Recording: say the line now.')) + ' ' +
      (secondsLeft === 1 ? w('1 second left.') : w('{count} seconds left.', { count: secondsLeft }));
  }

  /// Without a microphone the activity goes on: the learner is told why, and the server is told that nothing was
  /// recorded (`&failed=1`, the reason as text), so that the line is not left waiting for a recording.
  async unavailable(line, reason) {
    const text = w('The microphone is not available: {reason}', { reason });
    this.preview.say(text, 'bad');
    await this.preview.enqueue(async () => {
      try {
        const answer = await this.preview.transport.recording(this.preview.session, line,
          new Blob([text], { type: 'text/plain' }), '&failed=1');
        this.awaited = null;
        await this.preview.apply(answer, { message: { text, tone: 'bad' } });
      } catch { /* a server that cannot be told: the message above is what matters */ }
    });
  }
}

