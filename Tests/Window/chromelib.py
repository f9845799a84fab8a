"""Headless Chromium for the tests that check the lab against a browser: the binaries, whether Chromium can
start here, and a WebDriver session (chromedriver, spoken to over HTTP with JSON: urllib only)."""

import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request

from windowlib import free_port

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
DRIVER = shutil.which("chromedriver")


def chromium_starts():
    """True when headless Chromium starts and renders a page here."""
    if not (CHROMIUM and DRIVER):
        return False
    try:
        probe = subprocess.run([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--dump-dom", "about:blank"],
                               capture_output=True, text=True, timeout=60)
        return probe.returncode == 0 and "<html" in probe.stdout
    except (OSError, subprocess.TimeoutExpired):
        return False


class WebDriver:
    """A chromedriver session, spoken to over HTTP with JSON (the W3C WebDriver protocol)."""

    def __init__(self, args, profile, logs=("performance",), page_load="normal"):
        self.port = free_port()
        self.process = subprocess.Popen([DRIVER, "--port=%d" % self.port], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = "http://127.0.0.1:%d" % self.port
        for _ in range(100):
            try:
                self.call("GET", "/status")
                break
            except OSError:
                time.sleep(0.1)
        # `page_load`: WebDriver's page load strategy, what navigating waits for: "normal" (the load event,
        # every image not deferred) or "eager" (the document parsed).
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "pageLoadStrategy": page_load,
                                                 "goog:loggingPrefs": {kind: "ALL" for kind in logs},
                                                 "goog:chromeOptions": {"binary": CHROMIUM, "args": args + ["--user-data-dir=" + profile]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]
        # A page's load waits for its first screen's images from the shaped server; under make test's
        # load, beside a second Chromium, one took over a minute.
        self.call("POST", self.path("/timeouts"), {"script": 600000, "pageLoad": 300000})

    def path(self, p):
        return "/session/%s%s" % (self.session, p)

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=900) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError("WebDriver %s %s: %s" % (method, path, e.read()[:300]))

    def cdp(self, cmd, params):
        return self.call("POST", self.path("/goog/cdp/execute"), {"cmd": cmd, "params": params})

    def run(self, script, *args, asynchronous=False):
        return self.call("POST", self.path("/execute/async" if asynchronous else "/execute/sync"),
                         {"script": script, "args": list(args)})

    def requests_sent(self):
        """Every `Network.requestWillBeSent` since the last call: (URL, wall time in ms)."""
        out = []
        for entry in self.call("POST", self.path("/se/log"), {"type": "performance"}):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                out.append((message["params"]["request"]["url"], message["params"]["wallTime"] * 1000))
        return out

    def quit(self):
        try:
            self.call("DELETE", "/session/" + self.session)
        except Exception:
            pass
        self.process.terminate()
        self.process.wait(timeout=10)

    def log(self, kind):
        """The entries of log `kind` (`performance`, `browser`) since the last call."""
        return self.call("POST", self.path("/se/log"), {"type": kind})

    def screenshot(self, path):
        """Saves the viewport as a PNG."""
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.call("GET", self.path("/screenshot"))))
