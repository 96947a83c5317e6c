#!/usr/bin/env python3
"""A cmi5 package (`lessonpack export cmi5`) launched as an LMS launches an AU (cmi5 §8), with Ralph as the record
store. A small launcher on loopback plays the LMS's part: it serves the unpacked package, issues the auth token from
its fetch URL (once only: a second request gets cmi5's error), answers the State API's LMS.LaunchData (Ralph 5.1.0
has no State API, so the launcher keeps that document itself), records the LMS's own `launched` statement in Ralph,
and passes the AU's statements on to Ralph, which checks each against its strict xAPI model. Chromium plays the AU's
test to the end and leaves by "Back to my course"; then the statements Ralph holds for the registration are read
back and held to cmi5's sequence and rules.

Run by Tests/LessonpackCLITests/LMSBrowserTests.swift, which exports and unpacks the package and starts Ralph:
  CMI5_PACKAGE=<unpacked package> RALPH_ENDPOINT=http://127.0.0.1:PORT/xAPI/ RALPH_CREDENTIALS=<file NAME:PASSWORD> \
    .build-python/venv/bin/python Tests/Browser/lms_cmi5_browser_check.py -v
"""

import base64
import json
import mimetypes
import os
import sys
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from page_driving import PageDriving  # noqa: E402
from web_player_browser_check import start_phone  # noqa: E402

MODULE = "job-interview"
AU = f"urn:lessonpack:module:{MODULE}"
CMI5 = "https://w3id.org/xapi/cmi5/context/categories/cmi5"
MOVEON = "https://w3id.org/xapi/cmi5/context/categories/moveon"
SESSION = "https://w3id.org/xapi/cmi5/context/extensions/sessionid"
VERBS = "http://adlnet.gov/expapi/verbs/"


