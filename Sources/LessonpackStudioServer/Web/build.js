// The Build section: checks and builds the bundle (optionally signed), then shows where it went, its size against
// the media's, and a plain summary of what learners get.

import { el, button, labelled, replaceChildren, formatBytes } from "./dom.js";
import { diagnosticList } from "./problems.js";

export function renderBuild(container, ctx) {
  if (container.built === ctx.key) return; // the form and the last result stay as they are
  container.built = ctx.key;
  const keyFile = el("input", { type: "text", id: "build-key-file", autocomplete: "off", spellcheck: "false", placeholder: "/path/to/publisher.key" });
  const result = el("div", { id: "build-result", "aria-live": "polite" });
  const run = button("Build", async () => {
    run.disabled = true;
    replaceChildren(result, el("p", { role: "status", id: "build-status" }, "Checking and building…"));
    try {
      await ctx.store.flush();
      const answer = await ctx.api.build(ctx.key, keyFile.value.trim());
      replaceChildren(result, ...buildReport(answer));
    } catch (error) {
      const body = error.body;
      replaceChildren(result,
        el("p", { id: "build-status", class: "build-failed", role: "alert" }, `Not built: ${error.message}`),
        body?.diagnostics ? diagnosticList(body.diagnostics, "build-diagnostics") : null);
    } finally {
      run.disabled = false;
    }
  }, { id: "build-button", class: "primary" });
  replaceChildren(container,
    el("div", { class: "form-grid" },
      labelled("Signing key file (optional)", keyFile, { className: "field field-wide narrow",
        hint: "A private key made by `lessonpack keygen`, as a path on this computer. Leave empty for an unsigned bundle." })),
    el("div", { class: "inline-actions" }, run),
    result);
}

function buildReport(answer) {
  const ok = answer.ok === true;
  const parts = [el("p", { id: "build-status", class: ok ? "build-ok" : "build-failed", role: ok ? "status" : "alert" },
    ok ? (answer.signed ? "Built and signed." : "Built.") : `Not built: ${answer.refusal ?? "the module has errors"} (nothing was written).`)];
  if (ok) {
    const ratio = answer.mediaSize > 0 ? answer.size / answer.mediaSize : null;
    parts.push(el("dl", { class: "facts", id: "build-facts" },
      el("dt", {}, "Bundle"), el("dd", { id: "build-bundle" }, answer.bundle ?? ""),
      el("dt", {}, "Size"), el("dd", { id: "build-size" }, `${formatBytes(answer.size)} (${answer.size} bytes)`),
      el("dt", {}, "Media"), el("dd", { id: "build-media-size" }, `${formatBytes(answer.mediaSize)} (${answer.mediaSize} bytes)`),
      el("dt", {}, "Against its media"), el("dd", { id: "build-ratio" }, ratio === null ? "no media" : `${ratio.toFixed(2)} times the media's size`)));
  }
  if (answer.diagnostics?.length) parts.push(el("h3", {}, "Diagnostics"), diagnosticList(answer.diagnostics, "build-diagnostics"));
  if (answer.inspection) parts.push(el("h3", {}, "What learners get"), summary(answer.inspection, answer.signed === true));
  return parts;
}

/**
 * The bundle in a teacher's words, from `inspect`'s document: the module, whether it is signed, and each activity
 * with what it holds ("Video task: 10 statements"). The bundle's entries and compression are a tool's business.
 */
function summary(data, signed) {
  const about = [data.title && `“${data.title}”`, data.version && `version ${data.version}`, data.level && `level ${data.level}`]
    .filter(Boolean).join(", ");
  return el("div", { id: "build-summary" },
    el("p", {}, `${about}${about ? ". " : ""}${signed ? "Signed: learners can check it came from you." : "Not signed."}`),
    el("ul", { id: "build-activities" }, (data.activities ?? []).map((activity) =>
      el("li", { "data-activity": activity.activity },
        (activity.counts ?? []).length ? `${activity.title}: ${activity.counts.join(", ")}` : activity.title))));
}
