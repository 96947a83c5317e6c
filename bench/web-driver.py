#!/usr/bin/env python3
"""bench/web's measurements of an exported site (the argument): the gzipped weight of the page and the core, then,
RUNS times each in a fresh headless Chromium emulating a phone (390 x 844, touch) with the CPU four times slower,
served by nginx on a loopback port:
- cold: from the start of the page's load to the first activity's view drawn (the video task, opened by its
  address: the page, the core's download and compilation, the module's JSON, the core's first answer);
- a tap: from a tap on a statement's box to the view the core answered drawn (the entry stored first);
- the peer, in the same run and the same way: a bare page that fetches and instantiates the same core and the
  module's JSON, asks the core for the video task's first view and writes its title: the least any page built on
  this core must do. The ratio of the two says what the player's page adds, whatever the machine's load.
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

# The peer page, beside the site's own files (core.mjs among them), so nginx serves it the same way.
PEER = """<!doctype html><meta charset="utf-8"><title>peer</title><p id="out">…</p>
<script type="module">
import { loadCore } from './core.mjs';
const [bytes, module] = await Promise.all([
  fetch('lessonpack-core.wasm').then((r) => r.arrayBuffer()), fetch('modules/job-interview/core.json').then((r) => r.text())]);
const core = await loadCore(bytes);
const answer = core.present(module, { activity: 'video-task', session: '1', log: [{ at: Date.now(), open: {} }] });
document.getElementById('out').textContent = answer.title;
requestAnimationFrame(() => performance.mark('peer-first-view'));
</script>"""
with open(os.path.join(site, "bench-peer.html"), "w", encoding="utf-8") as handle:
    handle.write(PEER)


def first_view(driver, address, mark):
    driver.get(address)
    for _ in range(600):
        found = driver.execute_script(f"return performance.getEntriesByName('{mark}')[0]?.startTime ?? null")
        if found is not None:
            return found
        time.sleep(0.05)
    raise SystemExit(f"bench/web: {address} never drew its first view")


cold, taps, peers = [], [], []
nginx = Nginx(site)
try:
    for _ in range(runs):
        driver = start_phone()
        try:
            cold.append(first_view(driver, nginx.url + "#/job-interview/video-task", "lessonpack-first-view"))
            taps.append(driver.execute_async_script(TAP))
        finally:
            driver.quit()
        driver = start_phone()
        try:
            peers.append(first_view(driver, nginx.url + "bench-peer.html", "peer-first-view"))
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
print("from a tap on a statement's box to the core's answer drawn, its log entry stored in IndexedDB first. The peer,")
print("measured in the same run in the same way, is a bare page that fetches and instantiates the same core and the")
print("module's JSON and draws the title of the core's first answer: the least any page on this core does; the last")
print("row's ratio is the player's cold start over the peer's.")
print()
print("| | figure | budget | ratio | met |")
print("|---|---:|---:|---:|---|")
print(row("the core (lessonpack-core.wasm), gzipped", core / 1000, 300, "KB"))
print(row("the page and the core, gzipped", (page + core) / 1000, 500, "KB"))
print(row("first activity, cold, CPU ×4", statistics.median(cold), 1000, "ms"))
print(row("a tap answered, CPU ×4", statistics.median(taps), 1000, "ms"))
print(f"| the peer, cold, CPU ×4 | {statistics.median(peers):.0f} ms | | | |")
print(f"| the player's cold start over the peer's | | | {statistics.median(cold) / statistics.median(peers):.2f} | |")
