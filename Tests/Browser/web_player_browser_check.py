#!/usr/bin/env python3
"""The web player (`lessonpack export web`) in a real browser, as a learner's phone meets it: nginx (Debian's) serves
the exported folder on a loopback port; headless Chromium emulates a phone (390 x 844, touch, the CPU slowed down
four times) and taps through the video task, the audio game, the pronunciation practice and the test. Once the page
has been opened the network is cut (the browser is set offline and nginx is stopped) and everything goes on from the
service worker's cache. In the middle, the tab is killed; a new tab opens the page again and finds every answer it
had confirmed. Then the progress file goes out and back in.

Run by Tests/LessonpackCLITests/WebPlayerBrowserTests.swift, which exports the site first:
  WEB_PLAYER_SITE=<exported folder> .build-python/venv/bin/python Tests/Browser/web_player_browser_check.py -v

Each part that cannot start (nginx, Selenium, Chromium, chromedriver) fails the test saying which.
"""

import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from page_driving import PageDriving  # noqa: E402

from studio_harness import CHROMEDRIVER, CHROMIUM  # noqa: E402

MODULE = "job-interview"
PHONE = {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/120.0.0.0 Mobile Safari/537.36")


class Nginx:
    """nginx in the foreground, as this test's child, serving `root` on a free loopback port, with its configuration,
    logs and temporary files in a folder of its own."""

    def __init__(self, root):
        binary = next((path for path in ("/usr/sbin/nginx", "/usr/bin/nginx") if os.access(path, os.X_OK)), None)
        if not binary:
            raise AssertionError("nginx could not start: it is not installed (scripts/setup installs Debian's nginx)")
        self.folder = tempfile.mkdtemp(prefix="web-player-nginx-")
        os.makedirs(os.path.join(self.folder, "temp"))
        last = ""
        for _ in range(5):
            self.port = free_port()
            with open(os.path.join(self.folder, "nginx.conf"), "w") as handle:
                handle.write(self.configuration(root))
            log = os.path.join(self.folder, "error.log")
            self.process = subprocess.Popen([binary, "-p", self.folder, "-c", os.path.join(self.folder, "nginx.conf"),
                                             "-e", log], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                            start_new_session=True)
            if self.wait_until_listening():
                self.url = f"http://127.0.0.1:{self.port}/"
                return
            self.stop()
            with open(log, encoding="utf-8", errors="replace") if os.path.exists(log) else open(os.devnull) as handle:
                last = handle.read()
        raise AssertionError(f"nginx could not start on a loopback port: {last[-800:]}")

    def configuration(self, root):
        folder = self.folder
        return f"""
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/temp/body;
    proxy_temp_path {folder}/temp/proxy;
    fastcgi_temp_path {folder}/temp/fastcgi;
    uwsgi_temp_path {folder}/temp/uwsgi;
    scgi_temp_path {folder}/temp/scgi;
    # What a web server must say for the site to work: module scripts are refused under any other type.
    types {{
        text/html html; text/css css; text/javascript js mjs; application/json json; application/wasm wasm;
        text/vtt vtt; video/mp4 mp4; audio/mp4 m4a; audio/ogg ogg opus; audio/wav wav; audio/mpeg mp3;
        video/webm webm; image/png png; image/jpeg jpg jpeg;
    }}
    default_type application/octet-stream;
    server {{
        listen 127.0.0.1:{self.port};
        root {root};
        index index.html;
    }}
}}
"""

    def wait_until_listening(self, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return True
            except OSError:
                time.sleep(0.05)
        return False

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def remove(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_phone():
    """Headless Chromium emulating a phone: its viewport, touch, a mobile user agent, and the CPU four times slower."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise AssertionError(f"Selenium could not be imported ({error}): run scripts/setup") from error
    for program, name in ((CHROMIUM, "Chromium"), (CHROMEDRIVER, "chromedriver")):
        if not os.access(program, os.X_OK):
            raise AssertionError(f"{name} could not start: there is no executable {program} (scripts/setup installs it)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--mute-audio",
                     "--autoplay-policy=no-user-gesture-required", "--use-fake-ui-for-media-stream",
                     "--use-fake-device-for-media-stream"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE, "userAgent": PHONE_AGENT})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    except Exception as error:  # noqa: BLE001: whichever program it was, the message says
        raise AssertionError(f"Chromium or chromedriver could not start ({CHROMIUM}, {CHROMEDRIVER}): "
                             f"{type(error).__name__}: {str(error)[:1500]}") from error
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    throttle(driver)
    return driver


def throttle(driver):
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})


def offline(driver, cut=True):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": cut, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


class WebPlayerOnAPhone(PageDriving, unittest.TestCase):
    def setUp(self):
        site = os.environ.get("WEB_PLAYER_SITE")
        if not site or not os.path.isfile(os.path.join(site, "manifest.json")):
            raise AssertionError(f"WEB_PLAYER_SITE names no exported site ({site!r}): run WebPlayerBrowserTests")
        self.site = site
        self.nginx = Nginx(site)
        self.addCleanup(self.nginx.remove)
        self.driver = start_phone()
        self.addCleanup(self.quit)

    # -- helpers -----------------------------------------------------------------------------------------------

    def find(self, testid, within="document"):
        return self.js(f"return {within}.querySelector('[data-testid=\"' + arguments[0] + '\"]')", testid)

    def tap(self, testid):
        """A finger's tap on the element, with touch pointer events, once the activity is idle."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        self.idle()
        element = self.wait(lambda: self.find(testid), f"the control {testid}")
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(element).pointer_down().pause(0.05).pointer_up()
        actions.perform()
        self.idle()

    def idle(self):
        """The activity's queue is empty: every entry sent was stored and answered."""
        self.wait(lambda: self.js("const r = document.querySelector('[data-testid=\"preview-root\"]');"
                                  "return !r || r.dataset.busy === 'false'"), "the activity to be idle")

    def view(self):
        text = self.js("return document.querySelector('[data-testid=\"preview-view\"]')?.textContent ?? ''")
        return json.loads(text) if text else None

    def waited_for(self):
        status = self.js("return document.getElementById('status')?.textContent ?? ''")
        return f"; status: {status!r}"

    def ready(self):
        self.wait(lambda: self.js("return document.documentElement.dataset.ready === 'true'"), "the page to be ready")

    def open_activity(self, activity):
        self.driver.get(f"{self.nginx.url}#/{MODULE}/{activity}")
        self.ready()
        self.wait(lambda: self.view(), f"the {activity} to show its view")
        self.idle()
        # Every activity fits the phone's width: nothing scrolls sideways.
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 390, f"the {activity} is wider than the phone")
        return self.view()

    # -- the test ----------------------------------------------------------------------------------------------

    def test_a_phone_plays_offline_and_resumes_after_the_tab_is_killed(self):
        driver = self.driver
        driver.get(self.nginx.url)
        self.ready()
        self.assertIsNone(self.find("load-failed"), self.js("return document.body.innerText"))
        self.wait(lambda: self.js("return document.documentElement.dataset.offlineReady === 'true'"),
                  "the service worker to keep every file", timeout=120)
        # An address cut in the middle of an escape (not UTF-8) shows the lessons, saying why, and does not stall.
        self.js("location.hash = '#/%E0'")
        self.wait(lambda: self.js("return document.documentElement.dataset.ready === 'true' && "
                                  "document.getElementById('status').dataset.tone === 'bad'"), "a broken address handled")
        self.assertIsNotNone(self.find("lessons"), self.js("return document.body.innerText"))
        self.js("location.hash = '#/'")
        self.ready()
        # The page fits the phone: nothing wider than its 390 CSS pixels.
        self.assertEqual(self.js("return window.innerWidth"), 390)
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 390)
        self.assertTrue(self.js("return navigator.maxTouchPoints > 0"), "touch is not emulated")

        self.a_new_export_reloads_an_open_page()

        # From here on there is no network: the browser is offline and the server is gone.
        offline(driver)
        self.nginx.stop()
        driver.get(self.nginx.url + f"#/{MODULE}")
        self.ready()
        self.wait(lambda: self.find(f"activity-video-task"), "the list of activities, offline")
        self.assertEqual(self.js("return document.documentElement.dataset.online"), "false")

        # The video plays with its subtitles, from the cache: the WebVTT track is loaded and has the transcript's cues.
        self.open_activity("video")
        cues = self.wait(lambda: self.js("""
            const video = document.querySelector('[data-testid="video"]');
            const track = video?.querySelector('track');
            if (!track || track.readyState !== 2 || video.readyState < 1) return null;
            return [...track.track.cues].map((cue) => cue.text);"""), "the video and its subtitles to load")
        self.assertGreater(len(cues), 5, cues)
        self.tap("play-pause")
        self.wait(lambda: self.js("return document.querySelector('[data-testid=\"video\"]').currentTime > 0.2"), "the video to play")
        self.tap("play-pause")
        self.a_role_play_on_the_phone()

        # The video task: three statements marked (true, false, true).
        view = self.open_activity("video-task")
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 390)
        # The first answer, timed in the page: from the tap to the core's view drawn, with the CPU four times slower.
        took = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const root = document.querySelector('[data-testid="preview-root"]');
            const start = performance.now();
            const watch = new MutationObserver(() => {
              if (root.dataset.busy === 'false') { watch.disconnect(); done(performance.now() - start); }
            });
            watch.observe(root, { attributes: true, attributeFilter: ['data-busy'] });
            document.querySelector('[data-testid="statement-4"]').click();""")
        # How long it took is bench/web's to measure (speed goals are not test assertions): printed for the log.
        print(f"first response in the video task, CPU 4x slower: {took:.0f} ms")
        self.tap("statement-1")
        self.tap("statement-2")
        self.tap("statement-2")
        self.tap("statement-3")
        marks = [row["mark"] for row in self.view()["rows"][:3]]
        self.assertEqual(marks, ["correct", "incorrect", "correct"], self.view())
        self.a_refused_entry_is_dropped_and_the_activity_goes_on()
        video = self.js("const v = document.querySelector('video'); return v && {src: v.currentSrc || v.src}")
        self.assertTrue(video and "/media/" in video["src"], video)

        # The audio game: a level, then one tile put in its right slot.
        view = self.open_activity("audio-game")
        self.assertEqual(view["mode"], "choosingLevel", view)
        self.tap("level-easy")
        view = self.view()
        placed = self.place_one_tile(view)
        self.drag_a_tile()

        # The pronunciation practice: the first line recorded (Chromium's fake microphone, MediaRecorder), kept in
        # IndexedDB, and compared with the original by Web Audio, at once.
        self.open_activity("pronunciation")
        self.tap("record")
        self.wait(lambda: self.js("return document.querySelector('[data-testid=\"preview-root\"]').dataset.recording") == "true",
                  "the recording to start")
        time.sleep(1.5)
        self.tap("stop-recording")
        self.wait(lambda: self.view()["rows"][0]["recorded"], "the recording to be kept", timeout=30)
        self.tap("compare-simultaneous")
        message = self.js("return document.querySelector('[data-testid=\"preview-message\"]').dataset.tone")
        self.assertNotEqual(message, "bad", self.js("return document.querySelector('[data-testid=\"preview-message\"]').textContent"))

        # The test: the first two items answered.
        view = self.open_activity("test")
        answers = []
        for index, item in enumerate(view["items"][:2]):
            testid = (f"item-{item['number']}-correct" if item.get("mark") is not None
                      else f"item-{item['number']}-choice-{item['choices'][0]['letter']}")
            self.tap(testid)
            answers.append(self.view()["items"][index]["answerText"])
        self.assertNotIn("not answered", " ".join(answers), self.view())

        # The tab is killed in the middle of the test; a new one opens the site again, still offline.
        self.kill_tab_and_reopen()

        self.assertEqual([row["mark"] for row in self.open_activity("video-task")["rows"][:3]],
                         ["correct", "incorrect", "correct"], "the video task's marks did not survive")
        game = self.open_activity("audio-game")
        self.assertNotEqual(game["mode"], "choosingLevel", game)
        self.assertIn(placed, [slot["tile"]["id"] for slot in game["slots"] if slot.get("tile")], game)
        # Going on to the test ended the pronunciation practice's visit (an activity without a score counts as
        # visited once the learner goes back from it, as in the terminal player): the lesson lists it as done, which
        # only the replayed visit with its recording gives, and opening it again starts a new visit.
        self.driver.get(f"{self.nginx.url}#/{MODULE}")
        self.ready()
        self.wait(lambda: self.js("return document.querySelector('[data-testid=\"activity-pronunciation\"]')?.dataset.state") == "done",
                  "the pronunciation practice to be listed as done")
        self.assertFalse(self.open_activity("pronunciation")["rows"][0]["recorded"], "a new visit did not start afresh")
        test = self.open_activity("test")
        self.assertEqual([item["answerText"] for item in test["items"][:2]], answers, "the test's answers did not survive")

        # The test finished: answer every item, finish, and see the results.
        for index, item in enumerate(test["items"]):
            if index < 2:
                continue
            self.tap(f"item-{item['number']}-incorrect" if item.get("mark") is not None
                     else f"item-{item['number']}-choice-{item['choices'][0]['letter']}")
        # Finished with the keyboard, as a learner with a keyboard would: f.
        self.idle()
        self.find("preview-root").send_keys("f")
        self.idle()
        if self.find("finish-confirm"):
            self.tap("finish-confirm")
        self.wait(lambda: self.find("results"), "the test's results")
        self.assertTrue(self.js("return document.querySelector('[data-testid=\"preview-root\"]').dataset.finished") == "true")

        # Back on the list, the test says it is done; the keyboard also works (Escape leaves nothing broken).
        self.driver.get(self.nginx.url + f"#/{MODULE}")
        self.ready()
        self.wait(lambda: self.js(f"return document.querySelector('[data-testid=\"activity-test\"]')?.dataset.state") == "done",
                  "the test to be listed as done")
        self.progress_goes_to_a_file_and_back()

    def a_role_play_on_the_phone(self):
        """The video's role play in the web player, offline: the learning core in the page stops before David
        Moore's first line, the fake microphone says it and the next (kept in IndexedDB), the role play is stopped,
        and the conversation with both takes in it is put together from the cached video and the stored recordings
        (fetched one after the other: the page's address for a recording lasts until the next is asked for)."""
        root = "document.querySelector('[data-testid=\"preview-root\"]')"
        def choose_part(value):
            self.idle()
            self.js("""const select = document.querySelector('[data-testid="role-play"]');
                       select.value = arguments[0]; select.dispatchEvent(new Event('change'));""", value)
        choose_part("1")
        view = self.wait(lambda: (v := self.view()) and (v.get("rolePlay") or {}).get("speaker") == "David Moore" and v,
                         "a role play as David Moore")
        self.assertTrue(view["rolePlay"]["prompt"].startswith("Your line: "), view["rolePlay"])
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 390)
        for said in (1, 2):
            self.tap("say-line")
            self.wait(lambda: self.js(f"return {root}.dataset.recording") == "true", "the role play's recording to start")
            time.sleep(1.5)
            self.tap("stop-recording")
            self.wait(lambda: (self.view().get("rolePlay") or {}).get("spoken") == said, f"line {said} to count as said",
                      timeout=30)
        choose_part("")
        self.wait(lambda: (self.view().get("rolePlay") or {}).get("state") == "stopped", "the role play to stop")
        self.tap("hear-yours")
        self.wait(lambda: self.js(f"return {root}.dataset.takesHeard") == "2",
                  "the conversation with both takes to be put together", timeout=30)
        self.assertIsNone(self.js(f"return {root}.querySelector('[data-testid=\"preview-message\"]')?.textContent.match(/Cannot/)"))

    def progress_goes_to_a_file_and_back(self):
        """The progress file: saved (the download's content caught as the page makes it), refused when it is not
        one (nothing changes), and loaded back, which replaces what the browser holds."""
        self.driver.get(self.nginx.url)
        self.ready()
        self.js("window.__saved = new Promise((resolve) => { HTMLAnchorElement.prototype.click = function () {"
                " fetch(this.href).then((answer) => answer.text()).then(resolve); }; });")
        self.tap("export-progress")
        saved = json.loads(self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; window.__saved.then(done);"))
        self.assertEqual(saved["format"], "lessonpack-web-progress")
        keys = {session["key"] for session in saved["sessions"]}
        # Each session is tied to its module's content: the hash of the core.json the page fetched.
        with open(os.path.join(self.site, "modules", MODULE, "core.json"), "rb") as handle:
            content = "sha256:" + hashlib.sha256(handle.read()).hexdigest()
        self.assertEqual({session.get("content") for session in saved["sessions"]}, {content}, saved["sessions"])
        self.assertTrue({f"{MODULE}/video-task", f"{MODULE}/audio-game", f"{MODULE}/test"} <= keys, keys)
        events = [row["entry"]["event"] for row in saved["entries"] if row["key"] == f"{MODULE}/video-task" and "event" in row["entry"]]
        # The timed tap on statement 4 first, then statements 1, 2, 2 and 3.
        self.assertEqual(events[:5], [{"cycle": {"_0": index}} for index in (3, 0, 1, 1, 2)], events)

        folder = tempfile.mkdtemp(prefix="web-player-progress-")
        self.addCleanup(shutil.rmtree, folder, True)
        bad = os.path.join(folder, "bad.json")
        with open(bad, "w", encoding="utf-8") as handle:
            json.dump({"format": "something-else"}, handle)
        self.find("import-file").send_keys(bad)
        self.wait(lambda: self.js("return document.getElementById('status').dataset.tone") == "bad", "a bad file refused")

        # A file whose log the core refuses (an event it does not know) is refused before the question, as a whole.
        spoiled = dict(saved)
        spoiled["entries"] = saved["entries"] + [{"key": f"{MODULE}/video-task",
                                                  "entry": {"at": saved["entries"][-1]["entry"]["at"] + 1, "event": {"dance": {}}}}]
        refused = os.path.join(folder, "refused.json")
        with open(refused, "w", encoding="utf-8") as handle:
            json.dump(spoiled, handle)
        self.js("window.__asked = 0; window.confirm = () => { window.__asked += 1; return true; };")
        self.js("document.getElementById('status').dataset.tone = 'plain'")
        self.find("import-file").send_keys(refused)
        self.wait(lambda: self.js("return document.getElementById('status').dataset.tone") == "bad", "a refused log refused")
        self.assertIn("malformed-event", self.js("return document.getElementById('status').textContent"))
        self.assertEqual(self.js("return window.__asked"), 0, "the question was asked for a file the core refuses")
        recordings = self.count_recordings()
        self.assertGreater(recordings, 0, "the pronunciation's recording is not in the browser")

        # Only the video task's first two marks kept: loading it leaves those, and nothing of the test.
        first = {"key": f"{MODULE}/video-task"}
        kept = dict(saved)
        kept["sessions"] = [session for session in saved["sessions"] if session["key"] == first["key"]]
        rows = [row for row in saved["entries"] if row["key"] == first["key"]]
        kept["entries"] = rows[:3]  # the open, then statement 4 and statement 1 marked
        path = os.path.join(folder, "progress.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(kept, handle)
        self.find("import-file").send_keys(path)
        self.wait(lambda: self.js("return document.getElementById('status').dataset.tone") == "good", "the file loaded")
        self.assertEqual(self.js("return window.__asked"), 1)
        # The recordings are not cleared by a load: the learner's own file, loaded back here, still finds them.
        self.assertEqual(self.count_recordings(), recordings)
        self.assertEqual([row["mark"] for row in self.open_activity("video-task")["rows"][:4]],
                         ["correct", "empty", "empty", "correct"])
        self.driver.get(self.nginx.url + f"#/{MODULE}")
        self.ready()
        self.wait(lambda: self.js("return document.querySelector('[data-testid=\"activity-test\"]')?.dataset.state") == "new",
                  "the test to be listed as not started after the load")
        self.a_log_of_other_content_is_set_aside()

    def a_log_of_other_content_is_set_aside(self):
        """The module exported again with other content (the stored hash no longer the fetched one's): opening the
        activity sets its log aside, kept in IndexedDB, starts a new session and says so."""
        key = f"{MODULE}/video-task"
        old = self.stored_log(key)
        self.assertTrue(old)
        self.driver.execute_async_script("""
            const [key, done] = arguments;
            const open = indexedDB.open('lessonpack-web');
            open.onsuccess = () => {
              const store = open.result.transaction('sessions', 'readwrite').objectStore('sessions');
              const found = store.get(key);
              found.onsuccess = () => {
                store.put({ ...found.result, content: 'sha256:' + '0'.repeat(64) }).onsuccess = () => { open.result.close(); done(); };
              };
            };""", key)
        # The page loaded anew (the address is the list's already), as a learner opening the re-exported site.
        self.driver.get(self.nginx.url + f"#/{MODULE}")
        self.driver.refresh()
        self.ready()
        self.wait(lambda: self.js("return document.querySelector('[data-testid=\"activity-video-task\"]')?.dataset.state") == "new",
                  "the video task of other content to be listed as not started")
        view = self.open_activity("video-task")
        self.assertEqual({row["mark"] for row in view["rows"]}, {"empty"}, view)
        message = self.js("const m = document.querySelector('[data-testid=\"preview-message\"]'); return [m.dataset.tone, m.textContent]")
        self.assertEqual(message[0], "accent", message)
        self.assertIn("changed", message[1])
        self.assertEqual(len(self.stored_log(key)), 1, "the new session's log is not just its open")
        kept = self.driver.execute_async_script("""
            const done = arguments[0];
            const open = indexedDB.open('lessonpack-web');
            open.onsuccess = () => {
              const all = open.result.transaction('setAside').objectStore('setAside').getAll();
              all.onsuccess = () => { done(all.result); open.result.close(); };
            };""")
        self.assertEqual(len(kept), 1, kept)
        self.assertEqual(kept[0]["key"], key)
        self.assertEqual(kept[0]["entries"], old)

    def stored_log(self, key):
        return self.driver.execute_async_script("""
            const [key, done] = arguments;
            const open = indexedDB.open('lessonpack-web');
            open.onsuccess = () => {
              const rows = open.result.transaction('entries').objectStore('entries').index('byKey').getAll(IDBKeyRange.only(key));
              rows.onsuccess = () => { done(rows.result.map((row) => row.entry)); open.result.close(); };
            };""", key)

    def a_new_export_reloads_an_open_page(self):
        """A new export (another version in manifest.json) while a page its worker controls is open: the new worker
        takes over, and the page reloads itself rather than go on with the old files mixed with the new."""
        # A page loaded anew (not a change of its address's hash), so that the worker controls it from the start.
        self.driver.get(self.nginx.url + f"#/{MODULE}")
        self.driver.refresh()
        self.ready()
        self.wait(lambda: self.js("return Boolean(navigator.serviceWorker.controller)"), "the page to be controlled")
        path = os.path.join(self.site, "manifest.json")
        with open(path, encoding="utf-8") as handle:
            manifest = json.load(handle)
        manifest["version"] = str(manifest["version"]) + "-next"
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(manifest, handle)
        self.js("window.__oldPage = true;"
                "navigator.serviceWorker.register('sw.js?v=' + encodeURIComponent(arguments[0]));", manifest["version"])
        self.wait(lambda: self.js("return window.__oldPage === undefined && document.documentElement.dataset.ready === 'true'"),
                  "the page to reload itself under the new worker", timeout=120)
        self.wait(lambda: self.js("return navigator.serviceWorker.controller?.scriptURL ?? ''").endswith("-next"),
                  "the new worker to control the page")
        self.wait(lambda: self.js("return document.documentElement.dataset.offlineReady === 'true'"),
                  "the new worker to keep every file", timeout=120)

    def count_recordings(self):
        return self.driver.execute_async_script("""
            const done = arguments[0];
            const open = indexedDB.open('lessonpack-web');
            open.onsuccess = () => {
              const count = open.result.transaction('recordings').objectStore('recordings').count();
              count.onsuccess = () => { done(count.result); open.result.close(); };
            };""")

    def a_refused_entry_is_dropped_and_the_activity_goes_on(self):
        """The next entry the page stores is spoiled (as a core that no longer reads it would refuse it): the core
        refuses it, the page removes it from the log, says so, and the next tap works."""
        key = f"{MODULE}/video-task"
        before = self.view()
        count = len(self.stored_log(key))
        self.js("""
            const add = IDBObjectStore.prototype.add;
            window.__spoil = true;
            IDBObjectStore.prototype.add = function (value, ...rest) {
              if (window.__spoil && value?.entry?.event) {
                window.__spoil = false;
                value = { key: value.key, entry: { at: value.entry.at, event: { dance: {} } } };
              }
              return add.call(this, value, ...rest);
            };""")
        self.tap("statement-4")
        message = self.js("const m = document.querySelector('[data-testid=\"preview-message\"]'); return [m.dataset.tone, m.textContent]")
        self.assertEqual(message[0], "bad", message)
        self.assertIn("malformed-event", message[1])
        self.assertEqual(self.view(), before, "the refused entry changed the view")
        log = self.stored_log(key)
        self.assertEqual(len(log), count, f"the refused entry is still in the log: {log[-2:]}")
        # Times never go back and are whole milliseconds.
        self.assertTrue(all(isinstance(entry["at"], int) for entry in log), log)
        self.assertEqual([entry["at"] for entry in log], sorted(entry["at"] for entry in log))
        # The activity goes on: statement 4 marked again, and stored.
        self.tap("statement-4")
        self.assertNotEqual(self.view()["rows"][3]["mark"], before["rows"][3]["mark"], self.view())
        self.assertEqual(len(self.stored_log(key)), count + 1)

    def place_one_tile(self, view):
        """Puts the tile of the first empty slot's line into it (tap the tile, tap the slot); answers its line id."""
        with open(os.path.join(self.site, "modules", MODULE, "core.json"), encoding="utf-8") as handle:
            transcript = json.load(handle)["transcript"]
        slots = view["slots"]
        for slot in slots:
            if slot.get("tile"):
                self.assertEqual(slot["tile"]["id"], transcript[slot["number"] - 1]["id"], "slots are not the lines in order")
        empty = next(slot for slot in slots if not slot.get("tile"))
        wanted = transcript[empty["number"] - 1]["id"]
        tile = next(entry for entry in view["tray"] if entry["tile"]["id"] == wanted)
        label = tile["label"]
        number = (ord(label) - 64) if label.isalpha() else int(label)
        self.tap(f"tile-{number}")
        self.tap(f"slot-{empty['number']}")
        after = self.view()
        self.assertIn(wanted, [slot["tile"]["id"] for slot in after["slots"] if slot.get("tile")], after)
        return wanted

    def drag_a_tile(self):
        """Drags the tray's first tile with a finger onto the last empty slot, just above the tray: whether it belongs
        there or not, the page must have placed it (it fills the slot, or springs back to the tray)."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        self.idle()
        before = self.view()
        empty = [slot for slot in before["slots"] if not slot.get("tile")]
        slot_number = empty[-1]["number"]
        first = before["tray"][0]
        tile_id = first["tile"]["id"]
        label = first["label"]
        number = (ord(label) - 64) if label.isalpha() else int(label)
        tile = self.find(f"tile-{number}")
        slot = self.find(f"slot-{slot_number}")
        self.js("arguments[0].scrollIntoView({block: 'center'})", slot)
        gap = self.js("return arguments[0].getBoundingClientRect().top - arguments[1].getBoundingClientRect().bottom", tile, slot)
        self.assertLess(gap, 500, "the tray is too far below the slots to drag a tile on a phone's screen")
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(tile).pointer_down().pause(0.1)
        actions.pointer_action.move_to(tile, 0, -15).pause(0.05)
        actions.pointer_action.move_to(slot, 0, 10).pause(0.05)
        actions.pointer_action.move_to(slot).pause(0.1).pointer_up()
        actions.perform()
        self.idle()
        after = self.view()
        filled = [s["tile"]["id"] for s in after["slots"] if s["number"] == slot_number and s.get("tile")]
        sprang = [entry for entry in after["tray"] if entry["tile"]["id"] == tile_id and entry.get("sprangBack")]
        self.assertTrue(filled == [tile_id] or sprang, f"the dragged tile was not placed: {after}")

    def kill_tab_and_reopen(self):
        """Crashes the tab's renderer (no unload, nothing flushed by the page), then opens the site in a new tab."""
        driver = self.driver
        old = driver.current_window_handle
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        driver.switch_to.window(old)
        try:
            driver.set_script_timeout(5)
            driver.execute_cdp_cmd("Page.crash", {})
        except Exception:  # noqa: BLE001: the tab is gone, as intended
            pass
        driver.switch_to.window(fresh)
        try:
            driver.switch_to.window(old)
            driver.close()
        except Exception:  # noqa: BLE001: already closed by the crash
            pass
        driver.switch_to.window(fresh)
        driver.set_script_timeout(60)
        throttle(driver)
        offline(driver)
        driver.get(self.nginx.url)
        self.ready()


if __name__ == "__main__":
    unittest.main()
