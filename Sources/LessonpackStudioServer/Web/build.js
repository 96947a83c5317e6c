// The Build section: checks and builds the bundle (optionally signed), then shows where it went, its size against
// the media's, and what `inspect` says about it.

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
      el("dt", {}, "Bundle ÷ media"), el("dd", { id: "build-ratio" }, ratio === null ? "no media" : ratio.toFixed(3))));
  }
  if (answer.diagnostics?.length) parts.push(el("h3", {}, "Diagnostics"), diagnosticList(answer.diagnostics, "build-diagnostics"));
  if (answer.inspection) parts.push(el("h3", {}, "Inspection"), inspection(answer.inspection));
  return parts;
}

/**
 * `inspection` is `inspect --format json`'s document; it is shown generically (so new fields appear without a
 * change here): plain values as a table, lists of records as tables of their own, long ones folded.
 */
function inspection(data) {
  const scalars = Object.entries(data).filter(([, value]) => value === null || typeof value !== "object");
  const nested = Object.entries(data).filter(([, value]) => value !== null && typeof value === "object");
  return el("div", { id: "build-inspection" },
    el("table", { class: "grid compact", id: "inspection-summary" },
      el("tbody", {}, scalars.map(([key, value]) => el("tr", {}, el("th", { scope: "row" }, key), el("td", {}, cell(value)))))),
    nested.map(([key, value]) => {
      const table = Array.isArray(value) ? recordTable(key, value) : recordTable(key, [value]);
      if (Array.isArray(value) && value.length > 12) {
        return el("details", { "data-inspection": key }, el("summary", {}, `${key} (${value.length})`), table);
      }
      return el("div", { "data-inspection": key }, el("h4", {}, key), table);
    }));
}

function recordTable(key, rows) {
  const columns = [...new Set(rows.flatMap((row) => (row && typeof row === "object" && !Array.isArray(row) ? Object.keys(row) : ["value"])))];
  return el("table", { class: "grid compact", id: `inspection-${key}` },
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, rows.map((row) => el("tr", {}, columns.map((c) =>
      el("td", {}, cell(row && typeof row === "object" && !Array.isArray(row) ? row[c] : row)))))));
}

function cell(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
