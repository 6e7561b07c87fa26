#!/usr/bin/env python3
"""Checks rendered transcripts in headless Chromium over the DevTools protocol.

Usage: browser-test.py --pages DIR [--screenshots DIR] [--deadline SECONDS]

DIR holds default/*.html (rendered with default options), no-remote-media/*.html and, optionally,
split/*.html (the files of a --split set), output-dir/*.html (an --output-dir set, whose
navigation and index links are followed too) and failed-images/*.html (default pages opened with every
remote request failing, as expired CDN links do). Each page is parsed by html5lib in strict mode,
then opened in Chromium at 360 and 1280 px wide, light and dark. Remote images in default pages
are answered with a generated SVG (the test never touches the network, and the screenshots show
boxes of the right size); a no-remote-media page must make no request besides the document itself.
On every page with media no badge may lie over text; where images fail, no broken-image icon may
show, each image's card must, and avatars must show their initials. Every quote link is followed,
and must land on an element whose id is the link's fragment, percent-decoded. One PASS/FAIL line
per check, then "N passed, M failed". archive/*.html is an offline archive made with
--media-dir (its copies in archive/media/): every image must be a copy that loads from disk,
and the page must request nothing else.
"""

import argparse
import base64
import hashlib
import json
import os
import re
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
    ("default", "details"): ((360, "light"), (360, "dark"), (1280, "light"), (1280, "dark")),
    ("default", "details-plain"): ((360, "light"), (360, "dark"), (1280, "dark")),
    ("failed-images", "attachments.json"): ((360, "light"), (1280, "light"), (360, "dark")),
    ("default", "workspace.json"): ((360, "light"), (1280, "light")),
    ("default", "print"): ((360, "light"), (1280, "light")),
}
# The tallest page the image checks lay out at once, so that every lazy image is requested.
TALL_VIEWPORT = 30000


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
<img src="https://control.example/decorative.png" alt=""><img src="https://control.example/sized.png" alt="sized" width="120" height="80">
<p style="position:relative">hiking<span class="sb-badge" style="position:absolute;left:0;top:0">GIF</span></p>
<span class="sb-image sb-image-frame"><span class="sb-image-placeholder"></span><span class="sb-image-picture"><img src="https://control.example/card.png" alt=""></span></span>
<span class="sb-avatar" aria-hidden="true" style="display:inline-block;position:relative;width:32px;height:32px">AB<img src="https://control.example/avatar.png" alt="" style="position:absolute;left:0;top:0;width:32px;height:32px"></span>
<p><b>misnested</p><p id="m-caf%C3%A9">decoy</p><p id="m-café">real</p>
<blockquote class="sb-quote"><a href="#m-missing">gone</a></blockquote>
<blockquote class="sb-quote"><a href="#m-caf%C3%A9">lands on the decoy</a></blockquote></body></html>
"""
CONTROL_CHECKS = ("html5lib strict parse", "no horizontal overflow at 360 px", "every <img> has alt text",
                  "exactly one h1", "no console errors or CSP violations", "no request besides the document",
                  "every quote link lands on its message", "no broken-image icon", "every image's card shows",
                  "no badge over text", "avatars show their initials")


# A page whose outline skips from h1 to h3, whose contents link names the wrong section and whose
# last message sits under another day's separator.
OUTLINE_CONTROL_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>outline control</title></head>
<body><h1>title</h1><main><nav class="sb-contents"><a href="#channel-1">General</a></nav><h3>skipped</h3>
<div id="channel-1"><h2>Random</h2></div>
<h2 class="sb-day">Wednesday, Apr 1, 2026</h2><article class="sb-message" id="m-late" title="Thursday, Apr 2, 2026, 08:00:00 UTC">late</article>
</main></body></html>
"""


class DevTools:
    """One page target, one websocket; events are kept until read, paused requests answered."""

    def __init__(self, url, timeout):
        self.socket = websocket.create_connection(url, timeout=timeout, suppress_origin=True)
        self.next_id = 0
        self.events = []
        # True: every http(s) request fails, as an expired or unreachable media link does.
        self.fail_requests = False
        # True: requests are left unanswered, as a slow server leaves them.
        self.hold_requests = False

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
        """A stand-in for a remote image: an SVG box, its colour from the URL; or a failure."""
        if self.hold_requests:
            return
        if self.fail_requests:
            self.send("Fetch.failRequest", requestId=paused["requestId"], errorReason="ConnectionRefused")
            return
        url = paused["request"]["url"]
        hue = int(hashlib.sha1(url.encode()).hexdigest()[:4], 16) % 360
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">'
               f'<rect width="100%" height="100%" fill="hsl({hue},45%,62%)"/></svg>')
        self.send("Fetch.fulfillRequest", requestId=paused["requestId"], responseCode=200,
                  responseHeaders=[{"name": "Content-Type", "value": "image/svg+xml"}],
                  body=base64.b64encode(svg.encode()).decode())

    def evaluate(self, expression, await_promise=False):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(f"evaluate: {details.get('text')} {details.get('exception', {}).get('description', '')}")
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

# Each image has exactly one accessible name: its own alt text, or, when its alt text is empty,
# the text of the labelled card it lies over, or the initials of the hidden avatar beside a name.
# An image over a card that also has alt text would be named twice.
MISSING_ALT = """[...document.images].filter(i => {
  if (!i.hasAttribute('alt')) return true;
  const frame = i.closest('.sb-image-frame');
  const card = frame && frame.querySelector(':scope>.sb-image-placeholder');
  if (frame) return !card || !card.textContent.trim() || i.alt !== '';
  if (i.alt.trim() !== '') return false;
  const avatar = i.closest('.sb-avatar[aria-hidden="true"]');
  return !avatar || ![...avatar.childNodes].some(n => n.nodeType === 3 && n.data.trim());
}).map(i => i.outerHTML.slice(0, 120))"""

# Lays the whole page out in one tall viewport, so that every lazy image is requested, and waits
# until each has loaded or failed.
def load_every_image(tools, width):
    set_view(tools, width, "light", VIEWPORT_HEIGHT)
    height = min(tools.evaluate("document.documentElement.scrollHeight"), TALL_VIEWPORT)
    set_view(tools, width, "light", height)
    for _ in range(100):
        if tools.evaluate("[...document.images].every(i => i.complete)"):
            return True
        tools.drain(0.1)
    return False

DESCRIBE = """var describe = e => !e ? 'nothing' : e.tagName.toLowerCase() +
  (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '');"""

# An image that failed must draw nothing (Chromium paints its broken-image icon in any box a
# failed <img> is given): zero area, or covered at every sampled point. Each image's card must
# show, with a size, and where its picture failed nothing may lie over its label.
BROKEN_IMAGES = DESCRIBE + """(() => {
  const problems = [];
  const images = [...document.images];
  const failed = images.filter(i => i.complete && i.naturalWidth === 0);
  for (const image of failed) {
    let box = image.getBoundingClientRect();
    if (box.width * box.height < 0.5) continue;
    image.scrollIntoView({block: 'center', inline: 'center'});
    box = image.getBoundingClientRect();
    for (const [x, y] of [[.5, .5], [.1, .1], [.9, .1], [.1, .9], [.9, .9]]) {
      if (document.elementFromPoint(box.left + x * box.width, box.top + y * box.height) === image) {
        problems.push('no broken-image icon: ' + image.getAttribute('src') + ` shows a ${box.width}x${box.height} box`);
        break;
      }
    }
  }
  for (const frame of document.querySelectorAll('.sb-image-frame')) {
    const card = frame.querySelector(':scope>.sb-image-placeholder');
    const box = card && card.getBoundingClientRect();
    if (!card || box.width < 1 || box.height < 1 || getComputedStyle(card).visibility !== 'visible' || !card.textContent.trim()) {
      problems.push("every image's card shows: " + frame.outerHTML.slice(0, 100));
      continue;
    }
    const image = frame.querySelector('img');
    if (image && image.complete && image.naturalWidth === 0) {
      const label = card.querySelector('.sb-image-label') || card;
      label.scrollIntoView({block: 'center', inline: 'center'});
      const spot = label.getBoundingClientRect();
      const hit = document.elementFromPoint(spot.left + spot.width / 2, spot.top + spot.height / 2);
      if (!hit || !card.contains(hit)) problems.push("every image's card shows: " + label.textContent + ' is under ' + describe(hit));
    }
  }
  // A play mark shows only over a loaded poster: its picture clips it to nothing otherwise.
  for (const mark of document.querySelectorAll('.sb-play')) {
    const picture = mark.closest('.sb-image-picture'), image = picture && picture.querySelector('img');
    const box = picture ? picture.getBoundingClientRect() : mark.getBoundingClientRect();
    if (image && image.complete && image.naturalWidth === 0 && box.width * box.height >= 0.5)
      problems.push("every image's card shows: a play mark over the card of " + image.getAttribute('src'));
  }
  return {images: images.length, failed: failed.length, problems};
})()"""

