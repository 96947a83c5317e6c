#!/usr/bin/env python3
"""End-to-end tests of Lessonpack Studio in a real browser: the built `lessonpack studio`, in a fresh temporary folder,
driven through headless Chromium by Selenium, and checked afterwards with `lessonpack check`, `fmt --check` and
`verify` and by reading the files it wrote.

Run: .build-python/venv/bin/python Tests/Browser/studio_browser_test.py [-v] [TestClass.test_name]
Environment: LESSONPACK_BIN (default .build/debug/lessonpack), LESSONPACK_STUDIO_WEB (serve the page from that folder),
STUDIO_SCREENSHOTS=1 (write the screenshots of docs/studio.md into docs/studio/).

scripts/setup makes the Python environment (Selenium) and installs Chromium and chromedriver. When either cannot
start, every browser test fails saying which.
"""

import json
import os
import plistlib
import socket
import subprocess
import sys
import time
import unittest
import urllib.parse

sys.dont_write_bytecode = True  # no __pycache__ left in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from studio_harness import (ROOT, StudioServer, Workspace, make_audio, read_bytes, run_lessonpack,  # noqa: E402
                            source_files, start_chromium, tree_snapshot)

try:
    from studio_page import StudioPage  # noqa: E402
    from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
    from selenium.webdriver.support.ui import Select  # noqa: E402
except ImportError as error:  # Selenium missing: every browser test fails with this message
    StudioPage = None
    SELENIUM_PROBLEM = f"Selenium could not be imported ({error}): run scripts/setup"
else:
    SELENIUM_PROBLEM = None


def read_plist(*parts):
    with open(os.path.join(*parts), "rb") as handle:
        return plistlib.load(handle)


def seconds(value):
    """A time as module files write it: a number of seconds, or `m:ss.fff` / `h:mm:ss.fff`."""
    if isinstance(value, (int, float)):
        return float(value)
    total = 0.0
    for part in str(value).split(":"):
        total = total * 60 + float(part)
    return total


class StudioTestCase(unittest.TestCase):
    """One `lessonpack studio` in a fresh temporary folder, and one headless Chromium, per test.

    `modules`: copies of the sample module made in the folder and opened by the studio (none: the New module form).
    """

    modules = ("job-interview",)
    browser = True

    def setUp(self):
        self.workspace = Workspace()
        self.addCleanup(self.workspace.remove)
        for name in self.modules:
            self.workspace.copy_sample(name)
        self.server = StudioServer(self.workspace.path, self.modules, output="dist")
        self.addCleanup(self.stop_server)
        if not self.browser:
            return
        if SELENIUM_PROBLEM:
            self.fail(SELENIUM_PROBLEM)
        self.driver = start_chromium()  # an AssertionError naming Chromium or chromedriver fails the test
        self.addCleanup(self.driver.quit)
        self.page = StudioPage(self.driver, self.server)

    def tearDown(self):
        # The server stops whatever happened (cleanups run even when setUp failed half way); stopping twice is fine.
        self.stop_server()

    def stop_server(self):
        server = getattr(self, "server", None)
        if server is not None:
            server.stop()

    # Helpers

    def module_path(self, *parts):
        return self.workspace.child(self.modules[0] if self.modules else "", *parts)

    def assert_lessonpack(self, *arguments, status=0):
        result = run_lessonpack(*arguments, cwd=self.workspace.path)
        self.assertEqual(result.returncode, status,
                         f"lessonpack {' '.join(arguments)} exited {result.returncode}\n{result.stdout}{result.stderr}")
        return result


class CreateTests(StudioTestCase):
    modules = ()

    def test_create_a_module_with_the_new_module_form(self):
        page = self.page
        page.open()
        self.assertFalse(page.is_hidden("module-list-view"), "with no module open the page shows the module list")
        page.wait_visible("#new-module-name", "the New module form")
        page.find("#new-module-name").send_keys("at-the-bank")
        page.find("#new-module-title").send_keys("At the bank")
        page.click("#new-module-create")

        page.wait(lambda: not page.is_hidden("editor-view"), "the new module to open in the editor")
        page.wait_saved()
        page.wait(lambda: page.text("#module-title") == "At the bank", "the header to show the new module's title")
        self.assertEqual(page.value("title"), "At the bank")
        self.assertEqual(page.value("id"), "at-the-bank")
        self.assertEqual(page.error_count(), 0, "a new module has no errors (a to-do list of warnings is fine)")

        folder = self.workspace.child("at-the-bank")
        self.assertTrue(os.path.isfile(os.path.join(folder, "module.plist")),
                        "the module is made in the studio's folder")
        self.assertEqual(read_plist(folder, "module.plist")["title"], "At the bank")
        self.assert_lessonpack("check", "at-the-bank")

        # It is listed among the modules, with its counts.
        page.click("#modules-link")
        row = page.wait_visible('[data-testid="module-row"]', "the module in the list of modules")
        self.assertIn("At the bank", row.text)
        self.assertIn("at-the-bank", row.text)


class LessonDocumentTests(StudioTestCase):
    """Issue 28: a module made from a teacher's lesson document, in the browser, through to a built bundle."""

    modules = ()
    LESSON = os.path.join(ROOT, "Templates", "lessons", "at-the-cafe.md")

    def lesson_text(self):
        with open(self.LESSON, encoding="utf-8") as handle:
            return handle.read()

    def test_new_module_from_a_document_to_a_built_bundle(self):
        page = self.page
        page.open()
        document = self.workspace.write("at-the-cafe.md", self.lesson_text())
        page.wait_visible("#lesson-document-file", "the New module from a document form").send_keys(document)
        self.assertEqual(page.find("#lesson-module-name").get_attribute("value"), "at-the-cafe",
                         "the folder name is taken from the document's name")
        page.click("#lesson-module-create")
        page.wait(lambda: not page.is_hidden("editor-view"), "the new module to open in the editor", timeout=120)
        page.wait_saved()
        self.assertEqual(page.text("#module-title"), "Ordering at a café")
        self.assertEqual(page.error_count(), 0, "a module made from the document has no errors")

        folder = self.workspace.child("at-the-cafe")
        self.assertEqual(len(read_plist(folder, "transcript.plist")["lines"]), 14)
        self.assertEqual(len(read_plist(folder, "questions", "test.plist")["items"]), 30)
        self.assertEqual(len(read_plist(folder, "definitions.plist")), 10)

        # What is left to do is in the form's words: no file, command or media path.
        page.section("problems")
        to_do = [problem for problem in page.problems() if problem["code"].startswith("placeholder-")]
        self.assertTrue(to_do, "the stand-in clips are on the to-do list")
        for problem in to_do:
            for word in (".plist", "lessonpack", "media/"):
                self.assertNotIn(word, problem["text"], problem)
        self.assertTrue(any("Speak it for now" in problem["text"] for problem in to_do), to_do)

        # Speak it for now, on the first question: espeak-ng speaks it into its clip, still marked a stand-in.
        page.section("questions")
        before = read_plist(folder, "media.plist")["files"]["qa/q1.wav"]
        speak = page.wait_visible('#qa-editor [data-testid="question"] [data-testid="audio-speak"]', "Speak it for now")
        speak.click()
        page.wait(lambda: read_plist(folder, "media.plist")["files"]["qa/q1.wav"]["sha256"] != before["sha256"],
                  "the question to be spoken into its clip", timeout=60)
        self.assertTrue(read_plist(folder, "media.plist")["files"]["qa/q1.wav"].get("placeholder"),
                        "a spoken clip stays on the to-do list")
        page.wait_saved()

        page.section("build")
        page.click("#build-button")
        page.wait(lambda: page.text("#build-status") not in (None, "Checking and building…"), "the build to end",
                  timeout=180)
        self.assertEqual(page.text("#build-status"), "Built.", page.text("#build-result"))
        bundle = page.text("#build-bundle")
        path = bundle if os.path.isabs(bundle) else self.workspace.child(bundle)
        self.assertTrue(os.path.isfile(path), f"the bundle the page names is not at {path}")
        self.assertIn("Test: 30 items in the bank", page.text("#build-summary"))
        self.assert_lessonpack("check", "at-the-cafe")

    def test_a_pasted_lesson_with_a_mistake_is_shown_at_its_line_and_nothing_is_made(self):
        page = self.page
        page.open()
        broken = self.lesson_text().replace("\nTom: Hi. Can I have", "\nJerry: Hi. Can I have")
        page.wait_visible("#lesson-document-text", "the box to paste a lesson into")
        # Pasted, as a teacher would from their word processor (send_keys would type it line by line).
        page.js("const box = document.getElementById('lesson-document-text'); box.value = arguments[0];", broken)
        page.find("#lesson-module-name").send_keys("cafe")
        page.click("#lesson-module-create")
        page.wait(lambda: (page.text("#lesson-module-status") or "").startswith("Nothing was made"),
                  "the page to refuse the lesson")
        shown = page.text("#lesson-module-diagnostics")
        self.assertIn("Jerry", shown)
        self.assertIn("The pasted lesson, line 40", shown)
        self.assertFalse(os.path.exists(self.workspace.child("cafe")), "nothing is made from a lesson with a mistake")
        self.assertFalse(page.is_hidden("module-list-view"), "the form stays, to correct and try again")


