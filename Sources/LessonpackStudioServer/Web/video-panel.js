// The conversation video beside the transcript: the module's video with the transcript as subtitles, a scrub bar
// bound to the playhead, and "play this line" (from a line's start, pausing at its end). It is built once per video
// and kept across re-renders of the table, so editing never interrupts playback.

import { el, button, formatTime } from "./dom.js";

export class VideoPanel {
  constructor(ctx) {
    this.ctx = ctx;
    this.stopAt = null;
    this.videoPath = undefined;
    this.trackRevision = null;
    this.video = el("video", { id: "transcript-video", controls: true, preload: "metadata", "data-testid": "video" });
    this.scrub = el("input", {
      type: "range", id: "video-scrub", min: 0, max: 0, step: "any", value: 0, "data-testid": "video-scrub",
      "aria-label": "Position in the video", "aria-keyshortcuts": "ArrowLeft ArrowRight PageUp PageDown Home End",
    });
    this.clock = el("output", { id: "video-time", for: "video-scrub", "aria-live": "off" }, "0:00.000");
    this.note = el("p", { class: "hint", id: "video-note" });
    this.element = el("div", { id: "video-panel", class: "video-panel", "data-testid": "video-panel" },
      this.video,
      el("div", { class: "scrub" },
        el("label", { for: "video-scrub" }, "Position"), this.scrub, this.clock),
      el("div", { class: "inline-actions" },
        button("Back 1 s", () => this.seek(this.video.currentTime - 1), { id: "video-back", "aria-label": "Back one second" }),
        button("Play/Pause", () => this.toggle(), { id: "video-toggle" }),
        button("Forward 1 s", () => this.seek(this.video.currentTime + 1), { id: "video-forward", "aria-label": "Forward one second" })),
      this.note);

    this.scrub.addEventListener("input", () => this.seek(Number(this.scrub.value)));
    // The keyboard moves the playhead in steps that make sense for finding a line's start: a tenth of a second
    // (a second with Shift), five seconds a page.
    this.scrub.addEventListener("keydown", (event) => {
      const steps = { ArrowLeft: -0.1, ArrowDown: -0.1, ArrowRight: 0.1, ArrowUp: 0.1, PageDown: -5, PageUp: 5 };
      let target = null;
      if (event.key in steps) target = this.video.currentTime + steps[event.key] * (event.shiftKey && Math.abs(steps[event.key]) < 1 ? 10 : 1);
      else if (event.key === "Home") target = 0;
      else if (event.key === "End") target = this.video.duration || 0;
      if (target === null) return;
      event.preventDefault();
      this.seek(target);
    });
    // While the bar is held with the pointer, the playhead follows it and not the other way round.
    this.scrub.addEventListener("pointerdown", () => { this.dragging = true; });
    this.scrub.addEventListener("pointerup", () => { this.dragging = false; });
    this.video.addEventListener("loadedmetadata", () => this.showTime());
    this.video.addEventListener("durationchange", () => this.showTime());
    this.video.addEventListener("timeupdate", () => this.showTime());
    this.video.addEventListener("seeking", () => this.showTime());
    this.video.addEventListener("pause", () => { this.stopAt = null; });
    this.video.addEventListener("error", () => {
      this.note.textContent = `The video ${this.videoPath} cannot be played here (missing, or a format this browser does not play).`;
    });
  }

  /**
   * Points the player at the module's video, again only when it changed: another video, or the same name with
   * another file behind it (a replaced upload, whose address carries its size and duration). Refreshes the subtitles.
   */
  update() {
    const path = this.ctx.store.module.video ?? "";
    const url = path ? this.ctx.mediaURL(path) : "";
    if (path !== this.videoPath || url !== this.videoURL) {
      this.videoPath = path;
      this.videoURL = url;
      this.stopAt = null;
      this.note.textContent = path ? "" : "No video: choose one under Module (the video must be in the media library).";
      if (path) this.video.src = url;
      else this.video.removeAttribute("src");
      this.trackRevision = null;
    }
    this.refreshSubtitles();
  }

  /** The track is the transcript as saved; a new revision gives a new track (the old one is cached by the browser). */
  refreshSubtitles() {
    const revision = this.ctx.store.state.revision;
    if (!this.videoPath || revision === this.trackRevision) return;
    this.trackRevision = revision;
    for (const old of this.video.querySelectorAll("track")) old.remove();
    const track = el("track", {
      kind: "subtitles", srclang: "en", label: "Transcript", default: true,
      src: `${this.ctx.api.subtitlesURL(this.ctx.key)}?revision=${encodeURIComponent(revision ?? "")}`,
    });
    this.video.append(track);
    track.track.mode = "showing";
  }

  get currentTime() { return this.video.currentTime; }

  seek(seconds) {
    const end = Number.isFinite(this.video.duration) ? this.video.duration : Infinity;
    this.video.currentTime = Math.max(0, Math.min(end, seconds));
    this.showTime();
  }

  toggle() {
    if (this.video.paused) this.video.play().catch((error) => this.ctx.reportError(error));
    else this.video.pause();
  }

  /** Plays from `start` and pauses at `end`, checked every frame (timeupdate comes only four times a second). */
  playLine(start, end) {
    if (!this.videoPath) {
      this.ctx.reportError(new Error("The module has no video to play: choose one under Module."));
      return;
    }
    this.video.currentTime = start;
    this.video.play().then(() => {
      this.stopAt = end;
      const watch = () => {
        if (this.stopAt === null) return;
        if (this.video.currentTime >= this.stopAt) {
          this.video.pause();
          this.stopAt = null;
          return;
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }, (error) => this.ctx.reportError(error));
  }

  showTime() {
    const duration = Number.isFinite(this.video.duration) ? this.video.duration : 0;
    this.scrub.max = String(duration);
    if (!this.dragging) this.scrub.value = String(this.video.currentTime);
    this.scrub.setAttribute("aria-valuetext", formatTime(this.video.currentTime));
    this.clock.textContent = `${formatTime(this.video.currentTime)} / ${formatTime(duration)}`;
  }
}