# No badge's box may overlap the box of any text outside it (its own text aside), visible or
# covered by a picture (a badge over a loaded picture must not hide the card's label either), nor
# the box of a failed image that draws its alt text.
BADGES_OVER_TEXT = """(() => {
  const lines = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const element = node.parentElement;
    if (!node.data.trim() || !element || element.closest('.sb-badge')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) if (box.width > 0 && box.height > 0) lines.push([box, node.data.trim()]);
  }
  // A failed image with alt text draws that text in its box.
  for (const image of document.images) {
    const box = image.getBoundingClientRect();
    if (image.complete && image.naturalWidth === 0 && image.alt.trim() && box.width > 0 && box.height > 0) lines.push([box, image.alt]);
  }
  const problems = [];
  const badges = [...document.querySelectorAll('.sb-badge')];
  for (const badge of badges) {
    const box = badge.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    for (const [line, text] of lines) {
      const width = Math.min(box.right, line.right) - Math.max(box.left, line.left);
      const height = Math.min(box.bottom, line.bottom) - Math.max(box.top, line.top);
      if (width > 0.5 && height > 0.5) {
        problems.push(`${badge.textContent} over "${text.slice(0, 30)}"`);
        break;
      }
    }
  }
  return {badges: badges.length, problems};
})()"""

# Where an avatar's picture failed, the circle shows its initials: the picture has no box and the
# avatar itself is what is at its centre.
AVATAR_INITIALS = DESCRIBE + """[...document.querySelectorAll('.sb-avatar')].filter(a => a.querySelector('img')).flatMap(avatar => {
  const image = avatar.querySelector('img');
  if (!image.complete || image.naturalWidth !== 0) return [];
  const problems = [];
  const initials = [...avatar.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join('').trim();
  if (!initials) problems.push('no initials');
  const picture = image.getBoundingClientRect();
  if (picture.width * picture.height >= 0.5) problems.push(`the failed picture has a ${picture.width}x${picture.height} box`);
  avatar.scrollIntoView({block: 'center', inline: 'center'});
  const box = avatar.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (hit !== avatar) problems.push('its centre shows ' + describe(hit));
  return problems.map(p => (initials || avatar.className) + ': ' + p);
})"""


# Where a picture loaded, it covers its card: nothing of the card shows at its centre or corners.
PICTURES_COVER_CARDS = DESCRIBE + """[...document.querySelectorAll('.sb-image-frame')].flatMap(frame => {
  const image = frame.querySelector('img'), card = frame.querySelector(':scope>.sb-image-placeholder');
  if (!image || !card || !image.complete || image.naturalWidth === 0) return [];
  frame.scrollIntoView({block: 'center', inline: 'center'});
  const box = card.getBoundingClientRect(), picture = image.closest('.sb-image-picture') || image;
  for (const [x, y] of [[.5, .5], [.05, .1], [.95, .1], [.05, .9], [.95, .9]]) {
    const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
    if (!hit || !picture.contains(hit)) return [card.textContent.trim() + ' shows ' + describe(hit) + ' beside its picture'];
  }
  return [];
})"""


def check_media(tools, results, label, failing):
    """The badge check on every page with media; where requests fail, also the broken-image,
    card and initials checks. At both widths, after every image has loaded or failed."""
    for width in WIDTHS:
        settled = load_every_image(tools, width)
        results.check(settled, f"{label}: every image loads or fails at {width} px", "some never finished")
        badges = tools.evaluate(BADGES_OVER_TEXT)
        results.check(not badges["problems"], f"{label}: no badge over text at {width} px ({badges['badges']} badges)",
                      "; ".join(badges["problems"][:5]))
        if not failing:
            uncovered = tools.evaluate(PICTURES_COVER_CARDS)
            results.check(not uncovered, f"{label}: every loaded picture covers its card at {width} px", "; ".join(uncovered[:5]))
            continue
        media = tools.evaluate(BROKEN_IMAGES)
        results.check(media["failed"] == media["images"], f"{label}: every image request failed at {width} px",
                      f"{media['failed']} of {media['images']}")
        broken = [p for p in media["problems"] if p.startswith("no broken-image icon")]
        cards = [p for p in media["problems"] if not p.startswith("no broken-image icon")]
        results.check(not broken, f"{label}: no broken-image icon at {width} px ({media['failed']} failed images)",
                      "; ".join(broken[:5]))
        results.check(not cards, f"{label}: every image's card shows at {width} px", "; ".join(cards[:5]))
        avatars = tools.evaluate(AVATAR_INITIALS)
        results.check(not avatars, f"{label}: avatars show their initials at {width} px", "; ".join(avatars[:5]))
    set_view(tools, WIDTHS[-1], "light")
    tools.evaluate("window.scrollTo(0, 0)")


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


# The links between the files of an --output-dir set: each channel's navigation, top and bottom,
# and the index's entries.
FILE_LINK_SELECTOR = ".sb-page-nav a[href], main .sb-card a[href]"
FILE_LINKS = ("[...document.querySelectorAll('%s')].filter(a => !/^[a-z]+:/i.test(a.getAttribute('href')))"
              ".map(a => [a.getAttribute('href'), a.href])") % FILE_LINK_SELECTOR
NAVIGATION_BARS = "[...document.querySelectorAll('.sb-page-nav')].map(n => [...n.querySelectorAll('a')].map(a => a.getAttribute('href')))"
CLICK_FILE_LINK = "document.querySelectorAll('%s')[%%d].click()" % FILE_LINK_SELECTOR
# Where a followed link landed: the address, whether the page is one of the set (a missing file
# is the browser's error page), and, for a link with a fragment, whether its element exists.
FILE_LANDING = """(() => {
  const id = decodeURIComponent(location.hash.slice(1));
  return [location.href, !!document.querySelector('main') && !!document.querySelector('h1'),
          !location.hash || !!document.getElementById(id)];
})()"""


def check_file_links(tools, results, url, path, label):
    """Every link of an --output-dir file to another file of the set lands there: the file
    exists beside it, loads as a page of the set, and has the element its fragment names. A
    channel's file has a navigation bar at the top and at the bottom, each linking to the index;
    the index links every channel's file."""
    tools.call("Page.navigate", url=url)
    tools.wait_for("Page.loadEventFired", 20)
    links = tools.evaluate(FILE_LINKS) or []
    bars = tools.evaluate(NAVIGATION_BARS) or []
    problems = [] if links else ["no links to the other files"]
    if os.path.basename(path) != "index.html":
        if len(bars) != 2:
            problems.append(f"{len(bars)} navigation bars, not 2 (top and bottom)")
        problems += [f"a navigation bar without the index: {bar}" for bar in bars if "index.html" not in bar]
    for index, (href, absolute) in enumerate(links):
        target = urllib.parse.unquote(urllib.parse.urlparse(absolute).path, errors="strict")
        if not os.path.isfile(target):
            problems.append(f"{href}: no file {os.path.basename(target)!r}")
            continue
        tools.evaluate(CLICK_FILE_LINK % index)
        if not tools.wait_for("Page.loadEventFired", 20):
            problems.append(f"{href}: the page did not load")
        else:
            landed = tools.evaluate(FILE_LANDING)
            if not landed or landed[0] != absolute:
                problems.append(f"{href} lands on {landed and landed[0]!r}")
            elif not landed[1]:
                problems.append(f"{href}: not a page of the set")
            elif not landed[2]:
                problems.append(f"{href}: no element with the fragment's id")
        tools.call("Page.navigate", url=url)
        tools.wait_for("Page.loadEventFired", 20)
    results.check(not problems, f"{label}: every navigation link lands on its file ({len(links)} links)",
                  "; ".join(problems[:5]))


# Issue 14, smaller things. Each answer is a list of problems (empty when the page is right).

# An author's name sits beside the avatar: never under it, never over it.
AUTHOR_BESIDE_AVATAR = """[...document.querySelectorAll('.sb-message>header')].flatMap(h => {
  const avatar = h.querySelector('.sb-avatar'), name = h.querySelector('.sb-author');
  if (!avatar || !name) return [];
  const a = avatar.getBoundingClientRect(), n = name.getBoundingClientRect();
  const problems = [];
  if (n.top >= a.bottom || n.bottom <= a.top) problems.push('not on the row of the avatar');
  if (n.left < a.right - 0.5) problems.push(`overlaps or wraps under the avatar (name left ${n.left.toFixed(1)} < avatar right ${a.right.toFixed(1)})`);
  if (n.right > h.getBoundingClientRect().right + 0.5) problems.push('runs out of its bubble');
  return problems.map(p => `${name.textContent.slice(0, 24)}: ${p}`);
})"""

# Reaction pills: at least 13 px, and a tooltip wherever the page's data names who reacted.
REACTION_PILLS = """((needTitles) => [...document.querySelectorAll('.sb-reaction,.sb-own-reaction')].flatMap(p => {
  const size = parseFloat(getComputedStyle(p).fontSize), problems = [];
  if (size < 13) problems.push(`${p.textContent}: font-size ${size}px`);
  if (needTitles && !(p.getAttribute('title') || '').trim()) problems.push(`${p.textContent}: no title`);
  return problems;
}))(%s)"""