class LessonImportTests(StudioTestCase):
    modules = ()

    def test_a_lesson_document_imported_into_a_module_is_one_undoable_step(self):
        created = self.server.request("POST", "/api/modules", json_body={"name": "cafe", "title": "Café"})
        self.assertEqual(created.status, 201, created)
        page = self.page
        page.open_module(created.json()["key"], "import")
        folder = self.workspace.child("cafe")
        # media.plist is the scanner's, never undone (the clips the lesson names stay in the media library). Undo
        # writes the values back through the fmt writer, which may spell a time as a number where the starter wrote
        # m:ss.mmm: what the files say is compared, not their bytes.
        def plain(value):
            if isinstance(value, dict):
                return {key: seconds(item) if key in ("start", "end") else plain(item) for key, item in value.items()}
            return [plain(item) for item in value] if isinstance(value, list) else value

        def sources():
            return {path: plain(plistlib.loads(data)) if path.endswith(".plist") else data
                    for path, data in source_files(folder).items() if path != "media.plist"}
        before = sources()
        page.select("#import-kind", "lesson")
        page.drawn("#import-file").send_keys(os.path.join(ROOT, "Templates", "lessons", "at-the-cafe.md"))
        page.click("#import-button")
        page.wait(lambda: (page.text("#import-status") or "").startswith(("Imported", "Nothing", "Not imported")),
                  "the import to end", timeout=120)
        self.assertTrue(page.text("#import-status").startswith("Imported."), page.text("#import-result"))
        self.assertIn("14 transcript lines", page.text("#import-report"))
        self.assertEqual(len(read_plist(folder, "transcript.plist")["lines"]), 14)
        page.wait_saved()
        page.wait(lambda: page.find("#undo-button").is_enabled(), "Undo to be enabled after the import")
        page.click("#undo-button")
        page.wait(lambda: sources() == before, "Undo to put back what the module's sources say")
        page.wait_saved()


class FormTests(StudioTestCase):
    def test_fill_every_form(self):
        page = self.page
        page.open_module("0", "module")

        # The module's identity, and a new speaker with a colour.
        page.type("title", "Introducing yourself at a job interview, café edition")
        page.type("summary", "David meets Helen and Mara at the hotel. Practise greeting, talking about work, "
                             "and closing.")
        page.choose("level", "B1")
        page.press("#add-speaker")
        page.type("speakers.2.id", "mentor")
        page.type("speakers.2.name", "Mara Mentor")
        page.set_colour("speakers.2.colour", "#AA3300")

        # An objective, all five PC³ fields.
        page.press("#add-objective")
        objective = {"id": "thank", "performance": "Thank the interviewer at the end of the interview.",
                     "condition": "As the interview closes, face to face.",
                     "content": "Thank you for your time; It was nice to meet you.",
                     "criteria": "Thanks the interviewer once, politely, before leaving."}
        for key, text in objective.items():
            page.type(f"objectives.3.{key}", text)

        # A transcript line's text and speaker.
        page.section("transcript")
        line_text = ("Nice to meet you too. I'm Helen Clarke, the front office manager. "
                     "Please, have a seat by the window.")
        page.type("transcript.2.text", line_text)
        page.choose("transcript.2.speaker", "mentor")

        # A term selected in that line's text, then its definition.
        page.section("vocabulary")
        block = page.wait_visible('[data-testid="vocab-line"][data-row="2"]', "line l03 under Terms by line")
        view = block.find_element("css selector", '[data-testid="line-text"]')
        start = line_text.index("by the window")
        page.js("arguments[0].focus(); arguments[0].setSelectionRange(arguments[1], arguments[2]);",
                view, start, start + len("by the window"))
        page.press('[data-testid="vocab-line"][data-row="2"] [data-testid="add-term"]')
        terms = [term.text for term in page.find_all('[data-testid="vocab-line"][data-row="2"] [data-testid="term"]')]
        self.assertTrue(any(term.startswith("by the window") for term in terms), terms)
        # The new term gets an empty definition, last in the table, to fill in.
        index = len(page.find_all('#definitions-table [data-testid="definition-row"]')) - 1
        self.assertEqual(page.value(f"definitions.{index}.term"), "by the window")
        page.type(f"definitions.{index}.partOfSpeech", "expression")
        page.type(f"definitions.{index}.meaning", "next to the window; where you can see outside.")
        self.assertEqual((page.value(f"definitions.{index}.partOfSpeech"), page.value(f"definitions.{index}.meaning")),
                         ("expression", "next to the window; where you can see outside."),
                         "the definition shows what was typed, in the order of its columns, after both saves")

        # A phrasebook box.
        page.press("#add-box")
        page.type("phrasebook.2.title", "Thanking")
        page.type("phrasebook.2.body",
                  "End with \"Thank you for your time.\" Answer \"We'll be in touch\" with \"Thank you.\"")

        # A video-task statement with its lines picked.
        page.section("questions")
        page.type("videoTask.0.text", "The interviewer is called Helen Clarke.")
        page.press('[data-field="videoTask.0.lines"] [data-testid="statement-line"][value="l02"]')

        # A question with three answers, each with its clip from the library, one of them correct.
        page.press("#add-question")
        page.type("questions.7.text", "Where does David sit?")
        page.choose("questions.7.audio", "qa/q1.opus")
        for letter, (text, clip) in enumerate([("On the sofa.", "qa/q1-a.opus"), ("By the window.", "qa/q1-b.opus"),
                                               ("At the desk.", "qa/q1-c.opus")]):
            page.type(f"questions.7.answers.{letter}.text", text)
            page.choose(f"questions.7.answers.{letter}.audio", clip)
        page.press('[data-field="questions.7.answers.1.isCorrect"]')

        # A test item of each kind, for the new objective.
        items = len(read_plist(self.module_path("questions", "test.plist"))["items"])
        page.press("#add-test-item")
        page.type(f"test.items.{items}.text", "It is polite to thank the interviewer at the end.")
        page.choose(f"test.items.{items}.objective", "thank")
        page.press("#add-test-item")
        choice = items + 1
        page.choose(f"test.items.{choice}.kind", "multipleChoice")
        page.type(f"test.items.{choice}.text", "What do you say as you leave?")
        page.choose(f"test.items.{choice}.objective", "thank")
        base = f"test.items.{choice}"  # the page names choices and the answer as the checker does
        page.type(f"{base}.choices.0", "Thank you for your time.")
        page.type(f"{base}.choices.1", "See you tomorrow, then.")
        page.press(f'[data-field="test.items.{choice}"] [data-testid="add-choice"]')
        page.type(f"{base}.choices.2", "Give me the job.")
        page.choose(f"{base}.answer", "Thank you for your time.")
        page.type(f"{base}.weight", "2")
        page.type("passMark", "70")

        # The folder passes check and fmt --check, and holds what was typed.
        self.assert_lessonpack("check", "job-interview")
        self.assert_lessonpack("fmt", "--check", "job-interview")
        module = read_plist(self.module_path("module.plist"))
        self.assertEqual(module["title"], "Introducing yourself at a job interview, café edition")
        self.assertTrue(module["summary"].startswith("David meets Helen and Mara"))
        self.assertEqual(module["level"], "B1")
        self.assertEqual(module["speakers"][2], {"id": "mentor", "name": "Mara Mentor", "colour": "#AA3300"})
        self.assertEqual(module["objectives"][3], objective)
        line = read_plist(self.module_path("transcript.plist"))["lines"][2]
        self.assertEqual((line["text"], line["speaker"]), (line_text, "mentor"))
        self.assertIn("by the window", line["terms"])
        self.assertEqual(read_plist(self.module_path("definitions.plist"))["by the window"],
                         "(expression) next to the window; where you can see outside.")
        box = read_plist(self.module_path("phrasebook.plist"))["boxes"][2]
        self.assertEqual(box["title"], "Thanking")
        self.assertIn("Thank you for your time.", box["text"])
        statement = read_plist(self.module_path("questions", "video-task.plist"))["statements"][0]
        self.assertEqual(statement["text"], "The interviewer is called Helen Clarke.")
        self.assertEqual(statement["lines"], ["l02", "l03"])
        question = read_plist(self.module_path("questions", "qa.plist"))["questions"][7]
        self.assertEqual(question["text"], "Where does David sit?")
        self.assertEqual(question["audio"], "qa/q1.opus")
        self.assertEqual([a["text"] for a in question["answers"]], ["On the sofa.", "By the window.", "At the desk."])
        self.assertEqual([a.get("correct", False) for a in question["answers"]], [False, True, False])
        test = read_plist(self.module_path("questions", "test.plist"))["items"]
        self.assertEqual(test[items]["text"], "It is polite to thank the interviewer at the end.")
        self.assertEqual((test[items]["objective"], test[items]["correct"]), ("thank", True))
        self.assertEqual(test[choice]["choices"],
                         ["Thank you for your time.", "See you tomorrow, then.", "Give me the job."])
        self.assertEqual(test[choice]["answer"], "Thank you for your time.")
        self.assertEqual((test[choice]["weight"], "weight" in test[items]), (2, False))
        self.assertEqual(module["passMark"], 70)

    def test_role_play_is_switched_off_and_on_again_in_the_module_form(self):
        """Unticking role play writes roleplay false to module.plist; ticking it again removes the key, so
        module.plist reads as before."""
        page = self.page
        page.open_module("0", "module")
        box = page.drawn('[data-testid="roleplay"]')
        self.assertTrue(box.is_selected(), "role play is offered by default with two speakers")
        box.click()
        page.wait_saved()
        self.assertIs(read_plist(self.module_path("module.plist")).get("roleplay"), False)
        page.drawn('[data-testid="roleplay"]').click()
        page.wait_saved()
        self.assertNotIn("roleplay", read_plist(self.module_path("module.plist")))


