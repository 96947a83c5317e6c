"""The studio's page as the tests drive it: sections, form fields found by their `data-field` (the model path they
edit, docs/studio-api.md), the save status, and the learner preview with its view JSON.

Every wait ends in an AssertionError that says what was awaited, with the page's error banner and the browser's
console errors, so a failing test explains itself.
"""

import json
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

WAIT = 30  # seconds: a save runs every check, on a two-core machine


class StudioPage:
    def __init__(self, driver, server):
        self.driver = driver
        self.server = server

    # ---------------------------------------------------------------------------------------------------------------
    # Basics

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def console_errors(self):
        try:
            return [entry["message"] for entry in self.driver.get_log("browser") if entry.get("level") == "SEVERE"]
        except Exception:  # noqa: BLE001: a driver without logs
            return []

    def diagnosis(self):
        """What the page says is wrong: the error banner, the save status, the console."""
        try:
            banner = self.js("""
                const banner = document.getElementById('error-banner');
                const status = document.getElementById('save-status');
                return [banner && !banner.hidden ? banner.textContent.trim() : '',
                        status ? `${status.dataset.state}: ${status.textContent.trim()}` : ''];""")
        except Exception as error:  # noqa: BLE001: the page may be gone
            banner = [f"(page not readable: {error})", ""]
        errors = "\n  ".join(self.console_errors()) or "(none)"
        return f"error banner: {banner[0] or '(hidden)'}\nsave status: {banner[1]}\nconsole errors:\n  {errors}"

    def wait(self, condition, what, timeout=WAIT):
        """Waits until `condition()` answers something truthy, and answers it."""
        deadline = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                value = condition()
                if value:
                    return value
            except Exception as error:  # noqa: BLE001: a re-rendered element, a page still loading
                last_error = error
            if time.monotonic() > deadline:
                detail = f"\nlast error: {last_error}" if last_error else ""
                raise AssertionError(f"timed out after {timeout} s waiting for {what}{detail}\n{self.diagnosis()}")
            time.sleep(0.1)

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def drawn(self, css, what=None):
        """The element matching `css` once a section's script has drawn it: sections other than Module load their
        scripts after the first paint, so a section can show before its form is there."""
        return self.wait(lambda: next(iter(self.find_all(css)), None), what or f"{css} to be drawn")

    def visible(self, css):
        """The first element matching `css` that is rendered (not in a hidden section), or None."""
        return self.js("""
            return [...document.querySelectorAll(arguments[0])].find((n) => n.getClientRects().length > 0) ?? null;
        """, css)

    def wait_visible(self, css, what=None):
        return self.wait(lambda: self.visible(css), what or f"{css} to show")

    def click(self, css, what=None):
        element = self.wait_visible(css, what)
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return element

    def text(self, css):
        return self.js("return document.querySelector(arguments[0])?.textContent.trim() ?? null", css)

    def is_hidden(self, element_id):
        return self.js("const n = document.getElementById(arguments[0]); return !n || n.hidden", element_id)

    # ---------------------------------------------------------------------------------------------------------------
    # Opening the page and moving around

    def open(self, route=""):
        """Loads the page with its token (and a route such as `#/0/transcript`) and waits until it shows something."""
        self.driver.get(self.server.url + route)
        self.wait(lambda: self.js("""
            const loading = document.getElementById('loading');
            const shown = (id) => { const n = document.getElementById(id); return n && !n.hidden; };
            return loading && loading.hidden && (shown('editor-view') || shown('module-list-view'));"""),
            "the page to load (the module list or the editor)")

    def open_module(self, key="0", section="module"):
        self.open(f"#/{key}/{section}")
        self.wait(lambda: not self.is_hidden("editor-view") and not self.is_hidden(f"section-{section}"),
                  f"module {key}'s {section} section")
        self.wait_saved()

    def section(self, name):
        """Shows a section of the editor by its link in the section list, as an author would."""
        self.click(f"#nav-{name}", f"the {name} link")
        self.wait(lambda: not self.is_hidden(f"section-{name}"), f"the {name} section to show")
        return self.find(f"#section-{name}")

    # ---------------------------------------------------------------------------------------------------------------
    # The save status

    def save_state(self):
        return self.js("return document.getElementById('save-status')?.dataset.state ?? null")

    def wait_saved(self, timeout=WAIT):
        """Waits until the page says everything is saved, and checks it says so in words too."""
        self.wait(lambda: self.save_state() == "saved", "the save status to say saved", timeout)
        status = self.text("#save-status")
        assert status == "Saved", f"the save status reads {status!r}\n{self.diagnosis()}"
        assert self.is_hidden("error-banner"), f"an error is shown\n{self.diagnosis()}"

    # ---------------------------------------------------------------------------------------------------------------
    # Form fields, by the model path they edit

    def field(self, path, what=None):
        return self.wait_visible(f'[data-field="{path}"]', what or f"the field {path}")

    def type(self, path, text, save=True):
        """Replaces the field's text with `text` as typed, and waits for the save."""
        element = self.field(path)
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        element.send_keys(Keys.CONTROL, "a")
        element.send_keys(text if text else Keys.DELETE)
        if save:
            self.wait_saved()
        return element

    def choose(self, path, value, save=True):
        """Chooses an option of a select by its value."""
        element = self.field(path)
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        Select(element).select_by_value(value)
        if save:
            self.wait_saved()
        return element

    def set_colour(self, path, colour):
        """A colour input has no keyboard text; the picker's choice arrives as input and change events."""
        element = self.field(path)
        self.js("""
            arguments[0].value = arguments[1];
            arguments[0].dispatchEvent(new Event('input', {bubbles: true}));
            arguments[0].dispatchEvent(new Event('change', {bubbles: true}));""", element, colour.lower())
        self.wait_saved()

    def press(self, css, save=True):
        """Clicks a button that changes the module (add, delete, tick), and waits for the save."""
        element = self.click(css)
        if save:
            self.wait_saved()
        return element

    def select(self, css, value):
        """Chooses an option of a select that is not a model field (the upload folder, the import kind)."""
        Select(self.wait_visible(css)).select_by_value(value)

    def shortcut(self, key, shift=False):
        """Ctrl+key (with Shift) sent to whatever has the focus."""
        chain = ActionChains(self.driver).key_down(Keys.CONTROL)
        if shift:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys(key)
        if shift:
            chain = chain.key_up(Keys.SHIFT)
        chain.key_up(Keys.CONTROL).perform()

    def value(self, path):
        return self.field(path).get_attribute("value")

    # ---------------------------------------------------------------------------------------------------------------
    # Diagnostics

    def field_diagnostics(self, path):
        """The diagnostic messages shown beside the field `path` (in its enclosing entry's slot or after it)."""
        return self.js("""
            const path = arguments[0];
            const nodes = [...document.querySelectorAll(`[data-field="${CSS.escape(path)}"]`)];
            const found = [];
            for (const node of nodes) {
              for (const id of (node.getAttribute('aria-describedby') ?? '').split(/\\s+/).filter(Boolean)) {
                const message = document.getElementById(id);
                if (message?.matches('[data-testid="field-diagnostic"]')) found.push(message.textContent.trim());
              }
            }
            return [...new Set(found)];""", path)

    def problems(self):
        """The problems list: [{code, field, text}]."""
        return self.js("""
            return [...document.querySelectorAll('#section-problems [data-testid="problem"]')].map((n) => ({
              code: n.dataset.code, field: n.dataset.problemField, text: n.textContent.trim() }));""")

    def error_count(self):
        return int(self.text("#count-errors .count-number"))

    def warning_count(self):
        return int(self.text("#count-warnings .count-number"))

    def focused_field(self):
        return self.js("return document.activeElement?.dataset?.field ?? null")

    # ---------------------------------------------------------------------------------------------------------------
    # The learner preview

    def open_preview(self, activity):
        """Opens the preview of one activity and answers its first view."""
        self.section("preview")
        self.click(f'#preview-open-{activity}', f"the preview button of {activity}")
        self.wait(lambda: self.js("""
            const root = document.querySelector('[data-testid="preview-root"]');
            const view = root?.querySelector('[data-testid="preview-view"]');
            return root && root.dataset.activity === arguments[0] && root.dataset.busy !== 'true'
              && view && view.textContent.length > 2;""", activity), f"the {activity} preview to open")
        return self.preview_view()

    def preview_view(self):
        text = self.js("return document.querySelector('[data-testid=\"preview-root\"] [data-testid=\"preview-view\"]')"
                       "?.textContent ?? ''")
        return json.loads(text) if text else None

    def preview_message(self):
        return self.text('[data-testid="preview-root"] [data-testid="preview-message"]')

    def preview_click(self, testid):
        return self.click(f'[data-testid="preview-root"] [data-testid="{testid}"]', f"the preview's {testid}")

    def wait_preview(self, condition, what, timeout=WAIT):
        """Waits until the preview is idle and its view satisfies `condition(view)`; answers the view."""
        def ready():
            busy = self.js("return document.querySelector('[data-testid=\"preview-root\"]')?.dataset.busy")
            view = self.preview_view()
            return view if busy != "true" and view is not None and condition(view) else None
        try:
            return self.wait(ready, what, timeout)
        except AssertionError as error:
            raise AssertionError(f"{error}\npreview message: {self.preview_message()!r}\n"
                                 f"last view: {json.dumps(self.preview_view())[:1500]}") from None
