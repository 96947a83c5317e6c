#!/usr/bin/env python3
"""bench/web's measurements of an exported site (the argument): the gzipped weight of the page and the core, then,
RUNS times each in a fresh headless Chromium emulating a phone (390 x 844, touch) with the CPU four times slower,
served by nginx on a loopback port:
- cold: from the start of the page's load to the first activity's view drawn (the video task, opened by its
  address: the page, the core's download and compilation, the module's JSON, the core's first answer);
- a tap: from a tap on a statement's box to the view the core answered drawn (the entry stored first).
Prints the Markdown section, medians of the runs."""

import gzip
import json
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Browser"))

from web_player_browser_check import Nginx, start_phone  # noqa: E402

site = sys.argv[1]
runs = int(os.environ.get("RUNS", "5"))

with open(os.path.join(site, "manifest.json"), encoding="utf-8") as handle:
    files = json.load(handle)["files"] + ["manifest.json"]
weights = {}
for name in files:
    if not name.startswith("modules/"):
        with open(os.path.join(site, name), "rb") as handle:
            weights[name] = len(gzip.compress(handle.read(), 9, mtime=0))
core = weights["lessonpack-core.wasm"]
page = sum(weights.values()) - core

TAP = """
const done = arguments[arguments.length - 1];
const root = document.querySelector('[data-testid="preview-root"]');
const start = performance.now();
const watch = new MutationObserver(() => {
  if (root.dataset.busy === 'false') { watch.disconnect(); done(performance.now() - start); }
});
watch.observe(root, { attributes: true, attributeFilter: ['data-busy'] });
document.querySelector('[data-testid="statement-1"]').click();
"""

cold, taps = [], []
nginx = Nginx(site)
try:
    for _ in range(runs):
        driver = start_phone()
        try:
            driver.get(nginx.url + "#/job-interview/video-task")
            for _ in range(600):
                mark = driver.execute_script(
                    "return performance.getEntriesByName('lessonpack-first-view')[0]?.startTime ?? null")
                if mark is not None:
                    break
                time.sleep(0.05)
            else:
                raise SystemExit("bench/web: the video task never showed its view")
            cold.append(mark)
            taps.append(driver.execute_async_script(TAP))
        finally:
            driver.quit()
finally:
    nginx.remove()


def row(what, figure, budget, unit):
    met = "yes" if figure <= budget else "no"
    return f"| {what} | {figure:.0f} {unit} | {budget} {unit} | {figure / budget:.2f} | {met} |"


print("## web: the web player's weight and first response against their budgets")
print()
print("`lessonpack export web` of the sample module (Modules/job-interview), served by nginx on loopback, in headless")
print("Chromium emulating a phone (390 × 844, touch) with `Emulation.setCPUThrottlingRate` 4. Weights are gzip -9 of")
print(f"every file of the site but the module's own (media, content, subtitles). Times are medians of {runs} runs, each")
print("in a fresh browser (nothing cached): *cold* is from the start of the page's load to the video task's first view")
print("drawn (the page, the core's download and compilation, the module's JSON, the core's first answer); *a tap* is")
print("from a tap on a statement's box to the core's answer drawn, its log entry stored in IndexedDB first.")
print()
print("| | figure | budget | ratio | met |")
print("|---|---:|---:|---:|---|")
print(row("the core (lessonpack-core.wasm), gzipped", core / 1000, 300, "KB"))
print(row("the page and the core, gzipped", (page + core) / 1000, 500, "KB"))
print(row("first activity, cold, CPU ×4", statistics.median(cold), 1000, "ms"))
print(row("a tap answered, CPU ×4", statistics.median(taps), 1000, "ms"))