class MediaTests(StudioTestCase):
    def test_upload_a_clip_and_refuse_a_fake(self):
        page = self.page
        clip = make_audio(self.workspace.child("greeting.wav"), seconds=1.2)
        page.open_module("0", "media")
        page.select("#media-folder", "lines")
        page.drawn("#media-file").send_keys(clip)
        page.wait_visible('[data-testid="media-row"][data-path="lines/greeting.wav"]', "the clip in the media library")
        page.wait(lambda: page.text("#media-upload-status") == "Added lines/greeting.wav.", "the upload to be reported")
        self.assertEqual(read_bytes(self.module_path("media", "lines", "greeting.wav")), read_bytes(clip))
        listed = read_plist(self.module_path("media.plist"))["files"]  # by media path
        self.assertIn("lines/greeting.wav", listed, "media.plist lists the new clip")
        self.assertEqual(listed["lines/greeting.wav"].get("kind"), "audio")

        fake = self.workspace.write("fake.opus", "This is a text file, not Opus.\n")
        page.drawn("#media-file").send_keys(fake)
        page.wait(lambda: page.text("#media-upload-status") == "fake.opus: not added.", "the fake to be refused")
        page.wait(lambda: not page.is_hidden("error-banner"), "a message saying why")
        self.assertIn("fake.opus", page.text("#error-message"), "the refusal names the file and says why")
        self.assertFalse(os.path.exists(self.module_path("media", "lines", "fake.opus")))
        self.assertNotIn("lines/fake.opus", read_plist(self.module_path("media.plist"))["files"])
        self.assertIsNone(page.visible('[data-testid="media-row"][data-path="lines/fake.opus"]'))

    def test_a_clip_named_for_its_line_fills_the_lines_empty_clip(self):
        page = self.page
        page.open_module("0", "transcript")
        page.choose("transcript.2.audio", "")
        page.section("media")
        page.select("#media-folder", "lines")
        page.drawn("#media-file").send_keys(make_audio(self.workspace.child("line-3.wav"), seconds=1.0))
        page.wait(lambda: (page.text("#media-upload-status") or "").startswith("Added lines/line-3.wav."),
                  "the upload to be reported")
        self.assertIn("Transcript line l03's clip is now lines/line-3.wav", page.text("#media-upload-status"))
        page.wait_saved()
        self.assertEqual(read_plist(self.module_path("transcript.plist"))["lines"][2]["audio"], "lines/line-3.wav")
        page.section("transcript")
        self.assertEqual(page.value("transcript.2.audio"), "lines/line-3.wav")


class TranscriptTimingTests(StudioTestCase):
    def test_set_start_and_end_from_the_playhead(self):
        page = self.page
        page.open_module("0", "transcript")
        video = page.wait_visible("#transcript-video", "the conversation video")
        page.wait(lambda: page.js("return arguments[0].readyState >= 1 && !arguments[0].error", video),
                  "the video to load its metadata")
        for button, at in (("set-start", 4.4), ("set-end", 8.3)):
            page.js("arguments[0].currentTime = arguments[1]", video, at)
            page.wait(lambda: page.js("return !arguments[0].seeking"
                                      " && Math.abs(arguments[0].currentTime - arguments[1]) < 0.01", video, at),
                      f"the video to seek to {at} s")
            page.press(f'#transcript-table tr[data-row="1"] [data-testid="{button}"]')
        line = read_plist(self.module_path("transcript.plist"))["lines"][1]
        self.assertEqual(line["id"], "l02")
        self.assertAlmostEqual(seconds(line["start"]), 4.4, delta=0.05)
        self.assertAlmostEqual(seconds(line["end"]), 8.3, delta=0.05)
        self.assertEqual(page.value("transcript.1.start"), "0:04.400")


    def test_a_replaced_video_plays_at_once_with_its_own_length(self):
        page = self.page
        page.open_module("0", "transcript")
        video = page.wait_visible("#transcript-video", "the conversation video")
        page.wait(lambda: page.js("return arguments[0].readyState >= 1", video), "the video to load its metadata")
        self.assertGreater(page.js("return arguments[0].duration", video), 100, "the sample's video is 107 s")
        # A shorter video under the same name, as a teacher replacing a placeholder uploads it.
        replacement = self.workspace.child("conversation.mp4")
        made = subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                               "color=c=gray:s=320x180:d=12", "-c:v", "libx264", "-pix_fmt", "yuv420p", replacement],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(made.returncode, 0, made.stderr)
        page.section("media")
        page.select("#media-folder", "")
        page.js("document.getElementById('media-replace').checked = true")
        page.drawn("#media-file").send_keys(replacement)
        page.wait(lambda: (page.text("#media-upload-status") or "").startswith("Added conversation.mp4."),
                  "the video to be replaced")
        page.section("transcript")
        video = page.wait_visible("#transcript-video")
        page.wait(lambda: page.js("return arguments[0].readyState >= 1 && Math.abs(arguments[0].duration - 12) < 0.5",
                                  video), "the player to show the new video's 12 s without a reload")

    def test_an_unfinished_time_is_never_saved_and_the_status_says_so(self):
        page = self.page
        page.open_module("0", "transcript")
        before = read_plist(self.module_path("transcript.plist"))["lines"][1]["end"]
        page.type("transcript.1.end", "0:28.62x", save=False)
        page.wait(lambda: page.save_state() == "invalid", "the status to say a red field is not saved")
        self.assertNotEqual(page.text("#save-status"), "Saved")
        time.sleep(1.5)  # past the save's pause: a save would have gone by now
        self.assertEqual(read_plist(self.module_path("transcript.plist"))["lines"][1]["end"], before,
                         "nothing the teacher did not finish typing is saved")
        self.assertNotEqual(page.save_state(), "saved")
        page.type("transcript.1.end", "0:28.62")
        self.assertAlmostEqual(seconds(read_plist(self.module_path("transcript.plist"))["lines"][1]["end"]), 28.62,
                               delta=0.001)

    def test_the_text_has_the_room_and_speakers_their_whole_names_at_1280_pixels(self):
        page = self.page
        self.driver.set_window_size(1280, 900)
        page.open_module("0", "transcript")
        text = page.field("transcript.0.text")
        width = page.js("return arguments[0].getBoundingClientRect().width", text)
        self.assertGreaterEqual(width, 300, f"the text column is {width} px wide")
        speaker = page.field("transcript.0.speaker")
        room, needed = page.js("""
            const select = arguments[0];
            const probe = document.createElement('span');
            probe.style.font = getComputedStyle(select).font;
            probe.style.position = 'absolute';
            document.body.append(probe);
            let widest = 0;
            for (const option of select.options) { probe.textContent = option.text; widest = Math.max(widest, probe.getBoundingClientRect().width); }
            probe.remove();
            return [select.getBoundingClientRect().width, widest];""", speaker)
        self.assertGreaterEqual(room, needed + 28, f"the speaker list is {room} px for names {needed} px wide")

    def test_clip_pickers_show_their_own_folder_first(self):
        page = self.page
        page.open_module("0", "transcript")
        first = lambda path: page.js("return arguments[0].options[1]?.value", page.field(path))  # noqa: E731
        self.assertTrue(first("transcript.0.audio").startswith("lines/"))
        page.section("questions")
        self.assertTrue(first("questions.0.audio").startswith("qa/"), first("questions.0.audio"))
        self.assertTrue(first("questions.0.answers.1.audio").startswith("qa/"))

    def test_an_answers_clip_is_recorded_with_the_microphone(self):
        page = self.page
        page.open_module("0", "questions")
        record = '[data-field="questions.0.answers.1"] [data-testid="audio-record"]'
        page.click(record)
        page.wait(lambda: page.js("return document.querySelector(arguments[0]).getAttribute('aria-pressed')",
                                  record) == "true", "the recording to start")
        time.sleep(1.0)
        page.click(record)
        page.wait(lambda: (page.value("questions.0.answers.1.audio") or "").startswith("qa/q1-b."),
                  "the recorded clip to be the answer's")
        page.wait_saved()
        clip = page.value("questions.0.answers.1.audio")
        self.assertTrue(os.path.isfile(self.module_path("media", clip)), clip)
        answers = read_plist(self.module_path("questions", "qa.plist"))["questions"][0]["answers"]
        self.assertEqual(answers[1]["audio"], clip)

