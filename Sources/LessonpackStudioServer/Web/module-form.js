// The Module section: module.plist as a form. Identity, the video, speakers, PC³ objectives and the activities.

import { el, button, labelled, replaceChildren, announce } from "./dom.js";
import { textInput, textArea, selectInput, colourInput } from "./fields.js";

export const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"];

/** The activities a module may list, as [name, title] in the standard order: the server's registry, sent with
 *  every state, so the page keeps no list of its own. */
export function activityChoices(state) {
  return (state?.activityKinds ?? []).map(({ name, title }) => [name, title]);
}

export function renderModuleForm(container, ctx) {
  const module = ctx.store.module;
  const below = el("div", { class: "module-below" });
  replaceChildren(container, identity(ctx, module), speakers(ctx, module), below);
  // The objectives and the activities are below the first screen. While the page is loading they are drawn just
  // after its first paint, which then comes sooner; unless the form was drawn again meanwhile.
  ctx.afterFirstPaint(() => {
    if (below.isConnected) {
      replaceChildren(below, objectives(ctx, ctx.store.module), activities(ctx, ctx.store.module),
        ...rolePlay(ctx, ctx.store.module), ...chosenLines(ctx, ctx.store.module));
    }
  });
}

function identity(ctx, module) {
  const videos = ctx.mediaPaths("video");
  return el("fieldset", { class: "form-grid", id: "module-identity" },
    el("legend", {}, "Identity"),
    labelled("Id", textInput(ctx, "id", { spellcheck: "false" }),
      { hint: "Lowercase letters, digits and hyphens, e.g. job-interview. Bundles and learners' libraries use it." }),
    labelled("Title", textInput(ctx, "title"), { className: "field field-span2" }),
    labelled("Version", textInput(ctx, "version", { spellcheck: "false" }), { hint: "MAJOR.MINOR.PATCH, e.g. 1.0.0" }),
    labelled("Level", selectInput(ctx, "level", LEVELS)),
    labelled("Summary", textArea(ctx, "summary", { rows: 3 }), { className: "field field-wide" }),
    labelled("Video", selectInput(ctx, "video", [["", "(no video)"], ...videos], { emptyMeansAbsent: true }),
      { hint: videos.length ? "The conversation, from the media library." : "No video in the media library yet: add one under Media." }));
}

function speakers(ctx, module) {
  const body = el("tbody");
  module.speakers.forEach((speaker, index) => {
    const path = `speakers.${index}`;
    body.append(el("tr", { "data-field": path, "data-row": index, "data-testid": "speaker-row" },
      el("td", {}, textInput(ctx, `${path}.id`, { "aria-label": `Speaker ${index + 1} id`, spellcheck: "false" })),
      el("td", {}, textInput(ctx, `${path}.name`, { "aria-label": `Speaker ${index + 1} name` })),
      el("td", {}, colourInput(ctx, `${path}.colour`, { "aria-label": `Speaker ${index + 1} colour` })),
      el("td", {}, button("Delete", () => {
        ctx.store.change((m) => m.speakers.splice(index, 1));
        ctx.refresh(["module", "transcript"], { focus: "#add-speaker" });
        announce(`Speaker ${speaker.id || index + 1} deleted.`);
      }, { "data-testid": "delete-speaker", "aria-label": `Delete speaker ${speaker.id || index + 1}` }),
      el("div", { class: "diag-slot" }))));
  });
  return el("fieldset", { id: "module-speakers", "data-field": "speakers" },
    el("legend", {}, "Speakers"),
    el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, el("th", {}, "Id"), el("th", {}, "Name"), el("th", {}, "Colour"), el("th", {}, ""))),
      body),
    button("Add speaker", () => {
      ctx.store.change((m) => m.speakers.push({ id: "", name: "", colour: "#1F77B4" }));
      ctx.refresh(["module"], { focus: `[data-field="speakers.${module.speakers.length}.id"]` });
    }, { id: "add-speaker" }),
    el("div", { class: "diag-slot" }));
}

const OBJECTIVE_PARTS = [
  ["performance", "Performance", "What the learner will be able to do."],
  ["condition", "Condition", "In what situation."],
  ["content", "Content", "With what language."],
  ["criteria", "Criteria", "How well."],
];

function objectives(ctx, module) {
  const list = el("div", { class: "objectives" });
  module.objectives.forEach((objective, index) => {
    const path = `objectives.${index}`;
    list.append(el("fieldset", { class: "objective form-grid", "data-field": path, "data-row": index, "data-testid": "objective" },
      el("legend", {}, `Objective ${index + 1}`),
      labelled("Id", textInput(ctx, `${path}.id`, { spellcheck: "false" }), { hint: "How test items name it." }),
      OBJECTIVE_PARTS.map(([key, label, hint]) =>
        labelled(label, textArea(ctx, `${path}.${key}`, { rows: 2 }), { hint, className: "field field-wide" })),
      el("div", { class: "row-actions" },
        button("Delete objective", () => {
          ctx.store.change((m) => m.objectives.splice(index, 1));
          ctx.refresh(["module", "questions"], { focus: "#add-objective" });
          announce(`Objective ${objective.id || index + 1} deleted.`);
        }, { "data-testid": "delete-objective", "aria-label": `Delete objective ${objective.id || index + 1}` })),
      el("div", { class: "diag-slot" })));
  });
  return el("fieldset", { id: "module-objectives", "data-field": "objectives" },
    el("legend", {}, "Learning objectives (PC³)"),
    list,
    button("Add objective", () => {
      ctx.store.change((m) => m.objectives.push({ id: "", performance: "", condition: "", content: "", criteria: "" }));
      ctx.refresh(["module"], { focus: `[data-field="objectives.${module.objectives.length}.id"]` });
    }, { id: "add-objective" }),
    el("div", { class: "diag-slot" }));
}

