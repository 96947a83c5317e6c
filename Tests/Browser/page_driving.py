"""What every real-browser test of the web player and its LMS packages does with its page: run a script, read the
browser's console, wait for a state with a message that says what did not come, read an activity's view, tap a
control once the activity is idle, and quit. A test class mixes it in
before unittest.TestCase, holds the browser in `self.driver`, and may say more when a wait fails (`waited_for`)."""

import json
import time


class PageDriving:
    def quit(self):
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001: a browser that is gone already
            pass

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def console(self):
        try:
            return "\n".join(entry.get("message", "") for entry in self.driver.get_log("browser"))[-3000:]
        except Exception:  # noqa: BLE001
            return "(no console)"

    def waited_for(self):
        """What else to say when a wait fails (the page's status, what a launcher saw)."""
        return ""

    def wait(self, condition, what, timeout=60):
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                value = condition()
                if value:
                    return value
            except Exception as error:  # noqa: BLE001: the page is between states
                last = error
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what} (last error: {last}){self.waited_for()}\n{self.console()}")

    def view(self):
        text = self.js("return document.querySelector('[data-testid=\"preview-view\"]')?.textContent ?? ''")
        return json.loads(text) if text else None

    def idle(self):
        self.wait(lambda: self.js("const r = document.querySelector('[data-testid=\"preview-root\"]');"
                                  "return !r || r.dataset.busy === 'false'"), "the activity to be idle")

    def tap(self, testid):
        self.idle()
        element = self.wait(lambda: self.js("return document.querySelector(`[data-testid=\"${arguments[0]}\"]`)", testid),
                            f"the control {testid}")
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.idle()