class TimeLinesTests(StudioTestCase):
    """A module made from its lesson document alone, whose teacher has since put the filmed conversation in (a
    recording in festival's voices, with echo and noise, made from text by scripts/generate-lesson-recording)."""

    modules = ("station",)

    def setUp(self):
        self.workspace = Workspace()
        self.addCleanup(self.workspace.remove)
        lessons = os.path.join(ROOT, "Tests", "LessonpackAuthoringTests", "Fixtures", "lessons")
        self.assert_lessonpack("new", "station", "--from", os.path.join(lessons, "station.md"))
        recording = subprocess.run([os.path.join(ROOT, "scripts", "generate-lesson-recording"),
                                    os.path.join(lessons, "station-conversation.txt"), self.workspace.child("recording")],
                                   capture_output=True, text=True, timeout=300)
        self.assertEqual(recording.returncode, 0, f"the test recording could not be made: {recording.stderr}")
        os.replace(self.workspace.child("recording", "conversation.mp4"), self.module_path("media", "conversation.mp4"))
        self.assert_lessonpack("media", "scan", "station")
        self.server = StudioServer(self.workspace.path, self.modules, output="dist")
        self.addCleanup(self.stop_server)
        if SELENIUM_PROBLEM:
            self.fail(SELENIUM_PROBLEM)
        self.driver = start_chromium()
        self.addCleanup(self.driver.quit)
        self.page = StudioPage(self.driver, self.server)

    def test_time_lines_from_the_video_then_play_a_line(self):
        page = self.page
        page.open_module("0", "transcript")
        self.assertEqual(page.value("transcript.7.audio"), "lines/l08.wav", "a stand-in clip before timing")
        page.click("#align-lines")
        page.wait(lambda: (page.text("#align-status") or "").startswith("Timed 8 lines from the video"),
                  "the lines to be timed", timeout=120)
        # Each row names its new clip, and its times are the ones written to the file.
        page.wait(lambda: page.value("transcript.7.audio") == "lines/l08.opus", "the clip field to name the new clip")
        line = read_plist(self.module_path("transcript.plist"))["lines"][6]
        self.assertEqual(page.value("transcript.6.start"), line["start"])
        with open(self.workspace.child("recording", "truth.json")) as handle:
            truth = json.load(handle)["lines"][6]
        self.assertAlmostEqual(seconds(line["start"]), truth["start"], delta=0.2)
        self.assertAlmostEqual(seconds(line["end"]), truth["end"], delta=0.2)
        self.assertFalse(os.path.exists(self.module_path("media", "lines", "l08.wav")), "the stand-in is removed")
        # Play line plays the new span: the video starts at the line's start and stops at its end.
        video = page.wait_visible("#transcript-video", "the conversation video")
        page.wait(lambda: page.js("return arguments[0].readyState >= 1", video), "the video to load")
        page.js("arguments[0].muted = true", video)
        page.click('#transcript-table tr[data-row="6"] [data-testid="play-line"]')
        page.wait(lambda: page.js("return arguments[0].paused && arguments[0].currentTime > arguments[1] + 0.5",
                                  video, seconds(line["start"])), "the line to play and stop at its end", timeout=30)
        self.assertAlmostEqual(page.js("return arguments[0].currentTime", video), seconds(line["end"]), delta=0.35)
        self.assert_lessonpack("check", "station")


class DiagnosticsTests(StudioTestCase):
    def test_an_empty_title_is_shown_beside_the_field_and_in_the_problems(self):
        page = self.page
        page.open_module("0", "module")
        page.type("title", "")
        page.wait(lambda: page.field_diagnostics("title"), "a diagnostic beside the empty title")
        self.assertGreaterEqual(page.error_count(), 1)

        page.section("problems")
        problems = [p for p in page.problems() if p["field"] == "title"]
        self.assertTrue(problems, f"the problems list names the title: {page.problems()}")
        page.click('#section-problems [data-testid="problem"][data-problem-field="title"] [data-testid="problem-go"]')
        page.wait(lambda: page.focused_field() == "title", "the title field to have the focus")
        self.assertFalse(page.is_hidden("section-module"))

        page.type("title", "Introducing yourself at a job interview")
        page.wait(lambda: not page.field_diagnostics("title"), "the title's diagnostic to go")
        self.assertEqual(page.error_count(), 0)
        self.assertFalse([p for p in page.problems() if p["field"] == "title"])

    def test_an_undeclared_speaker_is_shown_beside_the_line(self):
        page = self.page
        page.open_module("0", "module")
        page.type("speakers.1.id", "aplicant")  # the lines still say 'applicant'
        page.section("transcript")
        page.wait(lambda: any("not a declared speaker" in text
                              for text in page.field_diagnostics("transcript.1.speaker")),
                  "an undeclared-speaker diagnostic beside line l02's speaker")

        page.section("problems")
        undeclared = [p for p in page.problems() if p["code"] == "undeclared-speaker"]
        self.assertTrue(undeclared, f"the problems list has the undeclared speakers: {page.problems()}")
        first = undeclared[0]["field"]
        self.assertRegex(first, r"^transcript\.\d+\.speaker$")
        page.click(f'#section-problems [data-testid="problem"][data-problem-field="{first}"] '
                   '[data-testid="problem-go"]')
        page.wait(lambda: page.focused_field() == first, f"{first} to have the focus")
        self.assertFalse(page.is_hidden("section-transcript"))

        page.section("module")
        page.type("speakers.1.id", "applicant")
        page.section("transcript")
        page.wait(lambda: not page.field_diagnostics("transcript.1.speaker"), "the diagnostic to go")
        self.assertEqual(page.error_count(), 0)


    def test_messages_name_the_item_and_the_field_in_the_forms_words(self):
        page = self.page
        page.open_module("0", "questions")
        page.type("questions.1.answers.1.text", "")
        page.section("vocabulary")
        page.type("definitions.0.partOfSpeech", "")
        page.wait(lambda: page.field_diagnostics("definitions.0.partOfSpeech"),
                  "the definition's diagnostic beside its Part of speech field")
        message = " ".join(page.field_diagnostics("definitions.0.partOfSpeech"))
        self.assertIn("Part of speech", message)
        self.assertNotIn("parentheses", message)
        page.section("problems")
        problems = page.problems()
        answer = [p for p in problems if p["field"] == "questions.1.answers.1.text"]
        self.assertTrue(answer, problems)
        self.assertIn("Question 2, answer B", answer[0]["text"])
        for problem in problems:
            self.assertNotIn(".plist", problem["text"])
            self.assertNotIn("lessonpack ", problem["text"])