# The reader's own bubbles: no avatar, no visible author line, a tooltip naming the reader.
OWN_BUBBLES = """[...document.querySelectorAll('.sb-message.sb-own-bubble')].flatMap(m => {
  const problems = [];
  const avatar = m.querySelector('.sb-avatar');
  if (avatar) problems.push(`${m.id}: has an avatar`);
  const header = m.querySelector(':scope>header');
  if (header) { const r = header.getBoundingClientRect(); if (r.width > 1 || r.height > 1) problems.push(`${m.id}: author line visible`); }
  // "You (maya)"; a draft, which names no author (it is the reader's), says "You".
  const who = (m.title || '').split('\\n')[0];
  if (!(/\\(/.test(who) || who === 'You')) problems.push(`${m.id}: tooltip does not name the reader: ${m.title}`);
  if (m.getBoundingClientRect().right < document.querySelector('main').getBoundingClientRect().right - 40) problems.push(`${m.id}: not on the right`);
  return problems;
})"""

# Every message carries a machine-readable time; one the reader does not see takes no space.
MESSAGE_TIMES = """[...document.querySelectorAll('article.sb-message')].flatMap(m => {
  const times = [...m.querySelectorAll('time[datetime]')];
  if (!times.length) return [`${m.id || m.getAttribute('aria-label')}: no <time datetime>`];
  return times.filter(t => t.classList.contains('sb-hidden-time') && (t.getBoundingClientRect().width > 1 || t.getBoundingClientRect().height > 1))
    .map(t => `${m.id}: hidden time is visible`);
})"""

# A pinned message's background is the theme's pinned colour, unlike an unpinned bubble's.
PINNED_BACKGROUND = """(() => {
  const pinned = document.querySelector('.sb-message.sb-bubble.sb-pinned'), plain = document.querySelector('.sb-message.sb-bubble:not(.sb-pinned)');
  if (!pinned || !plain) return [];
  const p = getComputedStyle(pinned).backgroundColor, b = getComputedStyle(plain).backgroundColor;
  return p === b ? [`pinned ${p} = bubble ${b}`] : [];
})()"""

# Text against the page: the contrast a reader gets, for the plain theme in either scheme.
PAGE_CONTRAST = """(() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  let bg = rgb(getComputedStyle(document.body).backgroundColor);
  if (bg.length === 4 && bg[3] === 0) bg = rgb(getComputedStyle(document.documentElement).backgroundColor);
  if (bg.length === 4 && bg[3] === 0) bg = matchMedia('(prefers-color-scheme: dark)').matches && getComputedStyle(document.documentElement).colorScheme.includes('dark') ? [18, 18, 18] : [255, 255, 255];
  const fg = rgb(getComputedStyle(document.querySelector('.sb-body') || document.body).color);
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  return {ratio: (hi + 0.05) / (lo + 0.05), background: lum(bg)};
})()"""


def check_author_lines(tools, results, label):
    """At 360 px, light: a long author name wraps beside its avatar, never under or over it."""
    set_view(tools, 360, "light")
    problems = tools.evaluate(AUTHOR_BESIDE_AVATAR) or []
    count = tools.evaluate("document.querySelectorAll('.sb-message>header .sb-avatar').length")
    results.check(not problems, f"{label}: author names stay beside their avatars at 360 px ({count} author lines)",
                  "; ".join(problems[:5]))


def check_reaction_pills(tools, results, label, need_titles):
    problems = tools.evaluate(REACTION_PILLS % ("true" if need_titles else "false")) or []
    count = tools.evaluate("document.querySelectorAll('.sb-reaction,.sb-own-reaction').length")
    what = "at least 13 px with a who-reacted title" if need_titles else "at least 13 px"
    results.check(not problems, f"{label}: reaction pills are {what} ({count} pills)", "; ".join(problems[:5]))


def check_own_bubbles(tools, results, label):
    set_view(tools, 1280, "light")
    problems = tools.evaluate(OWN_BUBBLES) or []
    count = tools.evaluate("document.querySelectorAll('.sb-own-bubble').length")
    results.check(not problems, f"{label}: own bubbles have no avatar or visible author, and name the reader ({count})",
                  "; ".join(problems[:5]))


def check_message_times(tools, results, label):
    problems = tools.evaluate(MESSAGE_TIMES) or []
    count = tools.evaluate("document.querySelectorAll('article.sb-message').length")
    results.check(not problems, f"{label}: every message carries a <time datetime> ({count} messages)", "; ".join(problems[:5]))


def check_pinned_background(tools, results, label):
    problems = []
    for scheme in SCHEMES:
        set_view(tools, 1280, scheme)
        problems += [f"{scheme}: {p}" for p in tools.evaluate(PINNED_BACKGROUND) or []]
    results.check(not problems, f"{label}: pinned messages have the theme's pinned background", "; ".join(problems))


def check_scheme_contrast(tools, results, label):
    """The page follows the reader's scheme (dark page in dark mode) and its text reads (4.5:1)."""
    problems, ratios = [], []
    for scheme in SCHEMES:
        set_view(tools, 1280, scheme)
        found = tools.evaluate(PAGE_CONTRAST)
        ratios.append(f"{scheme} {found['ratio']:.2f}:1")
        if found["ratio"] < 4.5:
            problems.append(f"{scheme}: contrast {found['ratio']:.1f}")
        if (found["background"] < 0.2) != (scheme == "dark"):
            problems.append(f"{scheme}: page luminance {found['background']:.2f}")
    results.check(not problems, f"{label}: follows the colour scheme with legible text ({', '.join(ratios)})",
                  "; ".join(problems))


PRINT_FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "browser", "print.json")


def pdf_text(tools):
    """The page printed to PDF as Chromium prints it (A4, backgrounds off), read back by
    pdftotext in content order (-raw), so that each table cell's lines stay together."""
    # set_view emulates the screen, which print would then use: back to the page's own media.
    tools.call("Emulation.setEmulatedMedia", media="", features=[])
    pdf = tools.call("Page.printToPDF", paperWidth=8.27, paperHeight=11.69, printBackground=False,
                     displayHeaderFooter=False)
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(base64.b64decode(pdf["data"]))
        handle.flush()
        return subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", handle.name, "-"], capture_output=True,
                              text=True, check=True).stdout


def squeezed(text):
    """Text without white space, soft hyphens or emoji selectors: a cell wrapped anywhere still
    reads as one, and an emoji reads the same from the PDF as from the page."""
    return re.sub(r"[\s\u00ad\ufe0f]+", "", text)


def check_print(tools, results, label):
    """Issue 57, items 4 to 6, on paper: every cell of an 8-column table whole, the address of
    each image, video and link preview picture, and who gave each reaction."""
    with open(PRINT_FIXTURE, encoding="utf-8") as handle:
        messages = json.load(handle)["messages"]
    text = pdf_text(tools)
    flat = squeezed(text)
    table = [line for line in messages[0]["text"].splitlines() if line.startswith("|") and "---" not in line]
    cells = [cell.strip() for line in table for cell in line.strip("|").split("|")]
    missing = [cell for cell in cells if squeezed(cell) not in flat]
    results.check(len(cells) == 24 and not missing,
                  f"{label}: every cell of an 8-column table is in the PDF ({len(cells)} cells)", "; ".join(missing))
    urls = ["https://media.example.org/print/warehouse-north.jpg", "https://media.example.org/print/walkthrough.mp4",
            "https://lindqvist.example.com/og/parts.jpg", "https://lindqvist.example.com/components",
            "https://files.example.org/print/plan.pdf"]
    missing = [url for url in urls if squeezed(url) not in flat]
    results.check(not missing, f"{label}: the PDF gives the address of each image, video, link preview and file",
                  "; ".join(missing))
    names = ["Bo Lindgren and Cyrus Amini", "Dita Kowalska", "Ana Ferreira"]
    missing = [f"{name}" for name in names if squeezed(": " + name) not in flat]
    results.check(not missing, f"{label}: the PDF says who gave each reaction", "; ".join(missing))


# Tab through the page until a reaction pill has the focus: its summary, named with the names.
FOCUS_REACTION = """(() => {
  const a = document.activeElement;
  if (!a || !a.matches('.sb-reactors>summary')) return null;
  return {name: a.getAttribute('aria-label'), open: a.parentElement.open};
})()"""


def press_typing(tools, key, code, key_code, text=None):
    """A key with the character it types (Enter acts on a summary through its character)."""
    down = {"text": text, "unmodifiedText": text} if text else {}
    tools.call("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, windowsVirtualKeyCode=key_code,
               nativeVirtualKeyCode=key_code, **down)
    tools.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=key_code,
               nativeVirtualKeyCode=key_code)


