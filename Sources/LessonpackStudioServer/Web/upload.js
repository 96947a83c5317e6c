// Putting a file into the module's media library, from any section: the extension is checked here first (the
// server checks again, and looks inside), an existing file is replaced only when the author says so, and unsaved
// edits are saved before (the store's perform), because the answer is a whole new state.

import { announce } from "./dom.js";

/** Accepted extensions by kind: MediaKind in Sources/LessonpackModel/MediaFile.swift. */
export const EXTENSIONS = {
  video: ["mp4", "m4v", "webm", "mkv", "mov", "ogv"],
  audio: ["opus", "ogg", "oga", "mp3", "m4a", "aac", "flac", "wav"],
  image: ["png", "jpg", "jpeg", "gif", "webp", "svg"],
  subtitles: ["vtt", "srt"],
};

export function extensionOf(name) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function kindOf(name) {
  const extension = extensionOf(name);
  return Object.keys(EXTENSIONS).find((kind) => EXTENSIONS[kind].includes(extension)) ?? null;
}

/** What an <input type=file accept> should offer for a kind. */
export function acceptFor(kind) {
  return [`${kind}/*`, ...EXTENSIONS[kind].map((x) => `.${x}`)].join(",");
}

/** A file name the server accepts as one name: no folders, nothing hidden, no characters paths refuse. */
export function cleanName(name) {
  const base = name.split(/[\\/]/).pop().normalize("NFC");
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "").replace(/^\.+/, "");
}

/**
 * Uploads `blob` as `folder/name`. Answers the media path, or null when the author chose not to replace a file.
 * `kind`: the kind the caller needs (an audio clip), refused here with a clear message when the name says otherwise.
 */
export async function uploadMedia(ctx, folder, name, blob, { kind = null, replace = null } = {}) {
  const clean = cleanName(name);
  const found = kindOf(clean);
  if (!found) {
    throw new Error(`'${clean}' has an extension modules do not use. Accepted: ${Object.entries(EXTENSIONS)
      .map(([k, list]) => `${k} ${list.map((x) => `.${x}`).join(" ")}`).join("; ")}.`);
  }
  if (kind && found !== kind) throw new Error(`'${clean}' is ${found === "audio" ? "an" : "a"} ${found} file; ${kind} is needed here.`);
  const path = folder ? `${folder}/${clean}` : clean;
  let overwrite = replace ?? false;
  const exists = ctx.mediaFiles().some((file) => file.path === path && file.onDisk !== false);
  if (exists && replace === null) {
    if (!window.confirm(`${path} is already in the media library. Replace it?`)) return null;
    overwrite = true;
  }
  announce(`Uploading ${path}…`);
  const answer = await ctx.store.perform(() => ctx.api.uploadMedia(ctx.key, folder, clean, blob, overwrite));
  // A clip named for its place (`l03.opus`, `q1-b.opus`) filled that empty clip field on the server.
  const filled = (answer?.filled ?? []).map((f) => `${f.entry[0].toUpperCase()}${f.entry.slice(1)}'s clip is now ${f.path}`);
  lastFilled = filled;
  announce(`${path} added to the media library.${filled.length ? ` ${filled.join(". ")}.` : ""}`);
  return path;
}

let lastFilled = [];
/** What the last upload's name filled, in words ("Transcript line l03's clip is now lines/l03.opus"). */
export function filledByLastUpload() { return lastFilled; }
