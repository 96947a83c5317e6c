// The Transcript section: the conversation as a table, one row per line, beside the video. Lines are reordered by
// dragging a row's handle or with its Move up / Move down buttons (the keyboard's way); a line's start and end can
// be taken from the playhead; its clip is chosen, uploaded, dropped onto the row or recorded.

import { el, button, replaceChildren, moveItem, announce, nextId } from "./dom.js";
import { textInput, textArea, selectInput, timeInput, setTime } from "./fields.js";
import { audioField } from "./audio-field.js";
import { uploadMedia, extensionOf } from "./upload.js";
import { VideoPanel } from "./video-panel.js";

const LINE_TYPE = "application/x-lessonpack-line";

export function renderTranscript(container, ctx) {
  // The player survives re-renders of the table (see video-panel.js); it is made once per module.
  if (!container.videoPanel || container.videoPanel.ctx.key !== ctx.key) {
    container.videoPanel = new VideoPanel(ctx);
    container.tableHolder = el("div", { class: "transcript-lines", id: "transcript-lines" });
    replaceChildren(container, el("div", { class: "transcript-layout" }, container.videoPanel.element, container.tableHolder));
  }
  const panel = container.videoPanel;
  panel.update();
  replaceChildren(container.tableHolder, table(ctx, panel));
}

function table(ctx, panel) {
  const lines = ctx.store.module.transcript;
  const speakers = ctx.store.module.speakers.map((s) => [s.id, s.name || s.id]);
  const body = el("tbody");
  lines.forEach((line, index) => body.append(row(ctx, panel, line, index, speakers, lines.length)));
  return el("div", { "data-field": "transcript", id: "transcript-editor" },
    el("p", { class: "hint" }, "Drag a row by its handle (⠿) or use ▲ ▼ to reorder; drop an audio file on a row to make it the line's clip."),
    el("table", { class: "grid transcript-table", id: "transcript-table" },
      // The id sits above the speaker and the start above the end, so the text (what the author writes most) has
      // the room, and a speaker's full name shows.
      el("colgroup", {}, ["number", "who", "text", "time", "audio", "actions"].map((c) => el("col", { class: `c-${c}` }))),
      el("thead", {}, el("tr", {},
        ["#", "Id and speaker", "Text", "Start and end", "Audio", "Actions"].map((h) => el("th", { scope: "col" }, h)))),
      body),
    el("div", { class: "inline-actions" },
      button("Add line", () => insertLine(ctx, lines.length - 1), { id: "add-line" }),
      alignButton(ctx, panel)),
    el("p", { role: "status", id: "align-status", class: "hint" }, panel.alignStatus ?? ""),
    el("div", { class: "diag-slot" }));
}

// Time lines from the video: the server listens to the module's video and finds every line in it, then the table is
// drawn again from the answer, so each row's Play line plays its new span and its clip field names its new clip.
// What it says stays on the panel, which outlives the table's redraws.
function alignButton(ctx, panel) {
  const node = button("Time lines from the video", async () => {
    node.disabled = true;
    const status = document.getElementById("align-status");
    if (status) status.textContent = "Listening to the video and finding each line… this takes a few seconds.";
    try {
      const answer = await ctx.store.perform(() => ctx.api.align(ctx.key));
      const { timed, uncertain } = answer.timed;
      panel.alignStatus = `Timed ${timed} line${timed === 1 ? "" : "s"} from the video, each with its own clip.` +
        (uncertain ? ` ${uncertain} may be wrong: they are listed under Problems; play ${uncertain === 1 ? "it" : "them"} and move the start or end if needed.`
          : " Press Play line on any row to hear it.");
      announce(panel.alignStatus);
    } catch (error) {
      panel.alignStatus = `Not timed: ${error.message}`;
      ctx.reportError(error);
    } finally {
      const status = document.getElementById("align-status");
      if (status) status.textContent = panel.alignStatus ?? "";
      node.disabled = false;
    }
  }, { id: "align-lines", class: "primary", title: "Finds when each line is said in the video and cuts its clip" });
  return node;
}

function row(ctx, panel, line, index, speakers, count) {
  const path = `transcript.${index}`;
  const name = () => ctx.store.get(`${path}.id`) || `line ${index + 1}`;
  const label = `Line ${line.id || index + 1}`;
  const start = timeInput(ctx, `${path}.start`, { "aria-label": `${label} start` });
  const end = timeInput(ctx, `${path}.end`, { "aria-label": `${label} end` });
  const handle = el("span", { class: "drag-handle", draggable: "true", title: "Drag to reorder", "aria-hidden": "true" }, "⠿");

  const tr = el("tr", { "data-field": path, "data-row": index, "data-line-id": line.id, "data-testid": "line-row" },
    el("td", { class: "line-number" }, handle, String(index + 1)),
    el("td", { class: "who-cell" },
      textInput(ctx, `${path}.id`, { "aria-label": `${label} id`, spellcheck: "false", class: "id-input" }),
      selectInput(ctx, `${path}.speaker`, speakers, { "aria-label": `${label} speaker`, class: "speaker-select",
        onEdit: () => colourRow(ctx, tr, index) })),
    el("td", { class: "text-cell" }, textArea(ctx, `${path}.text`, { "aria-label": `${label} text`, rows: 2 })),
    el("td", { class: "time-cell" },
      el("div", { class: "time-pair" }, start,
        button("Set start", () => setTime(ctx, start, `${path}.start`, panel.currentTime),
          { class: "small", "data-testid": "set-start", "aria-label": `${label}: set start from the playhead` })),
      el("div", { class: "time-pair" }, end,
        button("Set end", () => setTime(ctx, end, `${path}.end`, panel.currentTime),
          { class: "small", "data-testid": "set-end", "aria-label": `${label}: set end from the playhead` }))),
    el("td", { class: "audio-cell" }, audioField(ctx, `${path}.audio`, { folder: "lines", baseName: name, label })),
    el("td", { class: "actions-cell" },
      el("div", { class: "row-buttons" },
        button("Play line", () => panel.playLine(ctx.store.get(`${path}.start`), ctx.store.get(`${path}.end`)),
          { class: "small", "data-testid": "play-line", "aria-label": `${label}: play this line in the video` }),
        button("▲", () => move(ctx, index, index - 1, "move-up"),
          { class: "icon-button", "data-testid": "move-up", "aria-label": `${label}: move up`, title: "Move up", disabled: index === 0 }),
        button("▼", () => move(ctx, index, index + 1, "move-down"),
          { class: "icon-button", "data-testid": "move-down", "aria-label": `${label}: move down`, title: "Move down", disabled: index === count - 1 }),
        button("+", () => insertLine(ctx, index),
          { class: "icon-button", "data-testid": "insert-line", "aria-label": `${label}: insert a line after it`, title: "Insert a line after" }),
        button("✕", () => deleteLine(ctx, index),
          { class: "icon-button danger", "data-testid": "delete-line", "aria-label": `${label}: delete`, title: "Delete line" })),
      el("div", { class: "diag-slot" })));
  colourRow(ctx, tr, index);
  dragAndDrop(ctx, tr, handle, index);
  return tr;
}