def check_reactions_reachable(tools, results, label):
    """Issue 57, item 6: who reacted is in the accessibility tree, a keyboard reaches a pill and
    opens its list of names (no script: pages without --search have none), and print has it."""
    set_view(tools, 1280, "light")
    pills = tools.evaluate("[...document.querySelectorAll('.sb-reactors>summary')].map(s => s.getAttribute('aria-label'))") or []
    tools.call("Accessibility.enable")
    tree = tools.call("Accessibility.getFullAXTree")["nodes"]
    tools.call("Accessibility.disable")
    names = {(node.get("name") or {}).get("value", "") for node in tree if not node.get("ignored")}
    missing = [pill for pill in pills if pill not in names]
    results.check(pills and not missing, f"{label}: the accessibility tree names who reacted ({len(pills)} pills)",
                  "; ".join(missing[:5]) or "no pill with names")
    tools.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    focused = None
    for presses in range(1, 301):
        press(tools, "Tab", "Tab", 9)
        focused = tools.evaluate(FOCUS_REACTION)
        if focused:
            break
    results.check(bool(focused and ": " in (focused["name"] or "")),
                  f"{label}: Tab reaches a reaction pill named with who reacted", f"{focused}")
    if focused:
        press_typing(tools, "Enter", "Enter", 13, "\r")
        shown = tools.evaluate("""(() => { const d = document.activeElement.parentElement;
          const list = d.querySelector('.sb-reactors-list');
          return d.open && list.checkVisibility() ? list.textContent : `${document.activeElement.tagName}, open: ${d.open}`; })()""")
        results.check(shown and not shown.startswith("SUMMARY, open"), f"{label}: Enter opens the list of who reacted", f"{shown}")
        press_typing(tools, "Enter", "Enter", 13, "\r")
    text = squeezed(pdf_text(tools))
    missing = [pill for pill in pills if squeezed(pill) not in text]
    results.check(pills and not missing, f"{label}: the PDF has each pill with who reacted", "; ".join(missing[:5]))


def check_details(tools, results, path, label):
    """Issue 14's smaller things, on every default page; the details pages must have every case."""
    name = os.path.basename(path)
    check_author_lines(tools, results, label)
    check_reaction_pills(tools, results, label, need_titles=name.startswith("details"))
    check_own_bubbles(tools, results, label)
    check_message_times(tools, results, label)
    if name == "details.html":
        check_pinned_background(tools, results, label)
        check_reactions_reachable(tools, results, label)
    if name == "print.html":
        check_print(tools, results, label)
    if name == "details-plain.html":
        check_scheme_contrast(tools, results, label)


# Each message sits under the day separator of its own day, in document order: after a thread
# whose replies ran into a later day, the channel's next message needs its day stated again.
# A message's title ends with its full date and time, which starts with its day's label.
DAY_ORDER = """(() => {
  const problems = [];
  let day = null;
  for (const element of document.querySelectorAll('.sb-day, article.sb-message')) {
    if (element.classList.contains('sb-day')) { day = element.textContent.trim(); continue; }
    const sent = (element.getAttribute('title') || '').split('\\n').pop();
    if (day && sent && !sent.startsWith(day + ',')) problems.push(`${element.id}: under ${day}, sent ${sent}`);
  }
  return problems;
})()"""


def check_day_order(tools, results, label):
    problems = tools.evaluate(DAY_ORDER) or []
    count = tools.evaluate("document.querySelectorAll('.sb-day').length")
    results.check(not problems, f"{label}: every message sits under its own day's separator ({count} separators)",
                  "; ".join(problems[:5]))


# Every heading in document order, as [level, text].
HEADINGS = "[...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].map(h => [+h.tagName[1], h.textContent.trim()])"

CONTENTS_LINKS = "[...document.querySelectorAll('nav.sb-contents a[href^=\"#\"]')].map(a => [a.getAttribute('href'), a.textContent.trim()])"

# Follows the index-th contents link as a reader's click would (the page scrolls after it).
CLICK_CONTENTS_LINK = "window.scrollTo(0, 0); document.querySelectorAll('nav.sb-contents a[href^=\"#\"]')[%d].click()"

# Where the link landed: the target's id, the text of the first heading in it, and whether the
# target's top is now in the viewport.
CONTENTS_LANDING = """(() => {
  const target = document.querySelector(':target');
  if (!target) return null;
  const heading = target.matches('h1,h2,h3,h4,h5,h6') ? target : target.querySelector('h1,h2,h3,h4,h5,h6');
  const top = target.getBoundingClientRect().top;
  return [target.id, heading ? heading.textContent.trim() : null, top >= -1 && top < innerHeight];
})()"""


def check_outline(tools, results, label):
    """A screen reader's outline: the page starts with its h1 and no heading skips a level
    (a channel's h2 under the title, its days' h3 under it)."""
    headings = tools.evaluate(HEADINGS) or []
    problems = []
    if headings and headings[0][0] != 1:
        problems.append(f"starts with h{headings[0][0]} {headings[0][1]!r}")
    for (level, _), (next_level, text) in zip(headings, headings[1:]):
        if next_level > level + 1:
            problems.append(f"h{level} then h{next_level} {text!r}")
    results.check(not problems, f"{label}: headings do not skip levels ({len(headings)} headings)", "; ".join(problems[:5]))


def check_contents_links(tools, results, label, required):
    """Every link of a multi-channel document's contents list lands on its channel's section:
    the element with the fragment's id, scrolled into view, headed by the channel's name as the
    link reads it. `required`: the page must have a contents list (the multi-channel sample)."""
    links = tools.evaluate(CONTENTS_LINKS) or []
    if not links and not required:
        return
    problems = [] if links else ["no contents list"]
    # The page scrolls smoothly unless the reader asks for less motion: ask, so that a link's
    # scroll is done when the check looks.
    tools.call("Emulation.setEmulatedMedia", media="screen", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    sections = tools.evaluate("document.querySelectorAll('main > [id^=\"channel-\"]').length")
    if links and sections != len(links):
        problems.append(f"{len(links)} links for {sections} channel sections")
    for index, (href, text) in enumerate(links):
        tools.evaluate(CLICK_CONTENTS_LINK % index)
        tools.drain(0.1)
        landed = tools.evaluate(CONTENTS_LANDING)
        expected = urllib.parse.unquote(href[1:])
        if not landed or landed[0] != expected:
            problems.append(f"{href} lands on {landed and landed[0]!r}")
        elif landed[1] != text:
            problems.append(f"{href} lands on the section headed {landed[1]!r}, not {text!r}")
        elif not landed[2]:
            problems.append(f"{href}: its section is not scrolled into view")
    results.check(not problems, f"{label}: every contents link lands on its channel ({len(links)} links)",
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
  if (document.querySelector('input:not(#sb-search-input), .sb-body button')) problems.push('a form control in message text');
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


# While pictures are still loading, each image is its card (there from the first paint, so an
# image-only message is never an empty bubble), and a pending picture takes no room.
PENDING_PICTURES = """(() => {
  const problems = [];
  let pending = 0;
  for (const frame of document.querySelectorAll('.sb-image-frame')) {
    const image = frame.querySelector('img'), card = frame.querySelector(':scope>.sb-image-placeholder');
    if (!image || image.complete) continue;
    pending += 1;
    const box = card ? card.getBoundingClientRect() : {width: 0, height: 0};
    const picture = image.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) problems.push('no card for ' + image.getAttribute('src'));
    if (picture.width * picture.height >= 0.5) problems.push(`${image.getAttribute('src')} takes ${picture.width}x${picture.height} before it loads`);
  }
  for (const body of document.querySelectorAll('.sb-body')) {
    if (body.getBoundingClientRect().height < 1) problems.push('an empty message body');
  }
  return {pending, problems};
})()"""


def check_while_loading(tools, results, url, label):
    """Opens the page with every request held unanswered and checks what a reader sees first."""
    tools.hold_requests = True
    try:
        tools.events.clear()
        set_view(tools, WIDTHS[0], "light")
        tools.call("Page.navigate", url=url)
        # Pictures in view would hold back the load event: the document's own content is enough.
        tools.wait_for("Page.domContentEventFired", 20)
        tools.drain(0.5)
        state = tools.evaluate(PENDING_PICTURES)
        results.check(not state["problems"], f"{label}: each image is its card while it loads ({state['pending']} pending)",
                      "; ".join(state["problems"][:5]))
    finally:
        tools.hold_requests = False
        tools.call("Page.navigate", url="about:blank")
        tools.wait_for("Page.loadEventFired", 10)


def check_page(tools, results, path, label, mode, screenshot_dir):
    """`mode` is the page's folder; "control" opens the control page, which must fail every check."""
    remote_media = mode not in ("no-remote-media", "control")
    failing = mode in ("failed-images", "control")
    tools.fail_requests = failing
    url = "file://" + os.path.abspath(path)
    name = os.path.basename(path)[:-len(".html")]
    if mode == "failed-images":
        check_while_loading(tools, results, url, label)
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

    if remote_media or failing:
        check_media(tools, results, label, failing)

    if screenshot_dir and (mode, name) in SCREENSHOTS:
        for width, scheme in SCREENSHOTS[(mode, name)]:
            set_view(tools, width, scheme, SCREENSHOT_HEIGHT)
            # The media checks scroll elements into view: pictures start from the top.
            tools.evaluate("window.scrollTo(0, 0)")
            # Lazy images in the taller viewport load now; give them a moment.
            for _ in range(30):
                if tools.evaluate("[...document.images].every(i => i.complete)"):
                    break
                tools.drain(0.1)
            shot = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=False,
                              clip={"x": 0, "y": 0, "width": width, "height": SCREENSHOT_HEIGHT, "scale": 1})
            stem = name.replace(".ndjson", "").replace(".json", "") + ("" if mode in ("default", "split") else "-" + mode)
            target = os.path.join(screenshot_dir, f"{stem}-{width}-{scheme}.png")
            with open(target, "wb") as handle:
                handle.write(base64.b64decode(shot["data"]))
            print(f"      saved {target}", flush=True)

    tools.drain(0.3)
    errors = errors_in(tools.events) + [f"CSP: {v}" for v in (tools.evaluate("window.__sbViolations") or [])]
    if failing:
        # The failures this mode makes on purpose are reported like any other.
        errors = [e for e in errors if not e.startswith("network: Failed to load resource: net::ERR_CONNECTION_REFUSED")]
    results.check(not errors, f"{label}: no console errors or CSP violations", "; ".join(errors[:5]))

    if not remote_media:
        requests = [event["params"]["request"]["url"] for event in tools.events
                    if event["method"] == "Network.requestWillBeSent" and event["params"]["request"]["url"] != url]
        results.check(not requests, f"{label}: no request besides the document", ", ".join(requests[:5]))

    if remote_media and "/split/" not in path and mode != "failed-images":
        check_details(tools, results, path, label)
    check_outline(tools, results, label)
    check_day_order(tools, results, label)
    check_contents_links(tools, results, label, required=name == "workspace.json" and mode == "default")

    # Last: following a link may open another page of a split set. Pages whose images fail are
    # default pages, whose links were followed there.
    if mode != "failed-images":
        check_quote_links(tools, results, url, label)
    if mode == "output-dir":
        check_file_links(tools, results, url, path, label)


ARCHIVE_IMAGES = "[...document.images].map(i => ({src: i.getAttribute('src'), loaded: i.complete && i.naturalWidth > 0}))"

# An image the page did not name, from the network: an offline archive's policy must block it.
REMOTE_PROBE = "(() => { const i = new Image(); i.src = 'https://probe.example/remote.png'; document.body.append(i); })()"


def check_archive(tools, results, path, label, screenshot_dir):
    """An offline archive (`--media-dir`) opened from disk: every image is a copy in its
    media/ folder and loads under the page's policy, the one failed download is a card, nothing
    is requested but the copies, and a remote image is refused by the policy."""
    url = "file://" + os.path.abspath(path)
    tools.events.clear()
    set_view(tools, 360, "light", SCREENSHOT_HEIGHT)
    tools.call("Page.navigate", url=url)
    loaded = tools.wait_for("Page.loadEventFired", 20)
    results.check(loaded, f"{label}: loads from disk", "no load event within 20 s")
    if not loaded:
        return
    for _ in range(30):
        if tools.evaluate("[...document.images].every(i => i.complete)"):
            break
        tools.drain(0.1)
    images = tools.evaluate(ARCHIVE_IMAGES) or []
    remote = [i["src"] for i in images if not i["src"].startswith("media/")]
    results.check(images and not remote, f"{label}: every image is a local copy", f"{len(images)} images; not local: {remote[:3]}")
    broken = [i["src"] for i in images if not i["loaded"]]
    results.check(not broken, f"{label}: every copy loads from file:// under the page's policy", ", ".join(broken[:3]))
    cards = tools.evaluate("document.querySelectorAll('.sb-image.sb-image-placeholder').length")
    results.check(cards == 1, f"{label}: the failed download is a labelled card", f"{cards} cards")
    # Issue 57: a failed download is told from a copy, with its reason, and counted.
    marks = tools.evaluate("[...document.querySelectorAll('.sb-image-placeholder .sb-not-saved')].map(e => e.textContent)") or []
    results.check(len(marks) == 1 and "404" in marks[0], f"{label}: the failed card says it was not saved, and why", f"{marks}")
    summary = tools.evaluate("(document.querySelector('.sb-not-saved-summary') || {}).textContent || ''")
    results.check(summary.startswith("Media not saved: 1."), f"{label}: the footer counts what was not saved", repr(summary))
    folder = "file://" + os.path.dirname(os.path.abspath(path)) + "/media/"
    requests = [event["params"]["request"]["url"] for event in tools.events
                if event["method"] == "Network.requestWillBeSent" and event["params"]["request"]["url"] != url]
    elsewhere = [r for r in requests if not r.startswith(folder)]
    results.check(requests and not elsewhere, f"{label}: requests nothing but its media/ copies", ", ".join(elsewhere[:3]))
    if screenshot_dir:
        shot = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=False,
                          clip={"x": 0, "y": 0, "width": 360, "height": 900, "scale": 1})
        target = os.path.join(screenshot_dir, "archive-media-dir-360-light.png")
        with open(target, "wb") as handle:
            handle.write(base64.b64decode(shot["data"]))
        print(f"      saved {target}", flush=True)
    tools.evaluate(REMOTE_PROBE)
    tools.drain(0.5)
    violations = tools.evaluate("window.__sbViolations") or []
    results.check(any(v.startswith("img-src") and "probe.example" in v for v in violations),
                  f"{label}: the policy blocks a remote image", f"violations: {violations}")



