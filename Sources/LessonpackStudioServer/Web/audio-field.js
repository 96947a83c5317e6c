// An audio clip field (a transcript line's, a question's, an answer's): choose a clip of the media library, listen
// to it, upload a file, or record one with the microphone. Uploads and recordings go to `folder/<name>.<ext>`,
// where the name comes from the entry (the line's id), and the field then names that clip.

import { el, button, uniqueId, announce } from "./dom.js";
import { selectInput } from "./fields.js";
import { uploadMedia, acceptFor, extensionOf } from "./upload.js";
import { canRecord, startRecording } from "./recorder.js";

let player = null; // one clip plays at a time, whichever field started it

/** Plays a media file of the module, or stops it when the same one is playing. */
export function playClip(ctx, path) {
  if (player && !player.paused && player.dataset.path === path) {
    player.pause();
    return;
  }
  player?.pause();
  player = new Audio(ctx.mediaURL(path));
  player.dataset.path = path;
  player.play().catch((error) => ctx.reportError(new Error(`Cannot play ${path}: ${error.message}`)));
}

/**
 * `path`: the model path of the clip (`transcript.3.audio`); `folder`: where new clips go; `baseName()`: the file
 * name without extension, asked at upload time (the id may have changed since rendering); `label`: for aria-labels.
 */
export function audioField(ctx, path, { folder, baseName, label }) {
  // The entry's own folder first (lines/ for a line, qa/ for a question or an answer), then the rest of the library.
  const clips = ctx.mediaPaths("audio");
  const own = clips.filter((clip) => clip.startsWith(`${folder}/`));
  const rest = clips.filter((clip) => !clip.startsWith(`${folder}/`));
  const chooser = selectInput(ctx, path, [["", "(no clip)"], ...own, ...rest], { "aria-label": `${label}: clip`, class: "clip-select" });
  const status = el("span", { class: "clip-status", role: "status" });

  const use = async (blob, extension) => {
    const name = `${baseName() || "clip"}.${extension}`;
    status.textContent = "Uploading…";
    try {
      const stored = await uploadMedia(ctx, folder, name, blob, { kind: "audio" });
      status.textContent = "";
      if (!stored) return;
      ctx.store.set(path, stored, { immediate: true });
      ctx.refreshField(path);
      announce(`${label}: ${stored}.`);
    } catch (error) {
      status.textContent = "";
      ctx.reportError(error);
    }
  };

  const fileId = uniqueId("clip-file");
  const fileInput = el("input", {
    type: "file", id: fileId, accept: acceptFor("audio"), class: "visually-hidden-file", "data-testid": "audio-upload",
    "aria-label": `${label}: upload a clip`,
  });
  fileInput.addEventListener("change", () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (file) use(file, extensionOf(file.name));
  });

  const play = button("▶", () => {
    const current = ctx.store.get(path);
    if (current) playClip(ctx, current);
    else announce("No clip chosen.");
  }, { class: "icon-button", "aria-label": `${label}: play the clip`, title: "Play the clip", "data-testid": "audio-play" });

  const record = recordButton(ctx, label, status, use);

  return el("div", { class: "audio-field", "data-testid": "audio-field" },
    chooser, play,
    el("label", { for: fileId, class: "file-button", title: "Upload a clip" }, "Upload…"), fileInput,
    record, status);
}

function recordButton(ctx, label, status, use) {
  if (!canRecord()) {
    return button("Record", () => {}, { disabled: true, title: "This browser cannot record", "data-testid": "audio-record" });
  }
  let session = null;
  const node = button("Record", async () => {
    if (session) {
      const current = session;
      session = null;
      node.textContent = "Record";
      node.setAttribute("aria-pressed", "false");
      status.textContent = "Encoding…";
      try {
        const { blob, extension } = await current.stop();
        await use(blob, extension);
      } catch (error) {
        status.textContent = "";
        ctx.reportError(error);
      }
      return;
    }
    try {
      session = await startRecording({ onAutoStop: () => node.click() });
      node.textContent = "Stop recording";
      node.setAttribute("aria-pressed", "true");
      status.textContent = "Recording…";
      announce("Recording. Press Stop recording to finish.");
    } catch (error) {
      session = null;
      ctx.reportError(new Error(`The microphone is not available: ${error.message}`));
    }
  }, { "aria-label": `${label}: record a clip`, "aria-pressed": "false", "data-testid": "audio-record" });
  return node;
}