class ConflictTests(StudioTestCase):
    def test_a_change_on_disk_is_never_overwritten(self):
        page = self.page
        page.open_module("0", "module")
        path = self.module_path("module.plist")
        changed = read_bytes(path).replace(b"<string>Introducing yourself at a job interview</string>",
                                           b"<string>Changed on disk</string>", 1)
        changed = changed.replace(b"</plist>", b"<!-- edited in another program -->\n</plist>")
        with open(path, "wb") as handle:
            handle.write(changed)

        page.type("summary", "Typed in the studio after the change on disk.", save=False)
        page.wait(lambda: not page.is_hidden("conflict-banner"), "the conflict banner")
        self.assertIn("module.plist", page.text("#conflict-files"))
        self.assertEqual(page.save_state(), "conflict")
        time.sleep(1)  # a save that was going to happen anyway would have by now
        self.assertEqual(read_bytes(path), changed, "nothing on disk was overwritten")

        page.click("#conflict-take-disk")
        page.wait(lambda: page.is_hidden("conflict-banner"), "the conflict banner to go")
        page.wait_saved()
        page.wait(lambda: page.value("title") == "Changed on disk", "the page to show the title on disk")
        self.assertNotEqual(page.value("summary"), "Typed in the studio after the change on disk.")
        self.assertEqual(read_bytes(path), changed, "taking the disk's version writes nothing")


class UndoTests(StudioTestCase):
    def test_undo_restores_the_files_byte_for_byte_and_redo_brings_the_edit_back(self):
        page = self.page
        page.open_module("0", "module")
        before = source_files(self.module_path())
        page.type("title", "A title to undo")
        edited = source_files(self.module_path())
        self.assertNotEqual(edited, before)

        page.wait(lambda: page.find("#undo-button").is_enabled(), "Undo to be enabled")
        page.click("#undo-button")
        page.wait(lambda: page.value("title") == "Introducing yourself at a job interview", "the title to come back")
        page.wait_saved()
        self.assertEqual(source_files(self.module_path()), before, "undo puts every file back byte for byte")

        # Redo from the keyboard: Ctrl+Shift+Z outside a text field.
        page.wait(lambda: page.find("#redo-button").is_enabled(), "Redo to be enabled")
        page.js("document.getElementById('undo-button').focus()")  # a button, not a text field
        page.shortcut("z", shift=True)
        page.wait(lambda: page.value("title") == "A title to undo", "redo to bring the edit back")
        page.wait_saved()
        self.assertEqual(source_files(self.module_path()), edited)