# Issue 57, item 8: the layout of Tests/browser/layout.json (field labels, a giphy with a long
# title and no picture, a pinned message's long footer, a system message, tables, a contact card).
# A page with --search lays out messages far from the screen only when they come near it
# (content-visibility: auto), so each measured message is first scrolled into view, as a reader
# would see it, and measured after two frames.
LAYOUT_STATE = """(async () => {
  const box = e => e.getBoundingClientRect();
  const frames = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const shown = async selector => { const e = document.querySelector(selector); if (e) { e.scrollIntoView({block: 'center'}); await frames(); } return e; };
  await shown('.sb-fields');
  const words = [...document.querySelectorAll('.sb-fields dt:not(.sb-long-label)')].filter(d => {
    const range = document.createRange(); range.selectNodeContents(d);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    return lines > d.textContent.trim().split(/\\s+/).length; });
  const footer = (await shown('#m-a2')) && document.querySelector('#m-a2 > footer > .sb-row');
  const lines = {};
  for (const c of footer ? footer.children : []) { const top = Math.round(box(c).top); lines[top] = Math.max(lines[top] || 0, box(c).right); }
  const edge = footer ? box(footer.parentElement).right : 0;
  const footerRight = Object.keys(lines).length > 1 && Object.values(lines).every(right => Math.abs(right - edge) < 2);
  const system = (await shown('#m-a3')) && document.querySelector('#m-a3 .sb-row');
  const time = system && system.querySelector('time');
  const centre = e => (box(e).left + box(e).right) / 2;
  const tableBubble = await shown('#m-a7');
  const info = document.querySelector('.sb-channel-info'), bar = document.querySelector('.sb-search');
  return {overflow: document.documentElement.scrollWidth - innerWidth, broken: words.map(d => d.textContent),
    footerRight, systemCentred: time ? Math.abs(centre(time) - centre(system)) < 2 : false,
    tableWidth: tableBubble ? Math.round(box(tableBubble).width) : 0,
    column: Math.round(box(document.querySelector('main')).width),
    barAfterInfo: !!(info && bar && box(bar).top >= box(info).bottom)};
})()"""


def check_layout(tools, results, path, label):
    """Field labels whole, nothing wider than the page, aligned footers and system times, a
    table's bubble as wide as the column allows, and the search bar after the info line."""
    for width in (360, 1280):
        set_view(tools, width, "light")
        tools.call("Page.navigate", url="file://" + os.path.abspath(path))
        tools.wait_for("Page.loadEventFired", 20)
        state = tools.evaluate(LAYOUT_STATE, await_promise=True) or {}
        at = f"{label} at {width} px"
        results.check(state.get("overflow", 1) <= 0, f"{at}: no wider than the page", f"{state.get('overflow')} px too wide")
        results.check(state.get("broken") == [], f"{at}: field labels keep their words whole", f"{state.get('broken')}")
        results.check(state.get("footerRight"), f"{at}: a wrapped footer stays right-aligned", f"{state}")
        results.check(state.get("systemCentred"), f"{at}: a system message's time stays centred", f"{state}")
        results.check(state.get("tableWidth", 0) > 0.9 * state.get("column", 1) - 40,
                      f"{at}: a wide table's bubble uses the column", f"{state.get('tableWidth')} of {state.get('column')} px")
        results.check(state.get("barAfterInfo"), f"{at}: the search bar follows the channel's info line", f"{state}")


# --search (issue 17). The page's one script, driven as a reader would: typed queries
# (Input.insertText), keys (Input.dispatchKeyEvent), buttons and a linked query.
SEARCH_STATE = """(() => {
  const count = document.getElementById('sb-search-count'), status = document.getElementById('sb-search-status');
  const shown = [...document.querySelectorAll('main article.sb-message')].filter(a => a.getClientRects().length > 0);
  const current = document.querySelector('article.sb-search-current');
  const registry = window.CSS && CSS.highlights;
  const painted = registry && registry.get('sb-search') ? registry.get('sb-search').size : document.querySelectorAll('mark.sb-search-mark').length;
  let inView = null;
  const now = registry && registry.get('sb-search-current') ? [...registry.get('sb-search-current')][0] : null;
  const box = now ? now.getBoundingClientRect() : (document.querySelector('mark.sb-search-mark-current') || current || {getBoundingClientRect: () => null}).getBoundingClientRect();
  if (box) inView = box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
  return {count: count.textContent, status: status.textContent, shown: shown.map(a => a.id || a.getAttribute('aria-label')),
    current: current ? current.id : null, painted, inView, hash: location.hash, value: document.getElementById('sb-search-input').value,
    openThreads: [...document.querySelectorAll('details.sb-thread')].filter(d => d.open && d.getClientRects().length).length,
    shownDays: [...document.querySelectorAll('.sb-day')].filter(d => d.getClientRects().length).length,
    elements: document.getElementsByTagName('*').length, scripts: document.scripts.length,
    alerted: window.__sbAlerted || 0};
})()"""

