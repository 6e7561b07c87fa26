#!/usr/bin/env python3
"""Checks rendered transcripts in headless Chromium over the DevTools protocol.

Usage: browser-test.py --pages DIR [--screenshots DIR] [--deadline SECONDS]

DIR holds default/*.html (rendered with default options), no-remote-media/*.html and, optionally,
split/*.html (the files of a --split set). Each page is parsed by html5lib in strict mode, then
opened in Chromium at 360 and 1280 px wide, light and dark. Remote images in default pages are answered with a generated SVG (the test never touches
the network, and the screenshots show boxes of the right size); a no-remote-media page must make
no request besides the document itself. Every quote link is followed, and must land on an element
whose id is the link's fragment, percent-decoded. One PASS/FAIL line per check, then
"N passed, M failed".
"""

import argparse
import base64
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

import html5lib
import websocket

WIDTHS = (360, 1280)
SCHEMES = ("light", "dark")
VIEWPORT_HEIGHT = 900
SCREENSHOT_HEIGHT = 1600
# Pages to photograph and in which (width, scheme) combinations.
SCREENSHOTS = {
    ("default", "launch-room.json"): ((360, "light"), (1280, "light"), (1280, "dark")),
    ("default", "attachments.json"): ((360, "light"), (1280, "light"), (360, "dark")),
    ("no-remote-media", "attachments.json"): ((360, "light"),),
}


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, label, detail=""):
        if ok:
            self.passed += 1
            print(f"PASS  {label}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL  {label}" + (f": {detail}" if detail else ""), flush=True)


class Quiet(Results):
    """Records outcomes without printing, for the control page."""

    def __init__(self):
        super().__init__()
        self.failures = []

    def check(self, ok, label, detail=""):
        if not ok:
            self.failures.append(label)