class Launcher:
    """The LMS's side of a cmi5 launch, on a loopback port."""

    def __init__(self, package, ralph, credentials):
        self.package = package
        self.ralph = ralph.rstrip("/") + "/"
        self.ralph_auth = "Basic " + base64.b64encode(credentials.encode()).decode()
        self.token = base64.b64encode(f"au-{uuid.uuid4()}:{uuid.uuid4()}".encode()).decode()
        self.registration = str(uuid.uuid4())
        self.session = str(uuid.uuid4())
        self.actor = {"objectType": "Agent", "name": "Test Learner", "account": {"homePage": "https://lms.example.org", "name": "learner-1"}}
        self.fetches = []        # each POST to the fetch URL: what it answered
        self.forwarded = []      # each statements request passed to Ralph: (status, ids)
        self.refused = []        # requests refused here (a wrong token, a wrong state document)
        self.returned = False
        launcher = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_):
                pass

            def reply(self, status, body, kind="application/json"):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def authorised(self):
                if self.headers.get("Authorization") != f"Basic {launcher.token}":
                    launcher.refused.append((self.command, self.path, self.headers.get("Authorization")))
                    self.reply(401, {"error": "unknown token"})
                    return False
                return True

            def do_GET(self):
                path, _, query = self.path.partition("?")
                if path.startswith("/package/"):
                    file = os.path.realpath(os.path.join(launcher.package, urllib.parse.unquote(path[len("/package/"):])))
                    if not file.startswith(os.path.realpath(launcher.package)) or not os.path.isfile(file):
                        return self.reply(404, {"error": "no such file"})
                    kind = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                            ".vtt": "text/vtt"}.get(os.path.splitext(file)[1]) or mimetypes.guess_type(file)[0] or "application/octet-stream"
                    with open(file, "rb") as handle:
                        return self.reply(200, handle.read(), kind)
                if path == "/xapi/activities/state":
                    if not self.authorised():
                        return None
                    fields = dict(urllib.parse.parse_qsl(query))
                    expected = {"stateId": "LMS.LaunchData", "activityId": AU, "registration": launcher.registration}
                    if any(fields.get(name) != value for name, value in expected.items()) or json.loads(fields.get("agent", "null")) != launcher.actor:
                        launcher.refused.append(("GET", self.path, "not the launch's state document"))
                        return self.reply(404, {"error": "no such document"})
                    return self.reply(200, launcher.launch_data())
                if path == "/returned":
                    launcher.returned = True
                    return self.reply(200, b"<!doctype html><title>Course</title><p id=back>Back in the course</p>", "text/html")
                return self.reply(404, {"error": "nothing here"})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                if self.path == "/fetch":
                    # cmi5 §8.2.3: the fetch URL gives its token once; later requests get error 1.
                    if launcher.fetches:
                        answer = {"error-code": "1", "error-text": "This launch's token was fetched already"}
                    else:
                        answer = {"auth-token": launcher.token}
                    launcher.fetches.append(answer)
                    return self.reply(200, answer)
                if self.path == "/xapi/statements":
                    if not self.authorised():
                        return None
                    status, answer = launcher.to_ralph(json.loads(body))
                    return self.reply(status, answer)
                return self.reply(404, {"error": "nothing here"})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def context_template(self):
        return {"contextActivities": {"grouping": [{"id": "urn:lessonpack:course:job-interview", "objectType": "Activity"}]},
                "extensions": {SESSION: self.session}}

    def launch_data(self):
        return {"contextTemplate": self.context_template(), "launchMode": "Normal", "returnURL": self.url + "returned",
                "moveOn": "CompletedAndPassed", "masteryScore": 0.7}

    def to_ralph(self, statements):
        request = urllib.request.Request(self.ralph + "statements", data=json.dumps(statements).encode(), method="POST",
                                         headers={"Authorization": self.ralph_auth, "Content-Type": "application/json",
                                                  "X-Experience-API-Version": "1.0.3"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, answer = response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            status, answer = error.code, error.read().decode(errors="replace")
        self.forwarded.append((status, statements if status >= 300 else answer))
        return status, answer

    def record_launched(self):
        """The LMS's own statement, before it launches the AU."""
        context = self.context_template()
        context["registration"] = self.registration
        context["contextActivities"]["category"] = [{"id": CMI5}]
        context["extensions"]["https://w3id.org/xapi/cmi5/context/extensions/launchmode"] = "Normal"
        context["extensions"]["https://w3id.org/xapi/cmi5/context/extensions/launchurl"] = self.url + "package/lms.html"
        context["extensions"]["https://w3id.org/xapi/cmi5/context/extensions/moveon"] = "CompletedAndPassed"
        status, answer = self.to_ralph([{"id": str(uuid.uuid4()), "actor": self.actor,
                                         "verb": {"id": VERBS + "launched", "display": {"en-US": "launched"}},
                                         "object": {"id": AU, "objectType": "Activity"}, "context": context,
                                         "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())}])
        assert status == 200, f"Ralph refused the LMS's launched statement: {status} {answer}"

    def launch_url(self):
        query = urllib.parse.urlencode({"endpoint": self.url + "xapi/", "fetch": self.url + "fetch",
                                        "actor": json.dumps(self.actor), "registration": self.registration,
                                        "activityId": AU})
        return f"{self.url}package/lms.html?module={MODULE}&{query}"

    def statements_in_ralph(self):
        query = urllib.parse.urlencode({"registration": self.registration, "limit": 500})
        request = urllib.request.Request(f"{self.ralph}statements?{query}",
                                         headers={"Authorization": self.ralph_auth, "X-Experience-API-Version": "1.0.3"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())["statements"]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Cmi5LaunchWithRalph(PageDriving, unittest.TestCase):
    def setUp(self):
        package = os.environ.get("CMI5_PACKAGE")
        if not package or not os.path.isfile(os.path.join(package, "cmi5.xml")):
            raise AssertionError(f"CMI5_PACKAGE names no unpacked package ({package!r}): run LMSBrowserTests")
        ralph = os.environ.get("RALPH_ENDPOINT")
        credentials_file = os.environ.get("RALPH_CREDENTIALS")
        if not ralph or not credentials_file:
            raise AssertionError("RALPH_ENDPOINT and RALPH_CREDENTIALS name no running Ralph: run LMSBrowserTests")
        with open(credentials_file, encoding="utf-8") as handle:
            credentials = handle.readline().strip()
        self.launcher = Launcher(package, ralph, credentials)
        self.addCleanup(self.launcher.stop)
        self.driver = start_phone()
        self.addCleanup(self.quit)

    def waited_for(self):
        return (f"; forwarded: {[status for status, _ in self.launcher.forwarded]}; "
                f"refused: {self.launcher.refused}")

    def test_an_au_launched_by_the_lms_sends_the_cmi5_statements_to_ralph(self):
        launcher = self.launcher
        launcher.record_launched()
        self.driver.get(launcher.launch_url())
        self.wait(lambda: self.js("return document.documentElement.dataset.ready === 'true'"), "the AU to be ready")
        self.assertEqual(self.js("return document.documentElement.dataset.lms"), "cmi5",
                         f"{self.js('return document.getElementById(`status`).textContent')}\n{self.console()}")
        self.assertEqual(self.js("return document.documentElement.dataset.cmi5Mode"), "Normal")

        # The test to the end: each statement item marked true, each choice item its first choice; the score is
        # whatever that gives, and passed or failed must agree with it against the mastery score (0.7).
        self.js(f"location.hash = '#/{MODULE}/test'")
        self.wait(lambda: self.view() and "items" in self.view(), "the test's view")
        for item in self.view()["items"]:
            if item.get("mark") is not None:
                self.tap(f"item-{item['number']}-correct")
            else:
                self.tap(f"item-{item['number']}-choice-{item['choices'][0]['letter']}")
        self.idle()
        self.js("return document.querySelector('[data-testid=\"preview-root\"]')").send_keys("f")
        self.idle()
        if self.js("return !!document.querySelector('[data-testid=\"finish-confirm\"]')"):
            self.tap("finish-confirm")
        self.wait(lambda: self.js("return !!document.querySelector('[data-testid=\"results\"]')"), "the test's results")
        self.wait(lambda: json.loads(self.js("return document.documentElement.dataset.cmi5Sent ?? '{}'")).get("completed"),
                  "completed to be sent")

        # The learner goes back to the course: terminated, and the LMS's returnURL.
        self.js("document.querySelector('[data-testid=\"lms-exit\"]').click()")
        self.wait(lambda: launcher.returned, "the page to go back to the course")

        # The same launch opened again in this tab: the session is over, the page says so and sends nothing.
        sent = len(launcher.forwarded)
        self.driver.get(launcher.launch_url())
        self.wait(lambda: self.js("return document.documentElement.dataset.lms") == "ended", "the page to say the session ended")
        self.assertTrue(self.js("return document.getElementById('status').textContent").strip())
        time.sleep(1)
        self.assertEqual(len(launcher.forwarded), sent, "statements were sent after terminated")

        # The fetch URL gave its token once; asked again, it answers cmi5's error.
        self.assertEqual(len(launcher.fetches), 1, launcher.fetches)
        again = json.loads(urllib.request.urlopen(urllib.request.Request(launcher.url + "fetch", data=b"", method="POST")).read())
        self.assertEqual(again.get("error-code"), "1")
        self.assertEqual(launcher.refused, [], "the AU made a request the LMS refused")
        self.assertTrue(all(status == 200 for status, _ in launcher.forwarded),
                        f"Ralph refused statements: {[(s, a) for s, a in launcher.forwarded if s != 200]}")

        statements = self.wait(lambda: (lambda found: found if any(s["verb"]["id"].endswith("terminated") for s in found) else None)(
            launcher.statements_in_ralph()), "terminated to reach Ralph")
        statements.sort(key=lambda statement: (statement["timestamp"], statement.get("stored", "")))
        verbs = [statement["verb"]["id"][len(VERBS):] for statement in statements]
        defined = [verb for verb in verbs if verb != "answered"]
        self.assertEqual(defined[:2], ["launched", "initialized"], verbs)
        self.assertEqual(defined[-1], "terminated", verbs)
        self.assertIn("completed", defined, verbs)
        judged = [verb for verb in defined if verb in ("passed", "failed")]
        self.assertEqual(len(judged), 1, verbs)
        self.assertGreater(verbs.count("answered"), 0, verbs)
        self.assertLess(verbs.index("initialized"), min(index for index, verb in enumerate(verbs) if verb == "answered"))

        for statement in statements:
            verb = statement["verb"]["id"][len(VERBS):]
            context = statement["context"]
            categories = [entry["id"] for entry in context.get("contextActivities", {}).get("category", [])]
            self.assertEqual(context["registration"], launcher.registration, statement)
            self.assertEqual(context["extensions"][SESSION], launcher.session, statement)
            self.assertEqual(statement["actor"]["account"], launcher.actor["account"], statement)
            if verb == "answered":
                # An "allowed" statement: about the item, without the cmi5 category.
                self.assertNotIn(CMI5, categories, statement)
                self.assertTrue(statement["object"]["id"].startswith(AU + ":activity:test:item:"), statement)
                self.assertIn("response", statement["result"], statement)
                continue
            self.assertIn(CMI5, categories, statement)
            self.assertEqual(statement["object"]["id"], AU, statement)
            if verb in ("completed", "passed", "failed"):
                self.assertIn(MOVEON, categories, statement)
            if verb in ("passed", "failed"):
                scaled = statement["result"]["score"]["scaled"]
                self.assertEqual(statement["result"]["success"], verb == "passed")
                self.assertEqual(verb == "passed", scaled >= 0.7, statement)
            if verb == "completed":
                self.assertTrue(statement["result"]["completion"], statement)
            if verb in ("completed", "passed", "failed", "terminated"):
                self.assertRegex(statement["result"]["duration"], r"^PT\d+(\.\d+)?S$")


if __name__ == "__main__":
    unittest.main()