class PreviewTests(StudioTestCase):
    """Each activity, opened in the preview, with one meaningful action, checked on the view the
    server's presenter made (the JSON the preview shows in its `preview-view` hook)."""

    def setUp(self):
        super().setUp()
        self.page.open_module("0", "preview")
        self.module = self.server.state()["module"]

    def test_an_activity_is_numbered_by_its_place_in_the_module(self):
        """A module of a video and a test previews "2. Test", as the terminal player's contents number it (not the
        test's standard place, 8): the page takes the kinds, their titles and the numbering from the server."""
        self.page.section("module")
        for activity in self.module["activities"]:
            if activity not in ("video", "test"):
                self.page.click(f'[data-testid="activity-{activity}"]', f"the {activity} box")
        self.page.wait_saved()
        labels = self.page.js("return [...document.querySelectorAll('#module-activities label')].map((l) => l.textContent)")
        self.assertIn("Questions and answers", labels)
        self.page.open_preview("test")
        self.assertEqual(self.page.text('[data-testid="preview-title"]'), "2. Test")

    def test_video(self):
        view = self.page.open_preview("video")
        self.assertTrue(view["subtitlesOn"])
        self.assertEqual(view["lineCount"], len(self.module["transcript"]))
        self.page.preview_click("subtitles")
        self.page.wait_preview(lambda v: v["subtitlesOn"] is False, "the subtitles to be off")
        self.page.preview_click("line-3")
        view = self.page.wait_preview(lambda v: v["current"] == 2, "line 3 to be the chosen line")
        self.assertAlmostEqual(view["position"], self.module["transcript"][2]["start"], delta=1.0)

    def test_video_with_one_speakers_voice(self):
        """The voices select plays one speaker's voice alone: the server answers play with the other speaker's
        spans, and the page's Web Audio gain over the video follows the picture's time, silent inside those spans
        and full inside the kept speaker's lines."""
        self.page.open_preview("video")
        first = self.module["speakers"][0]
        timed = [line for line in self.module["transcript"] if line["end"] - line["start"] > 0.5]
        kept = next(line for line in timed if line["speaker"] == first["id"])
        other = next(line for line in timed if line["speaker"] != first["id"])
        voices = '[data-testid="preview-root"] [data-testid="voices"]'
        Select(self.page.find(voices)).select_by_visible_text(f"Only {first['name']}")
        self.page.wait_preview(lambda v: v.get("hearing") == "only:0", f"{first['name']}'s voice alone")
        self.page.preview_click("play-pause")

        def gain_at(seconds):
            self.page.js("document.querySelector('[data-testid=\"preview-root\"] video').currentTime = arguments[0]", seconds)
            return self.page.wait(lambda: (value := self.page.js(
                "return document.querySelector('[data-testid=\"preview-root\"] video').dataset.voiceGain")) is not None
                and abs(self.page.js("return document.querySelector('[data-testid=\"preview-root\"] video').currentTime")
                        - seconds) < 0.4 and value, f"the gain at {seconds} s")
        self.assertEqual(self.page.wait(lambda: gain_at((other["start"] + other["end"]) / 2) == "0" or None,
                                        "silence inside the other speaker's line"), True)
        self.assertEqual(self.page.wait(lambda: gain_at((kept["start"] + kept["end"]) / 2) == "1" or None,
                                        "the kept speaker at full gain"), True)
        Select(self.page.find(voices)).select_by_visible_text("Every voice")
        self.page.wait_preview(lambda v: v.get("hearing") == "everyone" and v.get("voices") is None, "every voice again")

    def test_video_with_one_speakers_subtitles(self):
        """The select beside the controls chooses one speaker's subtitles: the view names the speaker, and the
        video's track keeps that speaker's cues alone (the others' are emptied, and come back for everyone's)."""
        self.page.open_preview("video")
        names = {speaker["id"]: speaker["name"] for speaker in self.module["speakers"]}
        first = self.module["speakers"][0]
        timed = [line for line in self.module["transcript"] if line["end"] > line["start"]]
        self.assertTrue(any(line["speaker"] != first["id"] for line in timed), "the fixture needs two speakers' lines")

        def cues():
            return self.page.js("""
                const track = document.querySelector('[data-testid="preview-root"] video')?.textTracks[0];
                return track && track.cues ? [...track.cues].map((cue) => cue.text) : null;""")
        everyone = self.page.wait(lambda: (c := cues()) and len(c) == len(timed) and all(c) and c, "the subtitle track's cues")
        Select(self.page.find('[data-testid="preview-root"] [data-testid="subtitle-speaker"]')).select_by_visible_text(first["name"])
        view = self.page.wait_preview(lambda v: v.get("subtitleSpeaker") == first["name"], f"{first['name']}'s subtitles alone")
        self.assertIn(first["name"], view["subtitles"])
        only = self.page.wait(lambda: (c := cues()) and any(not text for text in c) and c, "the other speaker's cues to empty")
        for line, text in zip(timed, only):
            if line["speaker"] == first["id"]:
                self.assertTrue(text.startswith(f"<v {names[first['id']]}>"), text)
            else:
                self.assertEqual(text, "", f"{line['id']} of {line['speaker']} still shows")
        Select(self.page.find('[data-testid="preview-root"] [data-testid="subtitle-speaker"]')).select_by_visible_text("Everyone")
        self.page.wait_preview(lambda v: v.get("subtitleSpeaker") is None and v["subtitlesOn"], "everyone's subtitles")
        self.page.wait(lambda: cues() == everyone, "every cue's text to come back")

    def test_video_role_play(self):
        """Role play as the second speaker: the panel prompts the speaker's first line, the fake microphone says it,
        the line counts as said with its intonation feedback from the studio, and the next; "No role play" stops it,
        and the conversation with both takes in it is put together by Web Audio."""
        self.page.open_preview("video")
        second = self.module["speakers"][1]
        theirs = sorted((line for line in self.module["transcript"] if line["speaker"] == second["id"]),
                        key=lambda line: line["start"])
        role = '[data-testid="preview-root"] [data-testid="role-play"]'
        Select(self.page.find(role)).select_by_visible_text(f"Play {second['name']}")
        view = self.page.wait_preview(lambda v: (v.get("rolePlay") or {}).get("speaker") == second["name"],
                                      f"a role play as {second['name']}")
        self.assertEqual(view["rolePlay"]["total"], len(theirs))
        self.assertEqual(view["rolePlay"]["prompt"], f"Your line: {theirs[0]['text']}")
        self.assertEqual(self.page.text('[data-testid="preview-root"] [data-testid="role-play-prompt"]'),
                         f"Your line: {theirs[0]['text']}")
        self.assertTrue(len(theirs) >= 2, "the fixture needs two lines of the second speaker")
        root = "document.querySelector('[data-testid=\"preview-root\"]')"
        for said in (1, 2):
            self.page.preview_click("say-line")
            self.page.wait(lambda: self.page.js(f"return {root}.dataset.recording === 'true'"), "the fake microphone to record")
            time.sleep(1.5)
            self.page.preview_click("stop-recording")
            view = self.page.wait_preview(lambda v: v["rolePlay"]["spoken"] == said, f"line {said} to count as said")
            row = view["rolePlay"]["rows"][said - 1]
            self.assertTrue(row["said"])
            self.assertTrue(row.get("feedback"), "the studio measured the take's intonation, or said why not")
            if said == 1:
                self.assertEqual(view["rolePlay"]["prompt"], f"Your line: {theirs[1]['text']}")
                self.assertTrue(self.page.js(f"return {root}.querySelector('[data-testid=\"hear-yours\"]').disabled"),
                                "the learner's version is heard once the role play is over or stopped")
        Select(self.page.find(role)).select_by_visible_text("No role play")
        self.page.wait_preview(lambda v: v["rolePlay"]["state"] == "stopped", "the role play to stop")
        self.assertTrue(self.page.js(f"return {root}.querySelector('[data-testid=\"role-play-panel\"]').hidden"))
        self.page.preview_click("hear-yours")
        self.page.wait(lambda: self.page.js(f"return {root}.dataset.takesHeard") == "2",
                       "the conversation with both takes to be put together")

    def test_video_task(self):
        view = self.page.open_preview("video-task")
        self.assertEqual(len(view["rows"]), 10)
        self.assertEqual({row["mark"] for row in view["rows"]}, {"empty"})
        # Every statement marked correct (one click each), then checked: s01 is true of the video, s02 is not.
        for number in range(1, 11):
            self.page.preview_click(f"statement-{number}")
            self.page.wait_preview(lambda v: v["rows"][number - 1]["mark"] == "correct", f"statement {number} marked")
        self.page.preview_click("check")
        view = self.page.wait_preview(lambda v: v.get("summary"), "the check's summary")
        self.assertIs(view["rows"][0]["right"], True)
        self.assertIs(view["rows"][1]["right"], False)
        self.assertFalse(view["allRight"])
        self.assertIn(2, [mistake["number"] for mistake in view["mistakes"]])

    def test_vocabulary(self):
        view = self.page.open_preview("vocabulary")
        self.assertTrue(view["terms"])
        self.assertIsNone(view.get("definition"))
        self.page.preview_click("term-1")
        view = self.page.wait_preview(lambda v: v.get("definition"), "a definition to show")
        self.assertEqual(view["definition"]["term"], view["terms"][0])
        self.assertIn(view["definition"]["meaning"], {d["meaning"] for d in self.module["definitions"]})

    def test_audio_game(self):
        view = self.page.open_preview("audio-game")
        self.assertEqual(view["mode"], "choosingLevel")
        self.page.preview_click("level-easy")
        view = self.page.wait_preview(lambda v: v["mode"] != "choosingLevel", "the game to be dealt")
        # The first empty slot takes the line spoken there: pick that tile and place it.
        slot = next(s for s in view["slots"] if s.get("tile") is None)
        wanted = self.module["transcript"][slot["number"] - 1]["id"]
        entry = next(t for t in view["tray"] if t["tile"]["id"] == wanted)
        label = ord(entry["label"]) - ord("A") if entry["label"].isalpha() else int(entry["label"]) - 1
        self.page.preview_click(f"tile-{label + 1}")
        self.page.preview_click(f"slot-{slot['number']}")
        view = self.page.wait_preview(lambda v: v["slots"][slot["number"] - 1].get("tile") is not None,
                                      f"slot {slot['number']} to be filled")
        self.assertEqual(view["slots"][slot["number"] - 1]["tile"]["id"], wanted)
        self.assertNotIn(wanted, [t["tile"]["id"] for t in view["tray"]])

    def test_pronunciation(self):
        view = self.page.open_preview("pronunciation")
        self.assertFalse(view["recorded"])
        self.page.preview_click("record")
        self.page.wait(lambda: self.page.js("return document.querySelector('[data-testid=\"preview-root\"]')"
                                            ".dataset.recording === 'true'"), "the fake microphone to record")
        time.sleep(1.5)
        # Every message the preview shows from now on, however briefly.
        self.page.js("""
            const message = document.querySelector('[data-testid="preview-root"] [data-testid="preview-message"]');
            window.seenMessages = [];
            new MutationObserver(() => window.seenMessages.push(message.textContent))
              .observe(message, { childList: true, characterData: true, subtree: true });""")
        self.page.preview_click("stop-recording")
        view = self.page.wait_preview(lambda v: v["recorded"], "the line to be recorded")
        seen = self.page.js("return window.seenMessages")
        self.assertIn("Analysing your recording…", seen, "the preview says it is analysing while it does")
        self.assertNotIn("say the line now", self.page.preview_message() or "")
        self.assertTrue(view["rows"][view["current"]]["recorded"])
        self.page.preview_click("compare-simultaneous")
        view = self.page.wait_preview(lambda v: "compared" in v["status"], "the comparison to be made")
        self.assertIsNone(view.get("failure"), f"the comparison failed: {view.get('failure')}")

    def test_questions(self):
        view = self.page.open_preview("questions")
        self.assertEqual(view["total"], len(self.module["questions"]))
        self.assertIsNone(view.get("feedback"))
        self.page.preview_click("answer-A")
        view = self.page.wait_preview(lambda v: v.get("feedback"), "feedback on the answer")
        self.assertIn(view["answers"][0]["mark"], ("right", "wrong"))
        self.assertTrue(view["feedback"]["text"])

    def test_dictionary(self):
        view = self.page.open_preview("dictionary")
        self.assertEqual(len(view["entries"]), len(self.module["definitions"]))
        search = self.page.wait_visible('[data-testid="preview-root"] [data-testid="search"]')
        search.send_keys("ha")
        view = self.page.wait_preview(lambda v: v["query"] == "ha", "the search to be made")
        self.assertTrue(view["entries"])
        self.assertTrue(all(e["term"].lower().startswith("ha") for e in view["entries"]), view["entries"])
        self.page.preview_click("entry-1")
        view = self.page.wait_preview(lambda v: v.get("openedTerm"), "an entry to open")
        self.assertEqual(view["openedTerm"], view["entries"][0]["term"])
        self.assertTrue(view["opened"])

    def test_test(self):
        view = self.page.open_preview("test")
        self.assertEqual(len(view["items"]), self.module["test"]["draw"])
        first = view["items"][0]
        if first.get("mark") is not None:
            self.page.preview_click("item-1-correct")
            view = self.page.wait_preview(lambda v: v["items"][0]["mark"] == "correct", "item 1 marked correct")
        else:
            self.page.preview_click(f"item-1-choice-{first['choices'][0]['letter']}")
            view = self.page.wait_preview(lambda v: v["items"][0]["choices"][0]["chosen"], "item 1's first choice")
        self.assertTrue(view["answered"][0])
        self.page.preview_click("finish")
        self.page.wait_preview(lambda v: v.get("confirming"), "Finish to ask first (items are unanswered)")
        self.page.preview_click("finish-confirm")
        view = self.page.wait_preview(lambda v: v.get("results"), "the results")
        self.assertRegex(view["results"]["score"], r"\d+ of \d+")