# A page that breaks every rule, opened like a --no-remote-media page: each check must see it,
# or a passing run would prove nothing.
CONTROL_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https:">
<title>control</title></head><body><h1>one</h1><h1>two</h1><div style="width:2000px">wide</div>
<img src="https://control.example/fetched.png"><img src="http://control.example/refused.png" alt="refused">
<p><b>misnested</p><p id="m-caf%C3%A9">decoy</p><p id="m-café">real</p>
<blockquote class="sb-quote"><a href="#m-missing">gone</a></blockquote>
<blockquote class="sb-quote"><a href="#m-caf%C3%A9">lands on the decoy</a></blockquote></body></html>
"""
CONTROL_CHECKS = ("html5lib strict parse", "no horizontal overflow at 360 px", "every <img> has alt text",
                  "exactly one h1", "no console errors or CSP violations", "no request besides the document",
                  "every quote link lands on its message")


class DevTools:
    """One page target, one websocket; events are kept until read, paused requests answered."""

    def __init__(self, url, timeout):
        self.socket = websocket.create_connection(url, timeout=timeout, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass

    def send(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        return self.next_id

    def call(self, method, **params):
        wanted = self.send(method, **params)
        while True:
            message = self.receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def receive(self):
        message = json.loads(self.socket.recv())
        if "method" in message:
            if message["method"] == "Fetch.requestPaused":
                self.answer(message["params"])
            self.events.append(message)
        return message

    def wait_for(self, method, seconds):
        """Reads until `method` arrives or `seconds` pass; True when it arrived."""
        end = time.monotonic() + seconds
        seen = len(self.events)
        while time.monotonic() < end:
            if any(event["method"] == method for event in self.events[seen:]):
                return True
            self.socket.settimeout(max(0.05, end - time.monotonic()))
            try:
                self.receive()
            except websocket.WebSocketTimeoutException:
                break
        self.socket.settimeout(30)
        return any(event["method"] == method for event in self.events[seen:])

    def drain(self, seconds):
        self.wait_for("Scrollback.never", seconds)

    def answer(self, paused):
        """A stand-in for a remote image: an SVG box, its colour from the URL."""
        url = paused["request"]["url"]
        hue = int(hashlib.sha1(url.encode()).hexdigest()[:4], 16) % 360
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">'
               f'<rect width="100%" height="100%" fill="hsl({hue},45%,62%)"/></svg>')
        self.send("Fetch.fulfillRequest", requestId=paused["requestId"], responseCode=200,
                  responseHeaders=[{"name": "Content-Type", "value": "image/svg+xml"}],
                  body=base64.b64encode(svg.encode()).decode())

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluate: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")


# Installed before each document's own content; DevTools scripts are not bound by its CSP.
VIOLATION_LISTENER = """
window.__sbViolations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__sbViolations.push(e.violatedDirective + ' ' + (e.blockedURI || '')));
"""

OVERFLOW = """(() => {
  const width = innerWidth, root = document.documentElement;
  if (root.scrollWidth <= width) return null;
  const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 0.5);
  const name = e => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  return `scrollWidth ${root.scrollWidth} > ${width}; widest: ` +
    wide.filter(e => !wide.includes(e.parentElement)).slice(0, 3).map(name).join(', ');
})()"""

MISSING_ALT = """[...document.images]
  .filter(i => !i.hasAttribute('alt') || (i.alt.trim() === '' && !i.closest('[aria-hidden="true"]')))
  .map(i => i.outerHTML.slice(0, 120))"""


QUOTE_LINKS = "[...document.querySelectorAll('blockquote.sb-quote a[href]')].map(a => a.getAttribute('href'))"

# Follows the index-th quote link as a reader's click would; the answer is the targeted element's
# id, or, for a link to another page, "navigating" (the caller waits for that page to load).
FOLLOW_QUOTE_LINK = """((index) => {
  const link = document.querySelectorAll('blockquote.sb-quote a[href]')[index];
  const before = location.pathname;
  link.click();
  if (new URL(link.href).pathname !== before) return 'navigating';
  const target = document.querySelector(':target');
  return target ? target.id : null;
})(%d)"""

TARGET = "(() => { const target = document.querySelector(':target'); return target ? target.id : null; })()"


def check_quote_links(tools, results, url, label):
    """Every quote link lands on an element whose id is the link's fragment, percent-decoded:
    the browser finds it, and it is the element the link names (not one whose id is the fragment
    as written). Links to another page of a split set are followed there."""
    problems = []
    hrefs = tools.evaluate(QUOTE_LINKS) or []
    for index, href in enumerate(hrefs):
        expected = urllib.parse.unquote(href.partition("#")[2], errors="strict")
        landed = tools.evaluate(FOLLOW_QUOTE_LINK % index)
        if landed == "navigating":
            if not tools.wait_for("Page.loadEventFired", 20):
                problems.append(f"{href}: the page did not load")
                continue
            landed = tools.evaluate(TARGET)
        if landed != expected:
            problems.append(f"{href} lands on {landed!r}, not {expected!r}")
        if tools.evaluate("location.href.split('#')[0]") != url:
            tools.call("Page.navigate", url=url)
            tools.wait_for("Page.loadEventFired", 20)
    results.check(not problems, f"{label}: every quote link lands on its message ({len(hrefs)} links)",
                  "; ".join(problems[:5]))


# GitHub's tables and task lists in message text: a table never widens its message (a wide one
# scrolls inside its .sb-table box), and a task box is a labelled picture, never a form control.
GFM_PROBLEMS = """(() => {
  const problems = [];
  for (const box of document.querySelectorAll('.sb-table')) {
    const room = box.parentElement.getBoundingClientRect().right + 0.5;
    if (box.getBoundingClientRect().right > room) problems.push('a table sticks out of its message');
    if (getComputedStyle(box).overflowX !== 'auto') problems.push('a table box does not scroll');
  }
  if (document.querySelector('input, .sb-body button')) problems.push('a form control in message text');
  for (const task of document.querySelectorAll('.sb-task'))
    if (task.getAttribute('role') !== 'img' || !task.getAttribute('aria-label')) problems.push('an unlabelled task box');
  return problems;
})()"""


def check_gfm(tools, results, label, width):
    counts = tools.evaluate("[document.querySelectorAll('.sb-table').length, document.querySelectorAll('.sb-task').length]")
    problems = tools.evaluate(GFM_PROBLEMS) or []
    results.check(not problems, f"{label}: {counts[0]} tables and {counts[1]} task boxes fit and stay pictures at {width} px",
                  "; ".join(problems[:5]))


def parse_strictly(path):
    """None when html5lib finds no parse error, else the first one."""
    with open(path, "rb") as handle:
        data = handle.read()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    try:
        parser.parse(data)
    except html5lib.html5parser.ParseError as error:
        return str(error)
    return None


def start_chromium(profile):
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not binary:
        raise RuntimeError("chromium not found")
    process = subprocess.Popen(
        [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--remote-debugging-port=0",
         f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    # Chromium writes the port it chose into the profile.
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError(f"chromium exited with status {process.returncode}")
        if os.path.exists(port_file):
            lines = open(port_file).read().split("\n")
            if len(lines) >= 2 and lines[0].strip():
                return process, int(lines[0])
        time.sleep(0.1)
    stop_chromium(process)
    raise RuntimeError("chromium did not open its DevTools port within 30 s")


def stop_chromium(process):
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=5)


def page_socket_url(port):
    import urllib.request
    for _ in range(50):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as response:
                targets = json.load(response)
            pages = [t for t in targets if t.get("type") == "page"]
            if pages:
                return pages[0]["webSocketDebuggerUrl"]
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("no page target")


def set_view(tools, width, scheme, height=VIEWPORT_HEIGHT):
    tools.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
    tools.call("Emulation.setEmulatedMedia", media="screen",
               features=[{"name": "prefers-color-scheme", "value": scheme}])


def errors_in(events):
    found = []
    for event in events:
        params = event.get("params", {})
        if event["method"] == "Runtime.consoleAPICalled" and params.get("type") == "error":
            found.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif event["method"] == "Log.entryAdded" and params["entry"].get("level") == "error":
            entry = params["entry"]
            found.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
        elif event["method"] == "Runtime.exceptionThrown":
            found.append("exception: " + params["exceptionDetails"].get("text", ""))
    return found


def check_page(tools, results, path, label, remote_media, screenshot_dir):
    url = "file://" + os.path.abspath(path)
    name = os.path.basename(path)[:-len(".html")]
    tools.events.clear()
    set_view(tools, WIDTHS[-1], "light")
    tools.call("Page.navigate", url=url)
    loaded = tools.wait_for("Page.loadEventFired", 20)
    results.check(loaded, f"{label}: loads", "no load event within 20 s")
    if not loaded:
        return

    for width in WIDTHS:
        for scheme in SCHEMES:
            set_view(tools, width, scheme)
            overflow = tools.evaluate(OVERFLOW)
            results.check(overflow is None, f"{label}: no horizontal overflow at {width} px, {scheme}", overflow or "")
        check_gfm(tools, results, label, width)

    missing = tools.evaluate(MISSING_ALT)
    results.check(not missing, f"{label}: every <img> has alt text or is decorative", "; ".join(missing or []))
    headings = tools.evaluate("document.querySelectorAll('h1').length")
    results.check(headings == 1, f"{label}: exactly one h1", f"{headings} h1 elements")
    violations = tools.evaluate("window.__sbViolations")
    results.check(violations is not None, f"{label}: CSP violation listener installed", "listener missing")

    mode = "default" if remote_media else "no-remote-media"
    if screenshot_dir and (mode, name) in SCREENSHOTS:
        for width, scheme in SCREENSHOTS[(mode, name)]:
            set_view(tools, width, scheme, SCREENSHOT_HEIGHT)
            # Lazy images in the taller viewport load now; give them a moment.
            for _ in range(30):
                if tools.evaluate("[...document.images].every(i => i.complete)"):
                    break
                tools.drain(0.1)
            shot = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=False,
                              clip={"x": 0, "y": 0, "width": width, "height": SCREENSHOT_HEIGHT, "scale": 1})
            stem = name.replace(".ndjson", "").replace(".json", "") + ("" if remote_media else "-no-remote-media")
            target = os.path.join(screenshot_dir, f"{stem}-{width}-{scheme}.png")
            with open(target, "wb") as handle:
                handle.write(base64.b64decode(shot["data"]))
            print(f"      saved {target}", flush=True)

    tools.drain(0.3)
    errors = errors_in(tools.events) + [f"CSP: {v}" for v in (tools.evaluate("window.__sbViolations") or [])]
    results.check(not errors, f"{label}: no console errors or CSP violations", "; ".join(errors[:5]))

    if not remote_media:
        requests = [event["params"]["request"]["url"] for event in tools.events
                    if event["method"] == "Network.requestWillBeSent" and event["params"]["request"]["url"] != url]
        results.check(not requests, f"{label}: no request besides the document", ", ".join(requests[:5]))

    # Last: following a link may open another page of a split set.
    check_quote_links(tools, results, url, label)


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--pages", required=True)
    arguments.add_argument("--screenshots")
    arguments.add_argument("--deadline", type=int, default=600)
    options = arguments.parse_args()

    def out_of_time(*_):
        raise TimeoutError(f"the checks took longer than {options.deadline} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(options.deadline)

    results = Results()
    started = time.monotonic()
    pages = []
    for mode in ("default", "no-remote-media", "split"):
        folder = os.path.join(options.pages, mode)
        if mode == "split" and not os.path.isdir(folder):
            continue
        pages += [(os.path.join(folder, f), mode) for f in sorted(os.listdir(folder)) if f.endswith(".html")]

    for path, mode in pages:
        problem = parse_strictly(path)
        results.check(problem is None, f"{mode}/{os.path.basename(path)}: html5lib strict parse", problem or "")

    if options.screenshots:
        os.makedirs(options.screenshots, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="sb-chromium-")
    process = None
    tools = None
    try:
        process, port = start_chromium(profile)
        tools = DevTools(page_socket_url(port), timeout=30)
        for domain in ("Page", "Runtime", "Log", "Network"):
            tools.call(f"{domain}.enable")
        # Every http(s) request is paused and answered locally: the test never uses the network.
        tools.call("Fetch.enable", patterns=[{"urlPattern": "http://*"}, {"urlPattern": "https://*"}])
        tools.call("Page.addScriptToEvaluateOnNewDocument", source=VIOLATION_LISTENER)
        for path, mode in pages:
            check_page(tools, results, path, f"{mode}/{os.path.basename(path)}", mode != "no-remote-media",
                       options.screenshots)
        control = os.path.join(profile, "control.html")
        with open(control, "w") as handle:
            handle.write(CONTROL_PAGE)
        quiet = Quiet()
        quiet.check(parse_strictly(control) is None, "control: html5lib strict parse")
        check_page(tools, quiet, control, "control", False, None)
        for name in CONTROL_CHECKS:
            seen = any(name in label for label in quiet.failures)
            results.check(seen, f"control page: the check '{name}' sees a broken page", "it passed a broken page")
    except Exception as error:  # a broken browser session is a failure, not a crash
        results.check(False, "browser session", f"{type(error).__name__}: {error}")
    finally:
        signal.alarm(0)
        if tools:
            tools.close()
        if process:
            stop_chromium(process)
        shutil.rmtree(profile, ignore_errors=True)

    print(f"browser checks took {time.monotonic() - started:.1f} s", flush=True)
    print(f"{results.passed} passed, {results.failed} failed", flush=True)
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