function activities(ctx, module) {
  const listed = module.activities;
  const choices = activityChoices(ctx.store.state);
  const known = choices.map(([name]) => name);
  // A name from disk that is not an activity stays visible (and is removed by unticking it): dropping it
  // silently would hide the error the checker reports about it.
  const unknown = [...new Set(listed.filter((name) => !known.includes(name)))];
  const entries = [...choices, ...unknown.map((name) => [name, `${name} (not an activity)`])];
  const boxes = entries.map(([name, label]) => {
    const index = listed.indexOf(name);
    const box = el("input", {
      type: "checkbox", id: `activity-${name.replace(/[^a-z0-9-]/gi, "_")}`, "data-testid": `activity-${name}`,
      ...(index >= 0 ? { "data-field": `activities.${index}` } : {}),
    });
    box.checked = index >= 0;
    box.addEventListener("change", () => {
      ctx.store.change((m) => {
        const chosen = new Set(m.activities);
        if (box.checked) chosen.add(name);
        else chosen.delete(name);
        // Rewritten in the standard order, which the checker requires.
        m.activities = [...known.filter((x) => chosen.has(x)), ...unknown.filter((x) => chosen.has(x))];
      }, { path: "activities" });
      ctx.refresh(["module", "preview"]);
    });
    return el("div", { class: "check" }, box, el("label", { for: box.id }, label));
  });
  return el("fieldset", { id: "module-activities", "data-field": "activities", class: "checks" },
    el("legend", {}, "Activities"), boxes, el("div", { class: "diag-slot" }));
}

/** With the video listed: whether learners may play a speaker in it. Offered unless switched off (module.plist's
 *  `roleplay` false); ticking the box again removes the key, so the module reads as one that never had it. */
function rolePlay(ctx, module) {
  if (!module.activities.includes("video")) return [];
  const box = el("input", { type: "checkbox", id: "module-roleplay-box", "data-testid": "roleplay", "data-field": "roleplay" });
  box.checked = module.roleplay !== false;
  box.addEventListener("change", () => {
    ctx.store.change((m) => {
      if (box.checked) delete m.roleplay;
      else m.roleplay = false;
    }, { path: "roleplay" });
    ctx.refresh(["module", "preview"], { focus: "#module-roleplay-box" });
  });
  return [el("fieldset", { id: "module-roleplay", "data-field": "roleplay", class: "checks" },
    el("legend", {}, "Role play"),
    el("div", { class: "check" }, box, el("label", { for: box.id },
      "Learners can play one speaker in the video: it stops before each of their lines for them to say it (with two speakers or more)")),
    el("div", { class: "diag-slot" }))];
}

/** For each activity that lets the author choose its lines (the server sends its key with the activity's name and
 *  title), when the module lists it: which lines it uses. Every line (no key in module.plist), or the lines ticked,
 *  in the transcript's order. */
function chosenLines(ctx, module) {
  return (ctx.store.state?.activityKinds ?? [])
    .filter(({ name, linesKey }) => linesKey && module.activities.includes(name))
    .map(({ name, title, linesKey }) => lineChooser(ctx, module, name, title, linesKey));
}

function lineChooser(ctx, module, name, title, key) {
  const chosen = module[key];
  const every = el("input", { type: "checkbox", id: `${name}-every-line`, "data-testid": `${name}-every-line` });
  every.checked = chosen == null;
  every.addEventListener("change", () => {
    ctx.store.change((m) => {
      if (every.checked) delete m[key];
      else m[key] = m.transcript.map((line) => line.id);
    }, { path: key });
    ctx.refresh(["module", "preview"], { focus: `#${name}-every-line` });
  });
  const lines = module.transcript.map((line, index) => {
    const box = el("input", { type: "checkbox", id: `${name}-line-${index}`, "data-testid": `${name}-line-${index}` });
    const at = (chosen ?? []).indexOf(line.id);
    if (at >= 0) box.setAttribute("data-field", `${key}.${at}`);
    box.checked = chosen == null || at >= 0;
    box.disabled = chosen == null;
    box.addEventListener("change", () => {
      ctx.store.change((m) => {
        const ticked = new Set(m[key] ?? []);
        if (box.checked) ticked.add(line.id);
        else ticked.delete(line.id);
        // In the order the conversation is heard.
        m[key] = m.transcript.map((l) => l.id).filter((id) => ticked.has(id));
      }, { path: key });
      ctx.refresh(["module", "preview"], { focus: `#${name}-line-${index}` });
    });
    const speaker = module.speakers.find((s) => s.id === line.speaker)?.name ?? line.speaker;
    return el("div", { class: "check" }, box, el("label", { for: box.id }, `${index + 1}. ${speaker}: ${line.text}`));
  });
  return el("fieldset", { id: `module-${name}`, "data-field": key, class: "checks" },
    el("legend", {}, `${title}: the lines it uses`),
    el("div", { class: "check" }, every, el("label", { for: every.id }, "Every line of the conversation")),
    lines, el("div", { class: "diag-slot" }));
}
