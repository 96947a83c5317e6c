#!/usr/bin/env python3
"""The dictation in the studio, in a real browser: ticked under Module, its lines chosen, and played in the preview.
StudioBrowserTests runs it with studio_browser_test.py (every *_browser_test.py in this folder).

Run: .build-python/venv/bin/python Tests/Browser/dictation_browser_test.py [-v] [TestClass.test_name]
"""

import os
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ left in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from studio_browser_test import StudioTestCase, read_plist  # noqa: E402


class DictationPreviewTests(StudioTestCase):
    def setUp(self):
        super().setUp()
        self.page.open_module("0", "preview")
        self.module = self.server.state()["module"]

    def test_the_author_chooses_its_lines_and_the_preview_marks_a_written_line(self):
        # The sample does not list the dictation: ticked under Module, it is offered in the preview.
        self.page.section("module")
        self.page.click('[data-testid="activity-dictation"]', "the dictation's box")
        self.page.wait_saved()
        # It reads out every line until the author chooses: here, every line but the first.
        self.assertNotIn("dictationLines", read_plist(self.module_path("module.plist")))
        self.page.click('[data-testid="dictation-every-line"]', "the box for every line")
        self.page.wait_saved()
        self.page.click('[data-testid="dictation-line-0"]', "the first line's box")
        self.page.wait_saved()
        ids = [line["id"] for line in self.module["transcript"]]
        self.assertEqual(read_plist(self.module_path("module.plist"))["dictationLines"], ids[1:])
        view = self.page.open_preview("dictation")
        self.assertTrue(view["writing"])
        self.assertIsNone(view.get("line"), "the line is not shown before it is written")
        first = self.module["transcript"][1]["text"]
        box = self.page.wait_visible('[data-testid="preview-root"] [data-testid="dictation-input"]')
        box.send_keys(first.lower().replace(".", "").replace(",", ""))
        self.page.preview_click("write")
        view = self.page.wait_preview(lambda v: v.get("written"), "the line to be marked")
        self.assertEqual(view["line"], first)
        self.assertTrue(view["allRight"], view.get("marked"))
        self.assertEqual([word["mark"] for word in view["marked"]], ["right"] * len(view["marked"]))


if __name__ == "__main__":
    unittest.main(verbosity=2)