# Every dialog the page could open is recorded instead.
ALERT_TRAP = "window.__sbAlerted = 0; for (const name of ['alert', 'confirm', 'prompt']) window[name] = () => { window.__sbAlerted += 1; };"


def press(tools, key, code, key_code, shift=False):
    modifiers = 8 if shift else 0
    for kind in ("rawKeyDown", "keyUp"):
        tools.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=key_code,
                   nativeVirtualKeyCode=key_code, modifiers=modifiers)


def search_for(tools, text, wait=0.45):
    """Types `text` into the search field as a reader would, replacing what was there."""
    tools.evaluate("(() => { const i = document.getElementById('sb-search-input'); i.focus(); i.select(); })()")
    press(tools, "Backspace", "Backspace", 8)
    if text:
        tools.call("Input.insertText", text=text)
    tools.drain(wait)
    return tools.evaluate(SEARCH_STATE)


def open_search_page(tools, url, width, scheme="light"):
    tools.events.clear()
    set_view(tools, width, scheme)
    tools.call("Page.navigate", url=url)
    loaded = tools.wait_for("Page.loadEventFired", 20)
    tools.evaluate(ALERT_TRAP)
    return loaded


# --search on a large page (issue 57 item 2): what typing and clearing cost the main thread.
# A capture listener notes when each keystroke arrives, a PerformanceObserver collects the long
# tasks (over 50 ms: script, style, layout and paint alike) and a MutationObserver the last
# change the search made to the page (a message shown or hidden, the count, the status).
TYPING_PROBE = """(() => {
  if (window.__sbProbe) return;
  const probe = window.__sbProbe = {inputs: [], tasks: [], changed: 0};
  const note = () => { probe.inputs.push(performance.now()); };
  document.addEventListener('input', note, true);
  document.addEventListener('keydown', event => { if (event.key === 'Escape') note(); }, true);
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) probe.tasks.push([entry.startTime, entry.duration]);
  }).observe({type: 'longtask'});
  new MutationObserver(() => { probe.changed = performance.now(); })
    .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true,
                             attributeFilter: ['class', 'hidden', 'open', 'aria-busy']});
})()"""

TYPING_STATE = """(() => {
  const probe = window.__sbProbe, bar = document.getElementById('sb-search');
  return {now: performance.now(), inputs: probe.inputs.slice(), tasks: probe.tasks.slice(), changed: probe.changed,
          busy: bar.getAttribute('aria-busy') === 'true', value: document.getElementById('sb-search-input').value, count: document.getElementById('sb-search-count').textContent,
          status: document.getElementById('sb-search-status').textContent,
          shown: document.querySelectorAll('main article.sb-message:not(.sb-search-hidden)').length};
})()"""

# What a reader does on a long page: a broad word, clearing it, a month, a day typed a key at a
# time (slower than the search's pause, so that every partial value is searched), clearing.
TYPING_SCENARIOS = (
    ("type e", "e", False),
    ("clear (Escape)", None, False),
    ("type on:2023-04", "on:2023-04", False),
    ("clear (Escape)", None, False),
    ("type on:2023-04-1 key by key", "on:2023-04-1", True),
    ("clear (Escape)", None, False),
)


def measure_typing(tools, url, width=1280, key_delay=0.2, quiet=1.0, limit=60):
    """Drives the scenarios on `url`; for each: the longest task (ms, 0 when none reached 50 ms),
    the number of long tasks and the time from the last key to the last change the search made
    or the end of the last long task, whichever is later (ms)."""
    tools.events.clear()
    set_view(tools, width, "light")
    tools.call("Page.navigate", url=url)
    tools.wait_for("Page.loadEventFired", 60)
    for _ in range(600):
        if tools.evaluate("document.readyState === 'complete' && !!document.getElementById('sb-search-input')"):
            break
        tools.drain(0.1)
    tools.evaluate(TYPING_PROBE)
    tools.evaluate("document.getElementById('sb-search-input').focus()")
    tools.drain(1.0)
    figures = []
    for label, text, by_key in TYPING_SCENARIOS:
        started = tools.evaluate("performance.now()")
        if text is None:
            press(tools, "Escape", "Escape", 27)
        elif by_key:
            for character in text:
                tools.call("Input.insertText", text=character)
                tools.drain(key_delay)
        else:
            tools.call("Input.insertText", text=text)
        # Settled: nothing changed and no long task ended for `quiet` seconds, and not busy.
        end = time.monotonic() + limit
        while True:
            tools.drain(0.1)
            state = tools.evaluate(TYPING_STATE)
            last_task = max([s + d for s, d in state["tasks"] if s >= started] or [0])
            last = max(state["changed"], last_task)
            typed = state["value"] == (text or "")
            if (typed and not state["busy"] and state["now"] - max(last, state["inputs"][-1]) > quiet * 1000) or time.monotonic() > end:
                break
        tasks = [d for s, d in state["tasks"] if s >= started]
        last_input = max([t for t in state["inputs"] if t >= started] or [started])
        figures.append({"scenario": label, "longest": max(tasks or [0]), "long tasks": len(tasks),
                        "settle": max(0, last - last_input), "count": state["count"], "status": state["status"],
                        "shown": state["shown"]})
    return figures


# A day separator shown with no shown message under it, before the next separator or the end of
# its part of the page (the channel, or a thread's replies).
EMPTY_DAYS = """(() => {
  const shown = element => element.getClientRects().length > 0;
  const empty = [];
  for (const day of document.querySelectorAll('.sb-day')) {
    if (!shown(day)) continue;
    let any = false;
    for (let next = day.nextElementSibling; next && !next.classList.contains('sb-day'); next = next.nextElementSibling) {
      if (next.matches('article.sb-message, details.sb-thread') && shown(next)) { any = true; break; }
    }
    if (!any) empty.push(day.textContent + (day.closest('.sb-thread-content') ? ' (in a thread)' : ''));
  }
  return empty;
})()"""

OUTLINED = "document.querySelectorAll('.sb-search-current, .sb-search-mark-current').length + (window.CSS && CSS.highlights && CSS.highlights.has('sb-search-current') ? 1 : 0)"


def check_search_fixes(tools, results, folder, width):
    """Issue 57: text quoted with > is the message's own; the current match's outline goes with
    the search; a quote's link to a hidden message shows it and keeps the query; no empty day
    separator in a thread; a date that is not on the calendar is said, and hides nothing."""
    label = f"search at {width} px"
    url = "file://" + os.path.abspath(os.path.join(folder, "launch-room.json.html"))
    open_search_page(tools, url, width)
    state = search_for(tools, "auditors")
    results.check(state["shown"] == ["m-launch-004"] and state["count"] == "1 of 1",
                  f"{label}: launch-room: text quoted with > (a Markdown blockquote) is found", str(state))
    # A reply's preview of the message it quotes is the other message's text, not the reply's.
    state = search_for(tools, "\u0627\u0644\u0638\u0647\u0631")
    results.check(state["shown"] == ["m-launch-006"], f"{label}: launch-room: a reply's quote preview is not searched", str(state))
    # from:maya hides Layla's message, which Maya's reply quotes; its link shows it, keeping the query.
    state = search_for(tools, "from:maya")
    hidden_before = "m-launch-006" not in state["shown"]
    tools.evaluate("document.querySelector('#m-launch-007 blockquote.sb-quote a').click()")
    tools.drain(0.2)
    after = tools.evaluate(SEARCH_STATE)
    box = tools.evaluate("(() => { const b = document.getElementById('m-launch-006').getBoundingClientRect(); return [b.top, b.bottom, innerHeight]; })()")
    results.check(hidden_before and "m-launch-006" in after["shown"] and 0 <= box[0] and box[1] <= box[2]
                  and after["hash"] == "#search=from%3Amaya",
                  f"{label}: launch-room: a quote's link to a message the search hides shows it, and the address keeps the query",
                  f"hidden before: {hidden_before}, box {box}, {after}")
    # The outline of the current match goes with Escape, and with a query that matches nothing.
    search_for(tools, "launch")
    press(tools, "Enter", "Enter", 13)
    outlined = tools.evaluate(OUTLINED)
    tools.evaluate("document.getElementById('sb-search-input').focus()")
    press(tools, "Escape", "Escape", 27)
    tools.drain(0.3)
    escaped = tools.evaluate(OUTLINED)
    search_for(tools, "launch")
    state = search_for(tools, "zzqxj no such words")
    none = tools.evaluate(OUTLINED)
    results.check(outlined >= 1 and escaped == 0 and none == 0 and state["count"] == "No matches",
                  f"{label}: the current match's outline goes after Escape and after a query without matches",
                  f"outlined {outlined}, after Escape {escaped}, after no match {none}")
    everything = len(search_for(tools, "")["shown"])
    for query in ("on:2026-13-45", "on:2026-02-30", "before:2026-00"):
        state = search_for(tools, query)
        results.check("is not a date" in state["status"] and len(state["shown"]) == everything and state["count"] == "",
                      f"{label}: {query} is said not to be a date, and hides nothing", str(state))
    state = search_for(tools, "on:2026-03-09")
    results.check(len(state["shown"]) > 0 and "is not a date" not in state["status"], f"{label}: on:2026-03-09 is a date", str(state))
    # A day half typed is not yet a search: the page keeps what it shows.
    teo = search_for(tools, "from:teo")
    tools.call("Input.insertText", text=" on:2026-03-0")
    tools.drain(0.45)
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["shown"] == teo["shown"] and len(teo["shown"]) < everything and "still showing from:teo" in state["status"],
                  f"{label}: a date still being typed keeps the search before it, and says so", str(state))
    # threads.json: a thread whose replies span two days has a day separator inside it.
    url = "file://" + os.path.abspath(os.path.join(folder, "threads.json.html"))
    open_search_page(tools, url, width)
    state = search_for(tools, "before:2026-04-02 from:dan")
    empty = tools.evaluate(EMPTY_DAYS)
    results.check("m-g-009" in state["shown"] and not empty,
                  f"{label}: threads: no day separator is left with nothing under it, in a thread either", str(empty))
    errors = errors_in(tools.events) + [f"CSP: {v}" for v in (tools.evaluate("window.__sbViolations") or [])]
    results.check(not errors, f"{label}: no console errors or CSP violations", "; ".join(errors[:5]))


