import { h, w } from './preview-dom.js';
import { request } from './preview-transport.js';

// ---------------------------------------------------------------------------------------------------------------
// Sound: the effects a presenter asks for.

/// Plays media for one preview: an `<audio>` element for clips, the activity's `<video>` for the module video, and
/// Web Audio for comparisons (which need the two voices in different ears).
export class Sound {
  constructor(preview) {
    this.preview = preview;
    this.audio = h('audio', { testid: 'preview-audio', preload: 'auto', hidden: true });
    this.video = null;
    this.stopTimer = null;
    this.context = null;
    this.sources = [];
  }

  /// The activity's `<video>`, used when the module video is to be played. `expect('play' | 'pause' | 'seek')` is
  /// told before the page itself plays, pauses or seeks it, so that the video activity does not report those back to
  /// the server as the learner's own.
  useVideo(video, expect) {
    this.video = video;
    this.expect = expect ?? null;
  }

  stopAll({ except } = {}) {
    clearInterval(this.stopTimer);
    this.stopTimer = null;
    if (!this.audio.paused && except !== this.audio) this.audio.pause();
    if (this.video && !this.video.paused && except !== this.video) {
      this.expect?.('pause');
      this.video.pause();
    }
    for (const source of this.sources) {
      try { source.stop(); } catch { /* already stopped */ }
    }
    this.sources = [];
  }

  /// Plays `media` (a path under media/) from `from` seconds, up to `until` when given, at `rate` (0.75 and 0.5
  /// slow a line down for a learner; the browser keeps its pitch). `silenced` spans of the video (`{start, end}` in
  /// seconds) play silent: one speaker's voice alone, or all but one.
  async play(media, from = 0, until, rate = 1, silenced = []) {
    const { module } = this.preview;
    const isVideo = this.video && module?.video && media === module.video;
    const element = isVideo ? this.video : this.audio;
    if (isVideo) this.silence(silenced);
    // Everything else stops; the element about to play only moves (pausing it first would make the picture blink).
    this.stopAll({ except: element });
    if (!isVideo) {
      const url = this.preview.mediaURL(media);
      if (element.dataset.media !== media) {
        element.dataset.media = media;
        element.src = url;
      }
    }
    element.preservesPitch = true;
    element.playbackRate = isVideo ? 1 : rate;
    await this.seek(element, from, isVideo);
    this.watchUntil(element, until, isVideo);
    if (isVideo && element.paused) this.expect?.('play');
    try {
      await element.play();
    } catch (error) {
      // Autoplay refused, or the file cannot be played: say so, do not throw (the activity goes on without sound).
      if (error?.name !== 'AbortError') this.preview.say(w('Cannot play {media}: {reason}', { media, reason: error?.message ?? error }), 'bad');
    }
  }

  async playURL(url) {
    this.stopAll();
    delete this.audio.dataset.media;
    this.audio.src = url;
    try { await this.audio.play(); } catch (error) {
      if (error?.name !== 'AbortError') this.preview.say(w('Cannot play the comparison: {reason}', { reason: error?.message ?? error }), 'bad');
    }
  }

  /// Moves an element to `seconds` once it knows its duration (setting it earlier is lost in some browsers).
  async seek(element, seconds, isVideo) {
    const target = Math.max(0, Number(seconds) || 0);
    if (element.readyState < 1) {
      await new Promise((resolve) => {
        const done = () => { element.removeEventListener('loadedmetadata', done); element.removeEventListener('error', done); resolve(); };
        element.addEventListener('loadedmetadata', done);
        element.addEventListener('error', done);
        setTimeout(done, 4000);
      });
    }
    // A small difference is not worth a seek: it would only make the picture jump.
    if (Math.abs(element.currentTime - target) > 0.25) {
      if (isVideo) this.expect?.('seek');
      try { element.currentTime = target; } catch { /* not seekable: play from where it is */ }
    }
  }

  /// Stops at `until`: the presenters give exact spans (a line, the lines of a wrong statement), and `timeupdate`
  /// alone fires too seldom to stop on time.
  watchUntil(element, until, isVideo) {
    clearInterval(this.stopTimer);
    this.stopTimer = null;
    if (until === undefined || until === null || !Number.isFinite(Number(until))) return;
    this.stopTimer = setInterval(() => {
      if (element.paused) { clearInterval(this.stopTimer); this.stopTimer = null; return; }
      if (element.currentTime >= Number(until)) {
        clearInterval(this.stopTimer);
        this.stopTimer = null;
        if (isVideo) this.expect?.('pause');
        element.pause();
      }
    }, 40);
  }

  /// Silences the video's sound through `spans` from now on, by Web Audio gain over the video element: the gain follows
  /// the picture's own time, every frame, so a pause or a seek by the browser's controls keeps it right, and falls to
  /// silence over 30 ms before each span and comes back over 30 ms after it, so no word of the voice kept is clipped.
  /// The video is routed through the gain the first time a voice is silenced, and stays routed (at full gain).
  silence(spans) {
    this.silenced = spans;
    if (!spans.length && !this.voiceGain) return;
    if (!this.voiceGain || this.voiceGain.element !== this.video) {
      const context = this.audioContext();
      const gain = context.createGain();
      context.createMediaElementSource(this.video).connect(gain).connect(context.destination);
      this.voiceGain = { element: this.video, gain };
      const video = this.video;
      const follow = () => {
        if (!video.isConnected) return;
        const value = voiceGain(this.silenced ?? [], video.currentTime);
        gain.gain.value = value;
        // What the gain is now, for a test to read.
        video.dataset.voiceGain = String(Math.round(value * 100) / 100);
        requestAnimationFrame(follow);
      };
      requestAnimationFrame(follow);
    }
    if (this.context.state === 'suspended') this.context.resume().catch(() => {});
  }

