"""What the studio's browser tests share: the built `lessonpack`, a studio server in a temporary folder, plain HTTP
requests to it, and headless Chromium driven by Selenium.

Nothing here writes into the checkout: every test works in a fresh temporary folder, on copies.
"""

import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.parse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLE_MODULE = os.path.join(ROOT, "Modules", "job-interview")
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
TOKEN_HEADER = "X-Lessonpack-Token"


def lessonpack_binary():
    """$LESSONPACK_BIN, or the debug build in the checkout."""
    path = os.environ.get("LESSONPACK_BIN") or ".build/debug/lessonpack"
    return path if os.path.isabs(path) else os.path.join(ROOT, path)


def tool_environment():
    environment = dict(os.environ)
    environment["NO_COLOR"] = "1"
    environment["LC_ALL"] = "C.UTF-8"
    # The studio must never try to open a browser of its own (--no-open says so too).
    environment.pop("DISPLAY", None)
    environment.pop("WAYLAND_DISPLAY", None)
    return environment


def run_lessonpack(*arguments, cwd=None, timeout=180):
    """Runs `lessonpack arguments` and answers the CompletedProcess (text output)."""
    return subprocess.run([lessonpack_binary(), *arguments], cwd=cwd, env=tool_environment(), capture_output=True,
                          text=True, timeout=timeout)


def tree_snapshot(folder):
    """Every file and folder under `folder` with its size and modification time, for "nothing was written"."""
    snapshot = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(parent, name)
            info = os.lstat(path)
            snapshot[os.path.relpath(path, folder)] = (info.st_size, info.st_mtime_ns)
    return snapshot


def read_bytes(path):
    with open(path, "rb") as handle:
        return handle.read()


def source_files(module):
    """The module's source files (not media), as bytes by path relative to the module."""
    found = {}
    for parent, _, files in os.walk(module):
        if os.path.relpath(parent, module).split(os.sep)[0] == "media":
            continue
        for name in files:
            path = os.path.join(parent, name)
            found[os.path.relpath(path, module)] = read_bytes(path)
    return found


def make_audio(path, seconds=1.5, frequency=440):
    """A real, short audio file: WAV made with sox, anything else (Opus…) with ffmpeg."""
    if path.endswith(".wav") and shutil.which("sox"):
        command = ["sox", "-n", "-r", "16000", "-c", "1", "-b", "16", path, "synth", str(seconds), "sine",
                   str(frequency), "vol", "0.3"]
    else:
        command = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                   f"sine=frequency={frequency}:duration={seconds}", "-ac", "1", path]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise AssertionError(f"could not make {path}: {' '.join(command)}\n{result.stderr}")
    return path