class BuildTests(StudioTestCase):
    def test_build_a_signed_bundle_and_verify_it(self):
        key = self.workspace.child("publisher.key")
        self.assert_lessonpack("keygen", key)
        page = self.page
        page.open_module("0", "build")
        page.drawn("#build-key-file").send_keys(key)
        page.click("#build-button")
        page.wait(lambda: page.text("#build-status") not in (None, "Checking and building…"), "the build to end",
                  timeout=180)
        self.assertEqual(page.text("#build-status"), "Built and signed.", page.text("#build-result"))
        bundle = page.text("#build-bundle")
        self.assertTrue(bundle.endswith("job-interview-1.0.0.lessonpack"), bundle)
        path = bundle if os.path.isabs(bundle) else self.workspace.child(bundle)
        self.assertTrue(os.path.isfile(path), f"the bundle the page names is not at {path}")
        self.assertTrue(path.startswith(self.workspace.child("dist")), "Build writes where -o says")
        self.assert_lessonpack("verify", path, "--key", key + ".pub")
        self.assertIsNone(page.visible("#build-result table"), "no raw inspection table")
        summary = page.text("#build-summary")
        self.assertIn("Signed", summary)
        self.assertIn("Test:", summary)

    def test_the_build_and_import_buttons_keep_their_label_under_the_mouse(self):
        page = self.page
        page.open_module("0", "build")
        for section, css in (("build", "#build-button"), ("import", "#import-button")):
            page.section(section)
            button = page.wait_visible(css)
            ActionChains(self.driver).move_to_element(button).perform()
            page.wait(lambda: page.js("return arguments[0].matches(':hover')", button), f"the mouse over {css}")
            ratio = page.js("""
                const style = getComputedStyle(arguments[0]);
                const channels = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
                const luminance = (c) => { const [r, g, b] = channels(c).map((v) => { v /= 255;
                  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
                const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
                return (a + 0.05) / (b + 0.05);""", button)
            self.assertGreaterEqual(ratio, 4.5, f"{css}'s label under the mouse has a contrast of {ratio:.2f}")


class ImportTests(StudioTestCase):
    modules = ()

    SUBRIP = ("1\n00:00:01,000 --> 00:00:03,500\nTeller: Good morning. How can I help you?\n\n"
              "2\n00:00:04,000 --> 00:00:06,200\nCustomer: I'd like to open an account, please.\n")
    GIFT = ("// GIFT\nYou need a passport to open an account.{T}\n\n"
            "The customer wants to open {~a loan =an account ~a safe}.\n")

    def setUp(self):
        super().setUp()
        created = self.server.request("POST", "/api/modules", json_body={"name": "at-the-bank", "title": "At the bank"})
        self.assertEqual(created.status, 201, created)
        self.page.open_module(created.json()["key"], "import")

    def import_file(self, kind, name, content):
        page = self.page
        page.select("#import-kind", kind)
        page.drawn("#import-file").send_keys(self.workspace.write(name, content))
        page.click("#import-button")
        page.wait(lambda: (page.text("#import-status") or "").startswith(("Imported", "Nothing", "Not imported")),
                  f"the import of {name} to end")
        self.assertTrue(page.text("#import-status").startswith("Imported."), page.text("#import-result"))
        page.wait_saved()

    def test_import_subrip_and_gift(self):
        self.import_file("transcript", "bank.srt", self.SUBRIP)
        lines = read_plist(self.workspace.child("at-the-bank", "transcript.plist"))["lines"]
        self.assertEqual([line["text"] for line in lines[:2]],
                         ["Good morning. How can I help you?", "I'd like to open an account, please."])
        self.assertAlmostEqual(seconds(lines[1]["start"]), 4.0, delta=0.01)
        self.page.section("transcript")
        self.assertEqual(self.page.value("transcript.1.text"), "I'd like to open an account, please.")

        self.page.section("import")
        self.import_file("questions", "bank.gift", self.GIFT)
        items = read_plist(self.workspace.child("at-the-bank", "questions", "test.plist"))["items"]
        texts = [item["text"] for item in items]
        self.assertIn("You need a passport to open an account.", texts)
        self.page.section("questions")
        shown = self.page.js("return [...document.querySelectorAll('#test-editor textarea')].map((n) => n.value)")
        self.assertIn("You need a passport to open an account.", shown)



class ImportIntoAModuleTests(StudioTestCase):
    GIFT = "::Q1:: The interview starts at nine. {T}\n\n::Q2:: David has never worked in a team. {F}\n"

    def test_questions_go_to_an_objective_the_page_offers_and_undo_takes_the_import_back(self):
        page = self.page
        page.open_module("0", "import")
        page.select("#import-kind", "questions")
        targets = page.js("return [...document.getElementById('import-target').options].map((o) => o.value)")
        self.assertNotIn("video-task", targets, "the page offers only what the server takes")
        page.select("#import-target", "test")
        page.select("#import-objective", "closing")
        before = source_files(self.module_path())
        page.drawn("#import-file").send_keys(self.workspace.write("quiz.gift", self.GIFT))
        page.click("#import-button")
        page.wait(lambda: (page.text("#import-status") or "").startswith(("Imported", "Nothing", "Not imported")),
                  "the import to end")
        self.assertTrue(page.text("#import-status").startswith("Imported."), page.text("#import-result"))
        report = page.text("#import-report")
        self.assertIn("Test bank: 2 added", report)
        self.assertNotIn(".plist", report)
        items = read_plist(self.module_path("questions", "test.plist"))["items"]
        self.assertEqual([item["objective"] for item in items[-2:]], ["closing", "closing"])
        page.wait_saved()
        page.wait(lambda: page.find("#undo-button").is_enabled(), "Undo to be enabled after the import")
        page.click("#undo-button")
        page.wait(lambda: len(read_plist(self.module_path("questions", "test.plist"))["items"]) == len(items) - 2,
                  "Undo to take the import back")
        page.wait_saved()
        self.assertEqual(source_files(self.module_path()), before, "Undo puts the files back as they were")

