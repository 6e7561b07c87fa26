#!/usr/bin/env python3
"""Measures what --search costs a large page, in headless Chromium over the DevTools protocol.

Usage: search-measure.py PLAIN.html SEARCH.html [--runs N] [--query TEXT]

For each page: its size, the first-paint and first-contentful-paint times (Paint Timing API),
the load event, and, for the page with search, how long the first query takes (which also
folds the page's text) and a second one. Each figure is the median of N fresh loads. Reuses
the browser-test's DevTools helpers; writes a Markdown table to standard output.
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

# Runs a query at once (Enter runs a search still waiting for its pause) and times it.
QUERY = """((query) => {
  const input = document.getElementById('sb-search-input');
  const started = performance.now();
  input.value = query;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
  return {ms: performance.now() - started, count: document.getElementById('sb-search-count').textContent};
})(%s)"""


def main():
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
                    first = tools.evaluate(QUERY % json.dumps(options.query))
                    second = tools.evaluate(QUERY % json.dumps(options.then))
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