/** The row's edge takes its speaker's colour, as learners will see it. */
function colourRow(ctx, tr, index) {
  const speaker = ctx.store.module.speakers.find((s) => s.id === ctx.store.get(`transcript.${index}.speaker`));
  const colour = speaker && /^#[0-9a-fA-F]{6}$/.test(speaker.colour) ? speaker.colour : "transparent";
  tr.style.setProperty("--speaker-colour", colour);
}

function move(ctx, from, to, focusButton) {
  const lines = ctx.store.module.transcript;
  if (to < 0 || to >= lines.length) return;
  const id = lines[from].id;
  ctx.store.change((m) => moveItem(m.transcript, from, to), { path: "transcript" });
  // Focus follows the moved line, so pressing Move up again keeps moving it.
  const target = to === 0 && focusButton === "move-up" ? "move-down" : to === lines.length - 1 && focusButton === "move-down" ? "move-up" : focusButton;
  ctx.refresh(["transcript"], { focus: `#transcript-table tr[data-row="${to}"] [data-testid="${target}"]` });
  announce(`Line ${id || from + 1} moved to position ${to + 1}.`);
}

function insertLine(ctx, after) {
  const lines = ctx.store.module.transcript;
  const previous = lines[after];
  const next = lines[after + 1];
  const start = previous ? previous.end : 0;
  const end = next ? Math.max(start, next.start) : start + 2;
  const line = {
    id: nextId(lines.map((l) => l.id), "l"),
    speaker: previous?.speaker ?? ctx.store.module.speakers[0]?.id ?? "",
    text: "", start, end, audio: "", terms: [],
  };
  ctx.store.change((m) => m.transcript.splice(after + 1, 0, line), { path: "transcript" });
  ctx.refresh(["transcript"], { focus: `[data-field="transcript.${after + 1}.text"]` });
  announce(`Line ${line.id} added.`);
}

function deleteLine(ctx, index) {
  const line = ctx.store.module.transcript[index];
  ctx.store.change((m) => m.transcript.splice(index, 1), { path: "transcript" });
  const remaining = ctx.store.module.transcript.length;
  ctx.refresh(["transcript"], {
    focus: remaining === 0 ? "#add-line" : `#transcript-table tr[data-row="${Math.min(index, remaining - 1)}"] [data-testid="delete-line"]`,
  });
  announce(`Line ${line.id || index + 1} deleted. Undo brings it back.`);
}

function dragAndDrop(ctx, tr, handle, index) {
  handle.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData(LINE_TYPE, String(index));
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setDragImage(tr, 10, 10);
    tr.classList.add("dragging");
  });
  handle.addEventListener("dragend", () => tr.classList.remove("dragging"));

  const clear = () => tr.classList.remove("drop-before", "drop-after", "drop-file");
  tr.addEventListener("dragover", (event) => {
    const types = [...event.dataTransfer.types];
    if (types.includes(LINE_TYPE)) {
      event.preventDefault();
      const { top, height } = tr.getBoundingClientRect();
      const after = event.clientY > top + height / 2;
      tr.classList.toggle("drop-after", after);
      tr.classList.toggle("drop-before", !after);
    } else if (types.includes("Files")) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      tr.classList.add("drop-file");
    }
  });
  tr.addEventListener("dragleave", clear);
  tr.addEventListener("drop", (event) => {
    const after = tr.classList.contains("drop-after");
    clear();
    const moved = event.dataTransfer.getData(LINE_TYPE);
    if (moved !== "") {
      event.preventDefault();
      const from = Number(moved);
      let to = after ? index + 1 : index;
      if (from < to) to -= 1;
      if (from !== to) move(ctx, from, to, "move-up");
      return;
    }
    const file = event.dataTransfer.files?.[0];
    if (!file) return;
    event.preventDefault();
    dropClip(ctx, index, file);
  });
}

async function dropClip(ctx, index, file) {
  const path = `transcript.${index}.audio`;
  const id = ctx.store.get(`transcript.${index}.id`) || `line-${index + 1}`;
  try {
    const stored = await uploadMedia(ctx, "lines", `${id}.${extensionOf(file.name)}`, file, { kind: "audio" });
    if (!stored) return;
    ctx.store.set(path, stored, { immediate: true });
    ctx.refreshField(path);
    announce(`Line ${id} now uses ${stored}.`);
  } catch (error) {
    ctx.reportError(error);
  }
}
