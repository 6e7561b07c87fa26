#!/usr/bin/env python3
"""Measures what --search costs a large page, in headless Chromium over the DevTools protocol.

Usage: search-measure.py PLAIN.html SEARCH.html [--runs N] [--query TEXT]
       search-measure.py --typing SEARCH.html [--key-delay SECONDS] [--width PX] [--trace]

For each page: its size, the first-paint and first-contentful-paint times (Paint Timing API),
the load event, and, for the page with search, how long the first query takes (which also
folds the page's text) and a second one. Each figure is the median of N fresh loads. Reuses
the browser-test's DevTools helpers; writes a Markdown table to standard output.

With --typing: what a reader's typing and clearing cost the page's main thread, keys sent one
by one through the DevTools Input domain (a broad word, a month, a day typed a key at a time,
clearing after each): the longest task (the Long Tasks API, which reports tasks of 50 ms or
more, script and rendering alike), how many there were, and the time from the last key to the
page's last change. With --trace, also a DevTools trace (the Tracing domain) of the same run:
the main thread's own time (thread time, which other processes' load does not stretch) in the
longest tasks after the first key, and what Chromium spent it on.
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


def thread_times(events):
    """The renderer main thread's top-level tasks from the first key on, longest thread time
    first: (thread ms, wall ms, {what: thread ms})."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = {key for key, name in names.items() if name == "CrRendererMain"}
    slices = [e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "dur" in e]
    keys = [e["ts"] for e in slices
            if e["name"] == "EventDispatch" and e.get("args", {}).get("data", {}).get("type") in ("beforeinput", "textInput", "input")]
    if not keys:
        return []
    tasks = [e for e in slices if e["name"] == "ThreadControllerImpl::RunTask" and e["ts"] >= min(keys) - 1000]
    parts = ("FunctionCall", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Commit",
             "IntersectionObserverController::computeIntersections", "MajorGC", "MinorGC")
    found = []
    for task in sorted(tasks, key=lambda e: -e.get("tdur", 0))[:5]:
        start, end = task["ts"], task["ts"] + task["dur"]
        spent = {}
        for e in slices:
            if start <= e["ts"] < end and e["name"] in parts:
                spent[e["name"]] = spent.get(e["name"], 0) + e.get("tdur", e["dur"]) / 1000
        found.append((task.get("tdur", 0) / 1000, task["dur"] / 1000, spent))
    return found


def typing(path, key_delay, width, trace=False):
    profile = tempfile.mkdtemp(prefix="sb-measure-")
    process, port = browser.start_chromium(profile)
    tools = browser.DevTools(browser.page_socket_url(port), timeout=120)
    try:
        tools.call("Page.enable")
        tools.call("Runtime.enable")
        if trace:
            tools.call("Tracing.start", categories="toplevel,devtools.timeline,disabled-by-default-devtools.timeline",
                       transferMode="ReportEvents")
        figures = browser.measure_typing(tools, "file://" + os.path.abspath(path), width=width, key_delay=key_delay)
        events = []
        if trace:
            tools.call("Tracing.end")
            tools.wait_for("Tracing.tracingComplete", 120)
            events = [e for event in tools.events if event["method"] == "Tracing.dataCollected" for e in event["params"]["value"]]
    finally:
        tools.close()
        browser.stop_chromium(process)
        shutil.rmtree(profile, ignore_errors=True)
    print(f"| at {width} px | longest task (ms) | tasks over 50 ms | settled after (ms) | count | status |")
    print("|---|---|---|---|---|---|")
    for row in figures:
        longest = f"{row['longest']:.0f}" if row["long tasks"] else "none over 50"
        print(f"| {row['scenario']} | {longest} | {row['long tasks']} | {row['settle']:.0f} | {row['count']} | {row['status']} |")
    if trace:
        print("\nlongest tasks by the main thread's own time (traced, so a little slower than above):")
        for own, wall, spent in thread_times(events):
            parts = ", ".join(f"{name} {ms:.0f}" for name, ms in sorted(spent.items(), key=lambda item: -item[1]) if ms >= 1)
            print(f"- {own:.0f} ms of thread time ({wall:.0f} ms wall): {parts}")
    return 0


def main():
    if "--typing" in sys.argv:
        arguments = argparse.ArgumentParser()
        arguments.add_argument("--typing", required=True, metavar="SEARCH.html")
        arguments.add_argument("--key-delay", type=float, default=0.2)
        arguments.add_argument("--width", type=int, default=1280)
        arguments.add_argument("--trace", action="store_true")
        options = arguments.parse_args()
        return typing(options.typing, options.key_delay, options.width, options.trace)
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
