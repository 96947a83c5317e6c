#!/usr/bin/env python3
"""Opens a class report that `lessonpack report` wrote in headless Chromium (through Selenium) and checks what a
teacher sees: the gradebook with the expected learners, at-risk learners first, bars drawn to their percentages,
nothing spilling off the page; then saves a screenshot.

Run: .build-python/venv/bin/python Tests/Browser/report_browser_check.py REPORT.html SCREENSHOT.png [LEARNER ...]
The LEARNER names must appear in the gradebook in that order. Exits 1 saying what is wrong, or which program could
not start.
"""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from studio_harness import start_chromium  # noqa: E402


def check(report, screenshot, learners):
    driver = start_chromium()
    try:
        driver.set_window_size(1200, 1400)
        driver.get("file://" + os.path.abspath(report))
        problems = []
        rows = driver.execute_script(
            "return [...document.querySelectorAll('table.gradebook tbody th[scope=row]')]"
            ".map(th => th.childNodes[0].textContent.trim())")
        if learners and rows[:len(learners)] != learners:
            problems.append(f"gradebook rows are {rows}, expected {learners} first")
        bars = driver.execute_script(
            "return [...document.querySelectorAll('svg.bars rect.bar')].map(r => [r.getBoundingClientRect().width,"
            " r.nextElementSibling.textContent])")
        if not bars:
            problems.append("no bars were drawn")
        for width, label in bars:
            if label.endswith("%"):
                expected = 300 * int(label[:-1]) / 100
                if abs(width - expected) > 4:
                    problems.append(f"a bar labelled {label} is {width:.0f} px wide, not about {expected:.0f}")
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            problems.append(f"the page is {overflow} px wider than the window")
        clipped = driver.execute_script(
            "return [...document.querySelectorAll('svg.bars text')].filter(t => t.getBoundingClientRect().left <"
            " t.ownerSVGElement.getBoundingClientRect().left - 1).map(t => t.textContent)")
        if clipped:
            problems.append(f"labels drawn outside their chart: {clipped[:3]}")
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(1200, min(max(height + 40, 600), 4000))
        driver.save_screenshot(screenshot)
        return problems
    finally:
        driver.quit()


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    try:
        problems = check(sys.argv[1], sys.argv[2], sys.argv[3:])
    except AssertionError as error:  # Chromium or Selenium could not start: the message says which
        print(error)
        return 1
    for problem in problems:
        print(problem)
    if not problems:
        print("report ok:", sys.argv[1])
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