  audioContext() {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) throw new Error('this browser has no Web Audio');
    this.context ??= new Context();
    return this.context;
  }

  /// The page's audio context, running, and a way to decode into it a file the studio (or the site) serves.
  async decoding() {
    const context = this.audioContext();
    if (context.state === 'suspended') await context.resume();
    const decode = async (path) => {
      const response = await request(this.preview.api, 'GET', path);
      return context.decodeAudioData(await response.arrayBuffer());
    };
    return { context, decode };
  }

  /// The original line and the learner's recording: at once (original left, recording right) or one after the other.
  /// Both are decoded first, so that "at once" starts them on the same sample.
  async compare(line, mode) {
    const { module } = this.preview;
    const original = module?.transcript?.find((entry) => entry.id === line)?.audio;
    if (!original) throw new Error(`line '${line}' has no audio in this module`);
    this.stopAll();
    const { context, decode } = await this.decoding();
    const [first, second] = await Promise.all([
      decode(this.preview.mediaURL(original)),
      decode(await this.preview.recordingURL(line)),
    ]);
    const simultaneous = mode !== 'sequential';
    const start = context.currentTime + 0.1;
    const voices = [[first, simultaneous ? -1 : 0, start], [second, simultaneous ? 1 : 0, simultaneous ? start : start + first.duration + 0.5]];
    for (const [buffer, pan, when] of voices) {
      const source = context.createBufferSource();
      source.buffer = buffer;
      const panner = new StereoPannerNode(context, { pan });
      source.connect(panner).connect(context.destination);
      source.start(when);
      this.sources.push(source);
    }
  }

  /// The conversation in `media` with the learner's recordings in place of the lines they said in a role play
  /// (`takes`: `{line, start, end}`, by time): the conversation up to each line, faded out over 30 ms, then the
  /// learner's recording without the quiet around their voice, then the conversation on from the line's end, faded
  /// in. Everything is decoded first and scheduled on one clock, so no gap opens between the parts.
  async playWithTakes(media, takes) {
    this.stopAll();
    const { context, decode } = await this.decoding();
    const ordered = [...takes].sort((a, b) => a.start - b.start);
    const decodingConversation = decode(this.preview.mediaURL(media));
    // Seen as handled here: a recording that fails first is the error reported.
    decodingConversation.catch(() => {});
    // One recording after the other: the web player's address for a recording lasts until it is asked for the next.
    const voices = [];
    for (const take of ordered) voices.push(await decode(await this.preview.recordingURL(take.line)));
    const conversation = await decodingConversation;
    const fade = 0.03;
    let when = context.currentTime + 0.1;
    const schedule = (buffer, offset, duration, fadeIn, fadeOut) => {
      if (!(duration > 0)) return;
      const source = context.createBufferSource();
      source.buffer = buffer;
      const gain = context.createGain();
      gain.gain.setValueAtTime(fadeIn ? 0 : 1, when);
      if (fadeIn) gain.gain.linearRampToValueAtTime(1, when + Math.min(fade, duration / 2));
      if (fadeOut) {
        gain.gain.setValueAtTime(1, when + Math.max(0, duration - fade));
        gain.gain.linearRampToValueAtTime(0, when + duration);
      }
      source.connect(gain).connect(context.destination);
      source.start(when, offset, duration);
      this.sources.push(source);
      when += duration;
    };
    let cursor = 0;
    ordered.forEach((take, index) => {
      const start = Math.max(cursor, take.start);
      schedule(conversation, cursor, start - cursor, cursor > 0, true);
      const [from, to] = voicedSpan(voices[index]);
      schedule(voices[index], from, to - from, false, false);
      cursor = Math.max(start, take.end);
    });
    schedule(conversation, cursor, conversation.duration - cursor, cursor > 0, false);
    // What was put together, for a test to read.
    this.preview.root.dataset.takesHeard = String(ordered.length);
    this.preview.root.dataset.takesSeconds = String(Math.round((when - context.currentTime) * 10) / 10);
  }

  close() {
    this.stopAll();
    this.audio.removeAttribute('src');
    this.context?.close?.().catch(() => {});
    this.context = null;
  }
}


/// Where the voice is in a recording (seconds): from the first 10 ms 30 dB below its loudest to the last, with
/// 150 ms kept each side, as the terminal player trims a take.
export function voicedSpan(buffer, margin = 0.15) {
  const samples = buffer.getChannelData(0);
  const frame = Math.max(1, Math.floor(buffer.sampleRate / 100));
  const loudness = [];
  for (let start = 0; start < samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let index = start; index < end; index += 1) sum += samples[index] * samples[index];
    loudness.push(Math.sqrt(sum / (end - start)));
  }
  const loudest = Math.max(0, ...loudness);
  if (!(loudest > 0)) return [0, 0];
  const first = loudness.findIndex((value) => value >= loudest * 0.0316);
  const last = loudness.length - 1 - [...loudness].reverse().findIndex((value) => value >= loudest * 0.0316);
  return [Math.max(0, first * frame / buffer.sampleRate - margin), Math.min(buffer.duration, (last + 1) * frame / buffer.sampleRate + margin)];
}

/// The gain at `seconds` into the video with `spans` silent: 0 inside a span, rising back over 30 ms either side.
export function voiceGain(spans, seconds, fade = 0.03) {
  let gain = 1;
  for (const { start, end } of spans) {
    if (seconds >= start && seconds <= end) return 0;
    if (seconds < start && start - seconds < fade) gain = Math.min(gain, (start - seconds) / fade);
    if (seconds > end && seconds - end < fade) gain = Math.min(gain, (seconds - end) / fade);
  }
  return gain;
}