class SecurityTests(StudioTestCase):
    """Plain HTTP, as any program (or any web page's requests) could send it: no browser needed."""

    browser = False

    def test_every_request_needs_the_token(self):
        self.assertEqual(self.server.request("GET", "/api/modules", token=False).status, 401)
        self.assertEqual(self.server.request("GET", "/api/modules", token="0" * 64).status, 401)
        self.assertEqual(self.server.request("GET", "/media/0/conversation.mp4", token=False).status, 401)
        self.assertEqual(self.server.request("GET", "/api/modules").status, 200)

    def test_another_host_or_origin_is_refused(self):
        port = self.server.port
        self.assertEqual(self.server.request("GET", "/api/modules", host=f"evil.example:{port}").status, 421)
        from_elsewhere = self.server.request("GET", "/api/modules", headers={"Origin": "http://evil.example"})
        self.assertEqual(from_elsewhere.status, 403)
        self.assertEqual(self.server.request("GET", "/api/modules", host=f"localhost:{port}").status, 200)

    def test_a_change_needs_the_token_in_its_header(self):
        state = self.server.state()
        module = dict(state["module"], title="Written with a cookie")
        before = source_files(self.module_path())
        cookie = f"lessonpack-studio-{self.server.port}={self.server.token}"
        answer = self.server.request("PUT", "/api/modules/0", token=False, headers={"Cookie": cookie},
                                     json_body={"revision": state["revision"], "module": module})
        self.assertEqual(answer.status, 403, answer)
        self.assertEqual(source_files(self.module_path()), before)
        # The token in a cookie is no credential at all: every port of 127.0.0.1 receives cookies, so the studio's
        # own cookie holds a second secret that reads only the page and its media (the browser tests above use it).
        read = self.server.request("GET", "/api/modules/0", token=False, headers={"Cookie": cookie})
        self.assertEqual(read.status, 401)

    def test_hostile_upload_names_write_nothing(self):
        elsewhere = Workspace("studio-clip")
        self.addCleanup(elsewhere.remove)
        clip = read_bytes(make_audio(elsewhere.child("clip.opus")))
        before = tree_snapshot(self.workspace.path)
        encoded = lambda folder, name: urllib.parse.urlencode({"folder": folder, "name": name})  # noqa: E731
        hostile = [encoded("lines", "../x.opus"), encoded("lines", "a/b.opus"), encoded("lines", ".hidden.opus"),
                   encoded("lines", "x.exe"), encoded("lines", "bad\x01name.opus"),
                   encoded("lines", "a" * 300 + ".opus"),
                   encoded("lines", "..\\x.opus"), encoded("lines", ""), encoded("../..", "x.opus"),
                   encoded("lines/../..", "x.opus"), encoded("/tmp", "x.opus"), encoded("qa", "x.opus\u202egpj"),
                   "folder=lines&name=%2e%2e%2fx.opus", "folder=%2e%2e&name=x.opus", "folder=lines&name=x.opus%00.wav"]
        for query in hostile:
            with self.subTest(query=query[:60]):
                answer = self.server.request("POST", f"/api/modules/0/media?{query}", body=clip,
                                             headers={"Content-Type": "audio/ogg"})
                self.assertTrue(400 <= answer.status < 500, answer)
                self.assertIn("error", answer.json())
                self.assertEqual(tree_snapshot(self.workspace.path), before,
                                 "nothing was written in the studio's folder")
        parent = os.path.dirname(self.workspace.path)
        for name in ("x.opus", "b.opus", "x.exe", ".hidden.opus"):
            self.assertFalse(os.path.exists(os.path.join(parent, name)),
                             f"{name} was written beside the studio's folder")
        # The same clip under a good name is taken: the refusals were about the names.
        good = self.server.request("POST", "/api/modules/0/media?folder=lines&name=good.opus", body=clip)
        self.assertEqual(good.status, 201, good)
        self.assertTrue(os.path.isfile(self.module_path("media", "lines", "good.opus")))

    def test_media_paths_cannot_leave_media(self):
        for path in ("../module.plist", "%2e%2e/module.plist", "..%2fmodule.plist", "%2e%2e%2fmodule.plist",
                     "lines/../../module.plist", "/etc/passwd", "%2fetc%2fpasswd"):
            with self.subTest(path=path):
                answer = self.server.request("GET", f"/media/0/{path}")
                self.assertEqual(answer.status, 404, answer)
                self.assertNotIn(b"<plist", answer.body)
        self.assertEqual(self.server.request("GET", "/media/0/lines/l01.opus").status, 200)

    def test_the_server_listens_on_loopback_only(self):
        addresses = set()
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None):
                addresses.add(info[4][0])
        except socket.gaierror:
            pass
        try:
            probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            addresses.add(probe.getsockname()[0])
            probe.close()
        except OSError:
            pass
        try:  # Linux lists its IPv6 addresses here, 32 hex digits each
            with open("/proc/net/if_inet6") as table:
                for row in table:
                    digits = row.split()[0]
                    addresses.add(socket.inet_ntop(socket.AF_INET6, bytes.fromhex(digits)))
        except OSError:
            pass
        others = sorted(a for a in addresses if not a.startswith("127.") and a != "::1" and not a.startswith("fe80"))
        for address in others:
            with self.subTest(address=address):
                family = socket.AF_INET6 if ":" in address else socket.AF_INET
                with socket.socket(family, socket.SOCK_STREAM) as connection:
                    connection.settimeout(3)
                    with self.assertRaises(OSError, msg=f"the studio answers on {address}"):
                        connection.connect((address, self.server.port))
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=3):
            pass  # and on loopback it does answer


class ScreenshotTests(StudioTestCase):
    """A picture of each section and of two previews: into docs/studio/ with STUDIO_SCREENSHOTS=1 (for
    docs/studio.md), else into the temporary folder, so a normal run still shows that every section renders."""

    def test_screenshots(self):
        folder = os.path.join(ROOT, "docs", "studio") if os.environ.get("STUDIO_SCREENSHOTS") == "1" \
            else self.workspace.child("screenshots")
        os.makedirs(folder, exist_ok=True)
        page = self.page
        self.assert_lessonpack("keygen", self.workspace.child("publisher.key"))
        page.open_module("0", "module")
        self.shoot(folder, "module")

        page.section("transcript")
        video = page.wait_visible("#transcript-video")
        # Played for a moment, the video shows a frame rather than a loading spinner.
        page.js("arguments[0].currentTime = 10.5; arguments[0].play()", video)
        page.wait(lambda: page.js("return arguments[0].currentTime > 10.8", video), "the video to play")
        page.js("arguments[0].pause()", video)
        self.shoot(folder, "transcript")
        for name in ("vocabulary", "questions", "media", "import"):
            page.section(name)
            self.shoot(folder, name)

        # The problems list, with something to show: a speaker renamed, so lines name a speaker no longer declared.
        page.section("module")
        page.type("speakers.1.id", "aplicant")
        page.section("problems")
        self.shoot(folder, "problems")
        page.section("transcript")
        self.shoot(folder, "diagnostics", scroll_to='[data-field="transcript.1"]')
        page.section("module")
        page.type("speakers.1.id", "applicant")

        page.open_preview("audio-game")
        page.preview_click("level-medium")
        page.wait_preview(lambda v: v["mode"] != "choosingLevel", "a game at medium")
        self.shoot(folder, "preview-audio-game", scroll_to='[data-testid="preview-root"]')
        page.open_preview("video-task")
        for number in range(1, 11):
            page.preview_click(f"statement-{number}")
            page.wait_preview(lambda v: v["rows"][number - 1]["mark"] != "empty", f"statement {number} marked")
        page.preview_click("check")
        page.wait_preview(lambda v: v.get("summary"), "the check")
        video = page.wait_visible('[data-testid="preview-root"] [data-testid="video"]')
        page.js("arguments[0].currentTime = 10.5", video)
        page.wait(lambda: page.js("return arguments[0].readyState >= 3 && !arguments[0].seeking", video),
                  "a video frame")
        self.shoot(folder, "preview-video-task", scroll_to='[data-testid="preview-root"]')

        page.section("build")
        page.drawn("#build-key-file").send_keys("publisher.key")  # relative to the folder the studio runs in
        page.click("#build-button")
        page.wait(lambda: page.text("#build-status") not in (None, "Checking and building…"), "the build",
                  timeout=180)
        self.shoot(folder, "build")

        for name in ("module", "transcript", "vocabulary", "questions", "media", "import", "problems", "diagnostics",
                     "preview-audio-game", "preview-video-task", "build"):
            with open(os.path.join(folder, f"{name}.png"), "rb") as handle:
                self.assertEqual(handle.read(8), b"\x89PNG\r\n\x1a\n")

    def shoot(self, folder, name, scroll_to=None):
        if scroll_to:
            self.page.js("arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -110)",
                         self.page.wait_visible(scroll_to))
        else:
            self.page.js("window.scrollTo(0, 0)")
        self.page.js("document.activeElement?.blur()")  # no focus ring in the picture
        time.sleep(0.4)
        self.assertTrue(self.driver.save_screenshot(os.path.join(folder, f"{name}.png")), name)


if __name__ == "__main__":
    unittest.main(verbosity=2)
