// The Preview section: the module's activities, each opened as a learner would see it. The learner view itself is
// preview.js (written separately); it is loaded only when asked for, so the editor works without it.

import { el, button, replaceChildren, announce } from "./dom.js";
import { activityChoices } from "./module-form.js";

export function renderPreviewSection(container, ctx) {
  // The open preview survives re-renders of the list (a save while previewing must not close it).
  if (!container.previewHost || container.previewKey !== ctx.key) {
    container.previewKey = ctx.key;
    container.buttons = el("div", { id: "preview-activities", class: "inline-actions", role: "group", "aria-label": "Activities" });
    container.previewHost = el("div", { id: "preview-container", class: "preview-container", "data-testid": "preview-container" });
    replaceChildren(container,
      el("p", { class: "hint" }, "Try an activity as a learner will meet it. The preview uses the module as saved."),
      container.buttons, container.previewHost);
  }
  const titles = new Map(activityChoices(ctx.store.state));
  const listed = ctx.store.module.activities.filter((name) => titles.has(name));
  replaceChildren(container.buttons,
    listed.length === 0 ? el("p", {}, "The module lists no activities: choose them under Module.") :
      listed.map((activity) => button(titles.get(activity), () => open(ctx, container.previewHost, activity), {
        id: `preview-open-${activity}`, "data-testid": "preview-activity", "data-activity": activity,
      })));
}

async function open(ctx, host, activity) {
  for (const other of document.querySelectorAll('[data-testid="preview-activity"]')) {
    other.setAttribute("aria-pressed", String(other.dataset.activity === activity));
  }
  replaceChildren(host, el("p", { role: "status" }, "Opening the preview…"));
  try {
    await ctx.store.flush(); // the server previews what is on disk
  } catch (error) {
    ctx.reportError(error);
  }
  let preview;
  try {
    preview = await import("./preview.js");
  } catch (error) {
    replaceChildren(host, el("p", { class: "banner banner-warning", role: "status", id: "preview-unavailable" },
      `The learner preview is not available in this studio (preview.js could not be loaded: ${error.message}).`));
    return;
  }
  try {
    replaceChildren(host);
    await preview.openPreview(host, { api: ctx.api, key: ctx.key, activity, state: ctx.store.state });
    announce(`Preview of ${activity} opened.`);
  } catch (error) {
    replaceChildren(host, el("p", { class: "banner banner-error", role: "alert" }, `The preview failed: ${error.message}`));
    ctx.reportError(error);
  }
}
