#!/usr/bin/env python3
"""A SCORM 1.2 package (`lessonpack export scorm12`) in a real browser, launched by a test LMS: nginx (Debian's)
serves the unpacked package beside Tests/Browser/scorm-test-lms, a page that provides `window.API` after the SCORM 1.2
Run-Time Environment's state machine (its error codes 101, 201, 301, 401, 403, 404, 405, and cmi.suspend_data's
4,096 characters) and frames the SCO as an LMS does. Chromium, emulating a phone, answers part of the test; the LMS
is left; the browser's own store is wiped (another computer); a new launch resumes from cmi.suspend_data alone with
every answer; the test is finished and the LMS holds the status and score the module's pass mark gives.

Run by Tests/LessonpackCLITests/LMSBrowserTests.swift, which exports and unpacks the package first:
  SCORM_PACKAGE=<unpacked package> .build-python/venv/bin/python Tests/Browser/lms_scorm_browser_check.py -v
"""

import os
import shutil
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from page_driving import PageDriving  # noqa: E402
from web_player_browser_check import Nginx, start_phone  # noqa: E402

MODULE = "job-interview"
PASS_MARK = 70  # LMSBrowserTests builds the sample module with this pass mark
HERE = os.path.dirname(os.path.abspath(__file__))


class ScormPackageInAnLMS(PageDriving, unittest.TestCase):
    def setUp(self):
        package = os.environ.get("SCORM_PACKAGE")
        if not package or not os.path.isfile(os.path.join(package, "imsmanifest.xml")):
            raise AssertionError(f"SCORM_PACKAGE names no unpacked package ({package!r}): run LMSBrowserTests")
        self.root = tempfile.mkdtemp(prefix="scorm-lms-")
        self.addCleanup(shutil.rmtree, self.root, True)
        shutil.copytree(package, os.path.join(self.root, "package"))
        shutil.copytree(os.path.join(HERE, "scorm-test-lms"), os.path.join(self.root, "lms"))
        self.nginx = Nginx(self.root)
        self.addCleanup(self.nginx.remove)
        self.driver = start_phone()
        self.addCleanup(self.quit)

    # -- helpers -----------------------------------------------------------------------------------------------

    def launch(self):
        """The LMS's page, and the SCO in its frame, ready and connected to the LMS."""
        self.driver.switch_to.default_content()
        self.driver.get(self.nginx.url + "lms/index.html")
        self.wait(lambda: self.js("return document.getElementById('sco')?.contentDocument?.readyState === 'complete'"),
                  "the SCO's frame to load")
        self.driver.switch_to.frame("sco")
        self.wait(lambda: self.js("return document.documentElement.dataset.ready === 'true'"), "the SCO to be ready")
        connected = self.js("return document.documentElement.dataset.lms")
        said = self.js("return document.getElementById('status').textContent")
        self.assertEqual(connected, "scorm12", f"the SCO did not find the LMS's API: {said}\n{self.console()}")

    def lms(self):
        """What the test LMS holds (its cmi data and every call), read from the LMS's page."""
        self.driver.switch_to.default_content()
        try:
            return self.js("return window.testLMS ? window.testLMS.saved() : JSON.parse(localStorage.getItem('scorm-test-lms'))")
        finally:
            if self.js("return !!document.getElementById('sco')"):
                self.driver.switch_to.frame("sco")

    def open_test(self):
        self.js(f"location.hash = '#/{MODULE}/test'")
        self.wait(lambda: self.view() and "items" in self.view(), "the test to show its view")
        self.idle()
        return self.view()

    def answer(self, item, true=True):
        if item.get("mark") is not None:
            self.tap(f"item-{item['number']}-{'correct' if true else 'incorrect'}")
        else:
            self.tap(f"item-{item['number']}-choice-{item['choices'][0]['letter']}")

    # -- the test ----------------------------------------------------------------------------------------------

    def test_the_package_reports_suspends_and_resumes_through_the_scorm_api(self):
        self.launch()
        test = self.open_test()
        for item in test["items"][:2]:
            self.answer(item)
        answers = [item["answerText"] for item in self.view()["items"][:2]]
        self.assertNotIn("not answered", " ".join(answers), self.view())

        # The LMS heard of both answers: the progress in suspend_data, the lesson not yet completed.
        self.wait(lambda: self.lms()["committed"]["cmi.suspend_data"], "suspend_data to be committed")
        held = self.lms()
        self.assertEqual(held["committed"]["cmi.core.lesson_status"], "incomplete", held["committed"])
        calls = [call for call in held["calls"] if call["launch"] == 1]
        self.assertEqual(calls[0]["name"], "LMSInitialize", calls[:3])
        refused = [call for call in calls if call["error"] != 0]
        self.assertEqual(refused, [], "the SCO made calls the RTE refuses")
        for call in calls:
            if call["name"] == "LMSSetValue" and call["args"][0] == "cmi.suspend_data":
                self.assertLessEqual(len(call["args"][1]), 4096)

        # The adapter is the RTE's state machine: it refuses what the specification refuses.
        self.driver.switch_to.default_content()
        self.assertEqual(self.js("return [API.LMSInitialize(''), API.LMSGetLastError()]"), ["false", "101"])
        self.assertEqual(self.js("return [API.LMSSetValue('cmi.core.student_id', 'x'), API.LMSGetLastError()]"), ["false", "403"])
        self.assertEqual(self.js("return [API.LMSGetValue('cmi.core.exit'), API.LMSGetLastError()]"), ["", "404"])
        self.assertEqual(self.js("return [API.LMSSetValue('cmi.suspend_data', 'x'.repeat(4097)), API.LMSGetLastError()]"),
                         ["false", "405"])

        # The learner leaves: the SCO suspends and finishes. Then the browser's store is wiped, as on another computer.
        self.driver.get(self.nginx.url + "lms/api.js")
        held = self.js("return JSON.parse(localStorage.getItem('scorm-test-lms'))")
        names = [call["name"] for call in held["calls"] if call["launch"] == 1]
        self.assertIn("LMSFinish", names, names)
        self.assertEqual(held["committed"]["cmi.core.exit"], "suspend")
        self.assertRegex(held["committed"]["cmi.core.session_time"], r"^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$")
        wiped = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const request = indexedDB.deleteDatabase('lessonpack-web');
            request.onsuccess = () => done('deleted');
            request.onerror = () => done('error');
            request.onblocked = () => done('blocked');""")
        self.assertEqual(wiped, "deleted")

        # A new launch enters as "resume" and finds every answer, from cmi.suspend_data alone.
        self.launch()
        self.assertEqual(self.lms()["cmi"]["cmi.core.entry"], "resume")
        # It opens where the learner was (cmi.core.lesson_location).
        self.assertEqual(self.js("return location.hash"), f"#/{MODULE}/test")
        test = self.open_test()
        self.assertEqual([item["answerText"] for item in test["items"][:2]], answers, "the answers did not come back")

        # The test finished: each other statement marked false, each choice item its first choice. The score is
        # whatever the deal makes of that; the status must agree with it against the pass mark.
        for item in test["items"][2:]:
            self.answer(item, true=False)
        self.js("return document.querySelector('[data-testid=\"preview-root\"]')").send_keys("f")
        self.idle()
        if self.js("return !!document.querySelector('[data-testid=\"finish-confirm\"]')"):
            self.tap("finish-confirm")
        self.wait(lambda: self.js("return !!document.querySelector('[data-testid=\"results\"]')"), "the test's results")
        self.wait(lambda: self.lms()["committed"]["cmi.core.lesson_status"] in ("passed", "failed"), "the status to be reported")
        cmi = self.lms()["committed"]
        raw = float(cmi["cmi.core.score.raw"])
        self.assertEqual((cmi["cmi.core.score.min"], cmi["cmi.core.score.max"]), ("0", "100"))
        self.assertEqual(cmi["cmi.core.lesson_status"], "passed" if raw >= PASS_MARK else "failed", cmi)

        # suspend_data past its limit: the activities touched longest ago are left out, and the encoding says so.
        result = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            (async () => {
              const scorm = await import('./lms-scorm.js');
              const { ProgressStore } = await import('./progress-store.js');
              const store = await ProgressStore.open();
              const activities = ['video-task', 'audio-game', 'test'];
              const whole = await scorm.encodeProgress(store, 'job-interview', activities);
              const back = await scorm.decodeProgress(whole.text);
              const small = await scorm.encodeProgress(store, 'job-interview', activities, 60);
              return { whole: whole.text.length, partial: whole.partial, back: back.map((a) => [a.activity, a.log.length]),
                       log: (await store.log('job-interview/test')).length, smallLength: small.text.length, smallPartial: small.partial };
            })().then(done, (error) => done({ error: String(error) }));""")
        self.assertNotIn("error", result, result)
        print(f"suspend_data: {result['whole']} characters for the test's {result['log']} entries")
        self.assertFalse(result["partial"])
        self.assertLessEqual(result["whole"], 4096)
        self.assertEqual(result["back"], [["test", result["log"]]], result)
        self.assertTrue(result["smallPartial"])
        self.assertLessEqual(result["smallLength"], 60)

        # Progress past suspend_data's limit, for real: an older activity's log grown past 4,096 characters (its
        # entries' text random, so nothing compresses it away). The page keeps the newest that fits, the LMS never
        # gets more than 4,096 characters, and the learner is told.
        grown = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            (async () => {
              const { ProgressStore } = await import('./progress-store.js');
              const store = await ProgressStore.open();
              const transaction = store.database.transaction(['sessions', 'entries'], 'readwrite');
              transaction.objectStore('sessions').put({ key: 'job-interview/video-task', session: '12345' });
              let at = 1000000000000;
              for (let index = 0; index < 200; index += 1) {
                at += 1000 + Math.floor(Math.random() * 100000);
                const reason = Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(36)).join('');
                transaction.objectStore('entries').add({ key: 'job-interview/video-task', entry: { at, recordingFailed: { line: 'x', reason } } });
              }
              await new Promise((resolve, reject) => { transaction.oncomplete = resolve; transaction.onerror = reject; });
              await window.lessonpackLMS.report();
              return document.documentElement.dataset.lmsNotice ?? '';
            })().then(done, (error) => done('error: ' + error));""")
        self.assertEqual(grown, "tooLong", grown)
        self.assertTrue(self.js("return document.getElementById('status').textContent").strip())
        suspended = self.lms()["committed"]["cmi.suspend_data"]
        self.assertLessEqual(len(suspended), 4096)
        kept = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            import('./lms-scorm.js').then((scorm) => scorm.decodeProgress(arguments[0]))
              .then((back) => done(back.map((activity) => activity.activity)), (error) => done(['error: ' + error]));""",
            suspended)
        self.assertEqual(kept, ["test"], "the newest activity is kept, the grown older one left out")

if __name__ == "__main__":
    unittest.main()
