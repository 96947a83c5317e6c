"""What every real-browser test of the web player and its LMS packages does with its page: run a script, read the
browser's console, wait for a state with a message that says what did not come, and quit. A test class mixes it in
before unittest.TestCase, holds the browser in `self.driver`, and may say more when a wait fails (`waited_for`)."""

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