# Typing and clearing on a 10,000-message page, at 360 and 1280 px: no task may take longer than
# this. The goal is 100 ms: with the channel in groups laid out only near the screen, no task
# takes more than about 75 ms of the main thread's time (DevTools tracing), and the longest task
# was 50-117 ms on a two-core machine shared with other builds (load 4 to 5). The Long Tasks API
# counts wall time, which such load stretches, so the bound keeps a margin for slow, shared CI
# machines (the script before issue 57 took 0.75 to 2.3 s to clear a search, the one before
# these groups 0.2 to 0.4 s; the figures are in SearchingAPage.md).
TASK_BOUND_MS = 250


def check_search_timing(tools, results, path, width):
    label = f"search/{os.path.basename(path)} (10,000 messages) at {width} px"
    figures = measure_typing(tools, "file://" + os.path.abspath(path), width=width)
    for row in figures:
        print(f"      {row['scenario']}: longest task {row['longest']:.0f} ms, {row['long tasks']} over 50 ms, "
              f"settled after {row['settle']:.0f} ms ({row['count'] or '-'}; {row['status'] or '-'})", flush=True)
    worst = max(figures, key=lambda row: row["longest"])
    results.check(worst["longest"] <= TASK_BOUND_MS, f"{label}: no task over {TASK_BOUND_MS} ms while typing or clearing",
                  f"{worst['scenario']}: {worst['longest']:.0f} ms")
    results.check(figures[0]["count"].startswith("1 of") and figures[2]["count"] == "No matches"
                  and all(row["shown"] == figures[1]["shown"] for row in figures[1::2]),
                  f"{label}: each search ends with its result, and clearing shows every message",
                  str([(row["count"], row["shown"]) for row in figures]))


def check_search_threads(tools, results, path, width):
    """threads.json rendered with --search: each filter, thread opening, keys, count, a linked query."""
    url = "file://" + os.path.abspath(path)
    label = f"search/threads.json at {width} px"
    if not open_search_page(tools, url, width):
        results.check(False, f"{label}: loads")
        return
    state = tools.evaluate(SEARCH_STATE)
    everything = state["shown"]
    results.check(len(everything) >= 16 and state["count"] == "", f"{label}: every message shows before a search", str(state))
    # A collapsed thread opens when a reply in it matches.
    tools.evaluate("document.querySelectorAll('details.sb-thread').forEach(d => d.open = false)")
    state = search_for(tools, "courgettes")
    results.check(state["shown"] == ["m-g-006"] and state["count"] == "1 of 1" and state["openThreads"] == 1,
                  f"{label}: typed word filters and opens its collapsed thread", str(state))
    results.check(state["painted"] == 1 and state["inView"], f"{label}: the match is highlighted and scrolled into view", str(state))
    results.check(state["hash"] == "#search=courgettes", f"{label}: the address keeps the query", state["hash"])
    state = search_for(tools, "CHILLI basil")
    # g-004 shows twice: in its thread and, sent to the channel too, in the channel.
    chloe_basil = {"m-g-004", "Chloé Martin, 2026-04-01 09:05"}
    results.check(set(state["shown"]) == chloe_basil and len(state["shown"]) == 2 and state["painted"] == 4,
                  f"{label}: every word must match, whatever its case", str(state))
    state = search_for(tools, "from:ana")
    # g-015 shows twice: in its orphan thread and in the channel.
    ana = ["m-g-001", "m-g-005", "m-g-013", "m-g-015", "m-g-008", "Ana Ribeiro, 2026-04-01 12:05"]
    results.check(sorted(state["shown"]) == sorted(ana) and state["count"] == "1 of 6",
                  f"{label}: from: by user id", str(state))
    state = search_for(tools, 'from:"chloe martin"')
    results.check(set(state["shown"]) == {"m-g-003", "m-g-010"} | chloe_basil and len(state["shown"]) == 4,
                  f"{label}: from: a quoted name, accents folded", str(state))
    state = search_for(tools, "on:2026-04-02")
    results.check(sorted(state["shown"]) == ["m-g-008", "m-g-017"] and state["shownDays"] >= 1,
                  f"{label}: on: a day", str(state))
    state = search_for(tools, "before:2026-04-02 from:dan")
    results.check(sorted(state["shown"]) == ["m-g-009", "m-g-012", "m-g-014", "m-g-016"], f"{label}: before: with from:", str(state))
    state = search_for(tools, "after:2026-04-01")
    results.check(sorted(state["shown"]) == ["m-g-008", "m-g-017"], f"{label}: after: a day", str(state))
    state = search_for(tools, "in:thread from:ben")
    results.check(sorted(set(state["shown"])) == ["m-g-002", "m-g-006"], f"{label}: in:thread", str(state))
    state = search_for(tools, "colour:red has:gif in:space")
    results.check("colour: is not a filter" in state["status"] and "has:gif" in state["status"] and "in:space" in state["status"],
                  f"{label}: what the query does not understand is said", state["status"])
    # Keys: Enter, Shift+Enter, F3, the buttons; Escape clears.
    state = search_for(tools, "the")
    total = state["count"].split(" of ")[-1]
    results.check(state["count"] == f"1 of {total}" and int(total) >= 5, f"{label}: the count", state["count"])
    press(tools, "Enter", "Enter", 13)
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["count"] == f"2 of {total}" and state["inView"], f"{label}: Enter goes to the next match", str(state))
    press(tools, "Enter", "Enter", 13, shift=True)
    press(tools, "Enter", "Enter", 13, shift=True)
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["count"] == f"{total} of {total}" and state["inView"], f"{label}: Shift+Enter goes back, wrapping", str(state))
    press(tools, "F3", "F3", 114)
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["count"] == f"1 of {total}", f"{label}: F3 goes to the next match", state["count"])
    tools.evaluate("document.getElementById('sb-search-next').click()")
    tools.evaluate("document.getElementById('sb-search-next').click()")
    tools.evaluate("document.getElementById('sb-search-previous').click()")
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["count"] == f"2 of {total}" and state["inView"], f"{label}: the buttons move between matches", str(state))
    tools.evaluate("document.getElementById('sb-search-input').focus()")
    press(tools, "Escape", "Escape", 27)
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["shown"] == everything and state["count"] == "" and state["painted"] == 0 and state["hash"] == "",
                  f"{label}: Escape clears the search", str(state))
    # A linked query runs on load.
    tools.call("Page.navigate", url=url + "#search=" + urllib.parse.quote("from:ana week"))
    tools.wait_for("Page.loadEventFired", 20)
    tools.drain(0.3)
    state = tools.evaluate(SEARCH_STATE)
    results.check(state["shown"] == ["m-g-008"] and state["value"] == "from:ana week" and state["count"] == "1 of 1",
                  f"{label}: a linked query (#search=...) runs when the page opens", str(state))
    errors = errors_in(tools.events) + [f"CSP: {v}" for v in (tools.evaluate("window.__sbViolations") or [])]
    results.check(not errors, f"{label}: no console errors or CSP violations", "; ".join(errors[:5]))


def check_search_fallback(tools, results, path):
    """Where the Custom Highlight API is missing, matches are <mark>s around the page's own text,
    and clearing the search leaves the text as it was."""
    url = "file://" + os.path.abspath(path)
    label = "search/threads.json without the Highlight API"
    hidden = tools.call("Page.addScriptToEvaluateOnNewDocument", source="delete window.Highlight;")["identifier"]
    try:
        open_search_page(tools, url, 1280)
        before = tools.evaluate("document.querySelector('main').textContent")
        state = search_for(tools, "shed")
        marks = tools.evaluate("[...document.querySelectorAll('mark.sb-search-mark')].map(m => m.textContent)")
        results.check(marks and all(m.lower() == "shed" for m in marks) and state["count"].startswith("1 of"),
                      f"{label}: matches are marked", str(marks))
        press(tools, "Enter", "Enter", 13)
        current = tools.evaluate("document.querySelectorAll('mark.sb-search-mark-current').length")
        results.check(current == 1, f"{label}: the current match is marked", str(current))
        search_for(tools, "")
        after = tools.evaluate("document.querySelector('main').textContent")
        left = tools.evaluate("document.querySelectorAll('mark').length")
        results.check(before == after and left == 0, f"{label}: clearing leaves the text as it was", f"{left} marks left")
    finally:
        tools.call("Page.removeScriptToEvaluateOnNewDocument", identifier=hidden)


# Message text that looks like search syntax, like HTML and like the script's own code: each is
# found as text, and nothing of it becomes an element, a script or a dialog.
HOSTILE_QUERIES = (
    ('from:"Maya Lee" refund', ["m-s-01"]),
    ('<img src=x onerror=alert(1)>', ["m-s-01"]),
    ('</script><script>alert(2)</script>', ["m-s-02"]),
    ('<b onmouseover=alert(3)>bold</b>', ["m-s-02"]),
    ('from:"<b onmouseover=alert(4)>mallory"', ["m-s-02"]),
    ("highlights.set('sb-search', new Highlight());", ["m-s-03"]),
    ("document.body.innerHTML = input.value; eval(location.hash)", ["m-s-03"]),
    ("'); alert(document.domain); ('", ["m-s-04"]),
    ("${alert(6)} alert(7)", ["m-s-04"]),
    ('"><svg onload=alert(8)>.pdf', ["m-s-04"]),
    ("has:file from:leo", ["m-s-04"]),
    ("creme brulee resume NAIVE", ["m-s-05"]),
    ("on:2026-03-09", []),
)


def check_search_hostile(tools, results, path, width):
    url = "file://" + os.path.abspath(path)
    label = f"search/search-hostile at {width} px"
    open_search_page(tools, url, width)
    start = tools.evaluate(SEARCH_STATE)
    for query, expected in HOSTILE_QUERIES:
        state = search_for(tools, query, wait=0.35)
        results.check(sorted(state["shown"]) == sorted(expected), f"{label}: {query!r} finds {expected}", str(state["shown"]))
        results.check(state["elements"] == start["elements"] and state["scripts"] == 1 and state["alerted"] == 0,
                      f"{label}: {query!r} adds no element, script or dialog",
                      f"elements {start['elements']} -> {state['elements']}, scripts {state['scripts']}, dialogs {state['alerted']}")
    # The same through a link.
    tools.call("Page.navigate", url=url + "#search=" + urllib.parse.quote("<img src=x onerror=alert(1)>"))
    tools.wait_for("Page.loadEventFired", 20)
    tools.drain(0.3)
    state = tools.evaluate(SEARCH_STATE)
    dialogs = [e for e in tools.events if e["method"] == "Page.javascriptDialogOpening"]
    results.check(state["shown"] == ["m-s-01"] and state["scripts"] == 1 and not dialogs,
                  f"{label}: a linked hostile query is only text", str(state))
    tools.call("Page.navigate", url=url + "#search=%E0%A4%A")
    tools.wait_for("Page.loadEventFired", 20)
    tools.drain(0.3)
    errors = errors_in(tools.events) + [f"CSP: {v}" for v in (tools.evaluate("window.__sbViolations") or [])]
    results.check(not errors, f"{label}: no console errors or CSP violations, a broken link included", "; ".join(errors[:5]))


def check_search_reactors(tools, results, path):
    """Who reacted is folded away in each pill: a name found only there is no match, which the
    reader could not be shown; the message's own words still are."""
    open_search_page(tools, "file://" + os.path.abspath(path), 1280)
    for query, expected in (("Kowalska", []), ("Cyrus", []), ("walkthrough", ["m-p-02"])):
        state = search_for(tools, query)
        results.check(sorted(state["shown"]) == expected, f"search/print: {query!r} finds {expected}", str(state["shown"]))


def check_search_page(tools, results, path, screenshot_dir):
    """Any page rendered with --search: a query runs without error; a page of a split set says
    that it searches that page only."""
    url = "file://" + os.path.abspath(path)
    name = os.path.basename(path)
    label = f"search/{name}"
    open_search_page(tools, url, 1280)
    if name == "launch-room-split.html":
        # The index of a split set lists pages: nothing to search there.
        bar = tools.evaluate("document.getElementById('sb-search') !== null")
        results.check(not bar, f"{label}: the index of a split set has no search bar", "it has one")
        with open(path, encoding="utf-8") as handle:
            page = handle.read()
        results.check("<script" not in page and "script-src" not in page and "sb-search" not in page,
                      f"{label}: the index of a split set carries no search script", "it has one")
        return
    state = search_for(tools, "a")
    results.check(state["count"].startswith("1 of") or state["count"] == "No matches", f"{label}: a query runs", str(state))
    # The policy names the script by its SHA-256, recomputed here apart from Scrollback's own.
    with open(path, encoding="utf-8") as handle:
        page = handle.read()
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode() if scripts else b"").digest()).decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1)
    results.check(len(scripts) == 1 and policy.endswith(f"; script-src 'sha256-{digest}'") and "unsafe" not in policy.split("script-src")[1],
                  f"{label}: one script, allowed by its own hash only", policy)
    if "-split" in name:
        scope = tools.evaluate("(document.querySelector('.sb-search-scope') || {}).textContent")
        results.check(scope == "This page only", f"{label}: says it searches this page only", str(scope))
    if screenshot_dir and name == "launch-room.json.html":
        for width in WIDTHS:
            set_view(tools, width, "light", SCREENSHOT_HEIGHT // 2)
            search_for(tools, "release notes")
            press(tools, "Enter", "Enter", 13)
            tools.evaluate("window.scrollTo(0, 0)")
            tools.drain(0.3)
            shot = tools.call("Page.captureScreenshot", format="png", captureBeyondViewport=False,
                              clip={"x": 0, "y": 0, "width": width, "height": SCREENSHOT_HEIGHT // 2, "scale": 1})
            target = os.path.join(screenshot_dir, f"search-{width}-light.png")
            with open(target, "wb") as handle:
                handle.write(base64.b64decode(shot["data"]))
            print(f"      saved {target}", flush=True)
    search_for(tools, "")
    errors = errors_in(tools.events) + [f"CSP: {v}" for v in (tools.evaluate("window.__sbViolations") or [])]
    results.check(not errors, f"{label}: no console errors or CSP violations while searching", "; ".join(errors[:5]))


def check_search(tools, results, folder, screenshot_dir):
    """Every --search page, then threads.json and the hostile page at each width."""
    for name in sorted(os.listdir(folder)):
        if name.endswith(".html"):
            check_search_page(tools, results, os.path.join(folder, name), screenshot_dir)
    for width in WIDTHS:
        check_search_threads(tools, results, os.path.join(folder, "threads.json.html"), width)
        check_search_hostile(tools, results, os.path.join(folder, "search-hostile.html"), width)
    check_search_fallback(tools, results, os.path.join(folder, "threads.json.html"))
    for width in WIDTHS:
        check_search_fixes(tools, results, folder, width)
    large = os.path.join(os.path.dirname(folder), "search-large", "large.html")
    if os.path.exists(large):
        for width in WIDTHS:
            check_search_timing(tools, results, large, width)
    check_search_reactors(tools, results, os.path.join(folder, "print.html"))


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
    for mode in ("default", "no-remote-media", "split", "output-dir", "failed-images", "archive", "search"):
        folder = os.path.join(options.pages, mode)
        if mode in ("split", "output-dir", "failed-images", "archive", "search") and not os.path.isdir(folder):
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
            check_page(tools, results, path, f"{mode}/{os.path.basename(path)}", mode, options.screenshots)
            if mode == "archive":
                check_archive(tools, results, path, f"{mode}/{os.path.basename(path)}", options.screenshots)
        layout = os.path.join(options.pages, "search", "layout.html")
        if os.path.exists(layout):
            check_layout(tools, results, layout, "search/layout.html")
        if os.path.isdir(os.path.join(options.pages, "search")):
            check_search(tools, results, os.path.join(options.pages, "search"), options.screenshots)
        control = os.path.join(profile, "control.html")
        with open(control, "w") as handle:
            handle.write(CONTROL_PAGE)
        quiet = Quiet()
        quiet.check(parse_strictly(control) is None, "control: html5lib strict parse")
        check_page(tools, quiet, control, "control", "control", None)
        for name in CONTROL_CHECKS:
            seen = any(name in label for label in quiet.failures)
            results.check(seen, f"control page: the check '{name}' sees a broken page", "it passed a broken page")
        # The outline and contents checks against a page that breaks them.
        outline_control = os.path.join(profile, "outline-control.html")
        with open(outline_control, "w") as handle:
            handle.write(OUTLINE_CONTROL_PAGE)
        tools.call("Page.navigate", url="file://" + outline_control)
        tools.wait_for("Page.loadEventFired", 20)
        quiet = Quiet()
        check_outline(tools, quiet, "outline control")
        check_contents_links(tools, quiet, "outline control", required=True)
        check_day_order(tools, quiet, "outline control")
        for name in ("headings do not skip levels", "every contents link lands on its channel", "sits under its own day"):
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
