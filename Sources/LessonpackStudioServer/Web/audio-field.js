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
export function audioField(ctx, path, { folder, baseName, label, speak = false }) {
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
    record, speak ? speakButton(ctx, path, label, status) : null, status);
}

/**
 * Speak it for now: a question or answer with no recording yet, or only a stand-in, spoken by the computer
 * (espeak-ng, on the server) and kept on the to-do list until the teacher records it. Offered only then.
 */
function speakButton(ctx, path, label, status) {
  const current = ctx.store.get(path);
  const file = current ? ctx.mediaFiles().find((f) => f.path === current) : null;
  const standIn = !current || !file || file.onDisk === false || file.placeholder === true;
  const node = button("Speak it for now", async () => {
    node.disabled = true;
    status.textContent = "Speaking…";
    try {
      const answer = await ctx.store.perform(() => ctx.api.speak(ctx.key, path));
      status.textContent = "";
      ctx.refreshField(path);
      announce(`${label}: spoken by the computer for now (${answer?.spoken?.path ?? "a stand-in"}); record it when you can.`);
    } catch (error) {
      status.textContent = "";
      ctx.reportError(error);
    } finally {
      node.disabled = false;
    }
  }, { "aria-label": `${label}: speak it for now`, title: "The computer speaks the text until you record it",
    "data-testid": "audio-speak", hidden: !standIn });
  return node;
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
