// The Media library: add files (dropped on the zone or chosen with the file input) into a folder under media/, and
// see every file with its kind, size and duration, flagged when nothing refers to it, when it is missing from the
// disk, or when media.plist does not list it; delete one, or rescan after copying files in by other means.

import { el, button, labelled, replaceChildren, formatBytes, formatTime, select, announce } from "./dom.js";
import { uploadMedia, kindOf, filledByLastUpload } from "./upload.js";
import { playClip } from "./audio-field.js";

const FOLDERS = [["", "media/ (top level)"], ["lines", "media/lines"], ["qa", "media/qa"], ["video", "media/video"]];

export function renderMedia(container, ctx) {
  // The chosen folder and the replace box outlive a re-render (the list changes after every upload).
  const previous = {
    folder: container.querySelector("#media-folder")?.value ?? "",
    replace: container.querySelector("#media-replace")?.checked ?? false,
    status: container.querySelector("#media-upload-status")?.textContent ?? "",
  };
  replaceChildren(container, uploader(ctx, previous), list(ctx));
}

function uploader(ctx, previous) {
  const folder = select(FOLDERS, previous.folder, { id: "media-folder" });
  const replace = el("input", { type: "checkbox", id: "media-replace" });
  replace.checked = previous.replace;
  const fileInput = el("input", { type: "file", id: "media-file", multiple: true });
  const status = el("p", { id: "media-upload-status", role: "status" }, previous.status);

  const send = async (files) => {
    for (const file of files) {
      // The section is redrawn after each upload (the list changed): write to the status line of the moment.
      const status = () => document.getElementById("media-upload-status");
      status().textContent = `Uploading ${file.name}…`;
      try {
        if (!kindOf(file.name)) throw new Error(`'${file.name}' has an extension modules do not use.`);
        const target = document.getElementById("media-folder").value;
        const overwrite = document.getElementById("media-replace").checked;
        const path = await uploadMedia(ctx, target, file.name, file, { replace: overwrite ? true : null });
        const filled = path ? filledByLastUpload() : [];
        status().textContent = path ? `Added ${path}.${filled.length ? ` ${filled.join(". ")}.` : ""}`
          : `${file.name}: left as it was.`;
      } catch (error) {
        status().textContent = `${file.name}: not added.`;
        ctx.reportError(error);
      }
    }
  };
  fileInput.addEventListener("change", () => {
    const files = [...fileInput.files];
    fileInput.value = "";
    send(files);
  });

  const zone = el("div", { id: "media-drop", class: "drop-zone", "data-testid": "media-drop" },
    el("p", {}, "Drop media files here, or choose them:"),
    labelled("Files", fileInput),
    el("p", { class: "hint" }, "Video: .mp4 .m4v .webm .mkv .mov .ogv · Audio: .opus .ogg .oga .mp3 .m4a .aac .flac .wav · Images and subtitles too."));
  zone.addEventListener("dragover", (event) => {
    if (![...event.dataTransfer.types].includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    zone.classList.add("drop-active");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("drop-active"));
  zone.addEventListener("drop", (event) => {
    zone.classList.remove("drop-active");
    if (!event.dataTransfer.files?.length) return;
    event.preventDefault();
    send([...event.dataTransfer.files]);
  });

  return el("section", { id: "media-upload", "aria-labelledby": "h-media-upload" },
    el("h3", { id: "h-media-upload" }, "Add files"),
    el("div", { class: "form-grid" },
      labelled("Target folder", folder),
      el("div", { class: "check" }, replace, el("label", { for: "media-replace" }, "Replace files of the same name"))),
    zone, status);
}

function list(ctx) {
  const files = [...ctx.mediaFiles()].sort((a, b) => a.path.localeCompare(b.path));
  const body = el("tbody");
  // Diagnostics about media.plist name its entries by their place in the model's list.
  const listedAt = new Map(ctx.store.module.media.map((file, index) => [file.path, index]));
  for (const file of files) {
    const flags = [];
    if (file.onDisk === false) flags.push(["missing", "error", "Listed or named by the module but not on disk."]);
    if (file.referenced === false) flags.push(["not referenced", "warning", "Nothing in the module names it: it would go into the bundle for nothing."]);
    if (file.listed === false) flags.push(["not listed", "warning", "The media library does not list it yet, so it would not be in the bundle: press Scan the media folder again."]);
    const playable = file.onDisk !== false && (file.kind === "audio" || file.kind === "video");
    body.append(el("tr", { "data-testid": "media-row", "data-path": file.path,
      "data-field": listedAt.has(file.path) ? `media.${listedAt.get(file.path)}` : null },
      el("td", { class: "path" }, file.path),
      el("td", {}, file.kind ?? ""),
      el("td", { class: "number" }, formatBytes(file.size)),
      el("td", { class: "number" }, typeof file.duration === "number" ? formatTime(file.duration) : ""),
      el("td", {}, flags.map(([text, severity, title]) =>
        el("span", { class: `badge badge-${severity}`, title, "data-testid": `media-flag` }, text))),
      el("td", { class: "row-buttons" }, playable && file.kind === "audio"
        ? button("▶", () => playClip(ctx, file.path), { class: "icon-button", "aria-label": `Play ${file.path}` })
        : playable ? el("a", { href: ctx.api.mediaURL(ctx.key, file.path), target: "_blank", rel: "noopener" }, "Open") : null,
        file.onDisk !== false ? button("Delete", () => remove(ctx, file), {
          class: "small danger", "data-testid": "delete-media", "aria-label": `Delete ${file.path}`,
        }) : null,
        el("div", { class: "diag-slot" }))));
  }
  const total = files.reduce((sum, file) => sum + (file.size ?? 0), 0);
  const rescan = button("Scan the media folder again", async () => {
    rescan.disabled = true;
    try {
      await ctx.store.perform(() => ctx.api.rescanMedia(ctx.key));
      announce("The media library now lists exactly the files in the media folder.");
    } catch (error) {
      ctx.reportError(error);
    } finally {
      rescan.disabled = false;
    }
  }, { id: "media-rescan", title: "After copying files into media/ with another program" });
  return el("section", { id: "media-library", "aria-labelledby": "h-media-library", "data-field": "media" },
    el("h3", { id: "h-media-library" }, `Files (${files.length}, ${formatBytes(total)})`),
    el("div", { class: "diag-slot" }),
    el("div", { class: "inline-actions" }, rescan),
    files.length === 0 ? el("p", {}, "No media yet.") :
      el("table", { class: "grid", id: "media-table" },
        el("thead", {}, el("tr", {}, ["Path", "Kind", "Size", "Duration", "Flags", ""].map((h) => el("th", { scope: "col" }, h)))),
        body));
}

async function remove(ctx, file) {
  const warning = file.referenced ? `\n\nThe module still names it: those places will report it missing.` : "";
  if (!window.confirm(`Delete media/${file.path} from the disk?${warning}`)) return;
  try {
    await ctx.store.perform(() => ctx.api.deleteMedia(ctx.key, file.path));
    announce(`${file.path} deleted.`);
    document.getElementById("media-rescan")?.focus(); // the row and its button are gone
  } catch (error) {
    ctx.reportError(error);
  }
}