class Workspace:
    """A fresh temporary folder, removed at the end."""

    def __init__(self, label="studio-browser"):
        self.path = tempfile.mkdtemp(prefix=f"{label}-")

    def child(self, *parts):
        return os.path.join(self.path, *parts)

    def copy_sample(self, name="job-interview"):
        destination = self.child(name)
        shutil.copytree(SAMPLE_MODULE, destination, symlinks=True)
        return destination

    def write(self, name, content):
        path = self.child(name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb" if isinstance(content, bytes) else "w") as handle:
            handle.write(content)
        return path

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


class Answer:
    """An HTTP answer: status, headers (lower-case names) and body."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    def __repr__(self):
        return f"<{self.status} {self.body[:300]!r}>"


class StudioServer:
    """`lessonpack studio FOLDERS --no-open --port 0` in `cwd`; `url`, `port` and `token` from its first line."""

    START_TIMEOUT = 60

    def __init__(self, cwd, folders=(), output=None):
        self.cwd = cwd
        self.stdout_path = os.path.join(tempfile.mkdtemp(prefix="studio-log-"), "stdout")
        self.stderr_path = self.stdout_path.replace("stdout", "stderr")
        arguments = [lessonpack_binary(), "studio", *folders, "--no-open", "--port", "0"]
        if output:
            arguments += ["-o", output]
        binary = lessonpack_binary()
        if not os.access(binary, os.X_OK):
            raise AssertionError(f"no lessonpack executable at {binary}: build it first (swift build), or set "
                                 "LESSONPACK_BIN")
        # LESSONPACK_STUDIO_WEB, when set (someone working on the page), passes through with the rest.
        with open(self.stdout_path, "wb") as out, open(self.stderr_path, "wb") as err:
            self.process = subprocess.Popen(arguments, cwd=cwd, env=tool_environment(), stdout=out, stderr=err,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        self.url = self._first_line()
        parsed = urllib.parse.urlsplit(self.url)
        self.port = parsed.port
        self.token = urllib.parse.parse_qs(parsed.query)["token"][0]
        self.base = f"http://127.0.0.1:{self.port}"

    def _first_line(self):
        deadline = time.monotonic() + self.START_TIMEOUT
        while time.monotonic() < deadline:
            text = read_bytes(self.stdout_path).decode("utf-8", "replace")
            if "\n" in text:
                first = text.split("\n", 1)[0]
                if not first.startswith("Studio: http://127.0.0.1:"):
                    self.stop()
                    raise AssertionError(f"the studio's first line is not its address: {first!r}\n{self.log()}")
                return first[len("Studio: "):].strip()
            if self.process.poll() is not None:
                raise AssertionError(f"lessonpack studio exited with {self.process.returncode} before printing its "
                                     f"address\n{self.log()}")
            time.sleep(0.05)
        self.stop()
        raise AssertionError(f"lessonpack studio printed no address in {self.START_TIMEOUT} s\n{self.log()}")

    def log(self):
        out = read_bytes(self.stdout_path).decode("utf-8", "replace") if os.path.exists(self.stdout_path) else ""
        err = read_bytes(self.stderr_path).decode("utf-8", "replace") if os.path.exists(self.stderr_path) else ""
        return f"--- studio stdout ---\n{out[-4000:]}\n--- studio stderr ---\n{err[-4000:]}"

    def stop(self):
        """SIGTERM, then SIGKILL when it has not ended in five seconds. Answers the exit status."""
        if self.process.poll() is None:
            try:
                self.process.send_signal(signal.SIGTERM)
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(os.path.dirname(self.stdout_path), ignore_errors=True)
        return self.process.returncode

    # Plain HTTP, as any program on the machine could send it.

    def request(self, method, path, body=None, headers=None, token=True, host=None, json_body=None, timeout=60):
        """One request to the studio. `token`: True sends the session token in its header, a string sends that
        string, False sends none. `host`: the Host header (default: the studio's own)."""
        all_headers = {"Host": host or f"127.0.0.1:{self.port}"}
        if token is True:
            all_headers[TOKEN_HEADER] = self.token
        elif token:
            all_headers[TOKEN_HEADER] = token
        if json_body is not None:
            body = json.dumps(json_body).encode("utf-8")
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            # skip_host: the Host header is ours to choose (a DNS-rebinding page sends another one).
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in all_headers.items():
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        finally:
            connection.close()

    def state(self, key="0"):
        answer = self.request("GET", f"/api/modules/{key}")
        assert answer.status == 200, answer
        return answer.json()


def start_chromium():
    """Headless Chromium through chromedriver. Raises AssertionError naming what could not start."""
    try:
        from selenium import webdriver
        from selenium.common.exceptions import SessionNotCreatedException
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        raise AssertionError(f"Selenium could not be imported ({error}): run scripts/setup") from error
    for program, name in ((CHROMIUM, "Chromium"), (CHROMEDRIVER, "chromedriver")):
        if not os.access(program, os.X_OK):
            raise AssertionError(f"{name} could not start: there is no executable {program} (scripts/setup installs "
                                 "it)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1400,1000", "--use-fake-ui-for-media-stream",
                     "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required",
                     "--disable-dev-shm-usage",  # a container's /dev/shm is small
                     "--mute-audio"):  # the tests play sound; nobody needs to hear it
        options.add_argument(argument)
    # The page logs to the console; the tests read it back when something fails.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(CHROMEDRIVER)
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except Exception as error:  # noqa: BLE001: whatever stopped it, the message says which program
        detail = str(error).strip()[:2000]
        if isinstance(error, SessionNotCreatedException):  # chromedriver ran, and could not start the browser
            raise AssertionError(f"Chromium could not start ({CHROMIUM}, through {CHROMEDRIVER}): {detail}") from error
        if "Service" in detail:  # the driver itself did not run, or did not answer
            raise AssertionError(f"chromedriver could not start ({CHROMEDRIVER}): {detail}") from error
        raise AssertionError(f"Chromium or chromedriver could not start ({CHROMIUM}, {CHROMEDRIVER}): "
                             f"{type(error).__name__}: {detail}") from error
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver
