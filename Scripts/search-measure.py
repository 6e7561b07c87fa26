#!/usr/bin/env python3
"""Measures what --search costs a large page, in headless Chromium over the DevTools protocol.

Usage: search-measure.py PLAIN.html SEARCH.html [--runs N] [--query TEXT]
       search-measure.py --typing SEARCH.html [--key-delay SECONDS] [--width PX]

For each page: its size, the first-paint and first-contentful-paint times (Paint Timing API),
the load event, and, for the page with search, how long the first query takes (which also
folds the page's text) and a second one. Each figure is the median of N fresh loads. Reuses
the browser-test's DevTools helpers; writes a Markdown table to standard output.

With --typing: what a reader's typing and clearing cost the page's main thread, keys sent one
by one through the DevTools Input domain (a broad word, a month, a day typed a key at a time,
clearing after each): the longest task (the Long Tasks API, which reports tasks of 50 ms or
more, script and rendering alike), how many there were, and the time from the last key to the
page's last change.
"""

import argparse
import json
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("browser_test", os.path.join(here, "browser-test.py"))
browser = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser)

TIMINGS = """(() => {
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
  const navigation = performance.getEntriesByType('navigation')[0];
  return {firstPaint: paint['first-paint'], firstContentfulPaint: paint['first-contentful-paint'],
          load: navigation ? navigation.loadEventEnd : null};
})()"""

# Runs a query at once (Enter runs a search still waiting for its pause) and times it to its end:
# the search runs in slices, and the bar is aria-busy until the last.
QUERY = """((query) => new Promise(resolve => {
  const input = document.getElementById('sb-search-input'), bar = document.getElementById('sb-search');
  const started = performance.now();
  input.value = query;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
  const done = () => {
    if (bar.getAttribute('aria-busy') === 'true') return setTimeout(done, 5);
    resolve({ms: performance.now() - started, count: document.getElementById('sb-search-count').textContent});
  };
  done();
}))(%s)"""


def evaluate_async(tools, expression):
    result = tools.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
    return result["result"].get("value")


def typing(path, key_delay, width):
    profile = tempfile.mkdtemp(prefix="sb-measure-")
    process, port = browser.start_chromium(profile)
    tools = browser.DevTools(browser.page_socket_url(port), timeout=120)
    try:
        tools.call("Page.enable")
        tools.call("Runtime.enable")
        figures = browser.measure_typing(tools, "file://" + os.path.abspath(path), width=width, key_delay=key_delay)
    finally:
        tools.close()
        browser.stop_chromium(process)
        shutil.rmtree(profile, ignore_errors=True)
    print(f"| at {width} px | longest task (ms) | tasks over 50 ms | settled after (ms) | count | status |")
    print("|---|---|---|---|---|---|")
    for row in figures:
        longest = f"{row['longest']:.0f}" if row["long tasks"] else "none over 50"
        print(f"| {row['scenario']} | {longest} | {row['long tasks']} | {row['settle']:.0f} | {row['count']} | {row['status']} |")
    return 0


def main():
    if "--typing" in sys.argv:
        arguments = argparse.ArgumentParser()
        arguments.add_argument("--typing", required=True, metavar="SEARCH.html")
        arguments.add_argument("--key-delay", type=float, default=0.2)
        arguments.add_argument("--width", type=int, default=1280)
        options = arguments.parse_args()
        return typing(options.typing, options.key_delay, options.width)
    arguments = argparse.ArgumentParser()
    arguments.add_argument("plain")
    arguments.add_argument("search")
    arguments.add_argument("--runs", type=int, default=3)
    arguments.add_argument("--query", default="revert")
    arguments.add_argument("--then", default="from:jo has:file")
    options = arguments.parse_args()
    profile = tempfile.mkdtemp(prefix="sb-measure-")
    process, port = browser.start_chromium(profile)
    tools = browser.DevTools(browser.page_socket_url(port), timeout=120)
    rows = []
    try:
        tools.call("Page.enable")
        tools.call("Runtime.enable")
        browser.set_view(tools, 1280, "light")
        for label, path in (("without --search", options.plain), ("with --search", options.search)):
            figures = {"firstPaint": [], "firstContentfulPaint": [], "load": [], "first query": [], "second query": []}
            for _ in range(options.runs):
                tools.call("Page.navigate", url="about:blank")
                tools.wait_for("Page.loadEventFired", 10)
                tools.call("Page.navigate", url="file://" + os.path.abspath(path))
                # The blank page's own load event may come first: wait for this page's.
                for _ in range(1200):
                    if tools.evaluate("location.protocol === 'file:' && document.readyState === 'complete'"):
                        break
                    tools.drain(0.1)
                tools.drain(0.5)
                timings = tools.evaluate(TIMINGS)
                for key in ("firstPaint", "firstContentfulPaint", "load"):
                    figures[key].append(timings[key])
                if path == options.search:
                    first = evaluate_async(tools, QUERY % json.dumps(options.query))
                    second = evaluate_async(tools, QUERY % json.dumps(options.then))
                    figures["first query"].append(first["ms"])
                    figures["second query"].append(second["ms"])
                    count = (first["count"], second["count"])
            size = os.path.getsize(path)
            cells = [label, f"{size:,}"] + [
                f"{statistics.median(values):.0f}" if values else "-" for values in figures.values()]
            rows.append(cells)
    finally:
        tools.close()
        browser.stop_chromium(process)
        shutil.rmtree(profile, ignore_errors=True)
    print("| page | bytes | first paint (ms) | first contentful paint (ms) | load (ms) | first query (ms) | second query (ms) |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\nmedian of {options.runs} loads at 1280 px; queries {options.query!r} then {options.then!r} gave {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
