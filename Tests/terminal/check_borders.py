#!/usr/bin/env python3
"""Checks in a real terminal (tmux) that the right borders of every bubble and card line up:
renders every sample with `scrollback render --format ansi` at 60, 80 and 120 columns, then
plays the lines into a tmux pane one at a time and asks tmux where its cursor is after each
(a cursor position report, ESC [ 6 n). Terminals disagree about the width of some characters
(tmux 3.3a counts ❤️, ☀️ and ⚠️ as one column, most terminals as two): when the text gives
a character a width tmux does not, the lines of its bubble end in different columns.

The pane is wider than the output, so that a line filling the width never leaves the cursor
waiting to wrap (which would hide a line one column too long).

Usage: check_borders.py SCROLLBACK_BINARY SAMPLES_DIRECTORY_OR_FILE...
Prints one line per failure and `N passed, M failed`; exits 1 when anything failed.
Also runs as the probe itself inside tmux: check_borders.py --probe LINES_FILE REPORT_FILE.
"""
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
import time

WIDTHS = (60, 80, 120)
# The corners and sides that end a bubble's or card's line.
RIGHT_BORDERS = "│╮╯┐┘"


def probe(lines_path, report_path):
    """Inside the pane: writes each line, asks for the cursor's column, and saves the columns."""
    import termios
    import tty

    with open(lines_path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    columns = []
    try:
        for line in lines:
            os.write(1, line.encode("utf-8") + b"\x1b[6n")
            answer = b""
            while not answer.endswith(b"R"):
                answer += os.read(fd, 1)
            # ESC [ row ; column R, the column counted from 1: the cursor stands after the line.
            columns.append(int(answer[answer.rindex(b";") + 1 : -1]) - 1)
            os.write(1, b"\r\n")
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    with open(report_path + ".tmp", "w") as file:
        json.dump(columns, file)
    os.rename(report_path + ".tmp", report_path)


def bubbles(lines):
    """The line numbers of each box whose right edge ends the line: from a line ending in `╮`
    or `┐` to the next ending in `╯` or `┘`, every line between ending in `│`. A line inside
    the box with no right border (one holding an emoji sequence terminals disagree about,
    drawn open on purpose) is left out; it starts with the box's `│` in the box's column."""
    groups, current, left = [], None, 0
    for number, line in enumerate(lines):
        text = line.rstrip()
        last = text[-1:] if text else " "
        if current is None:
            if last in "╮┐":
                current = [number]
                left = len(line) - len(line.lstrip(" "))
        elif last in "│╮┐":
            current.append(number)
        elif last in "╯┘":
            current.append(number)
            groups.append(current)
            current = None
        elif line[:left].strip() == "" and line[left:left + 1] == "│":
            pass
        else:
            # A box left open: check the lines it has.
            groups.append(current)
            current = None
    return groups


def check(binary, path, width, workdir, extra=()):
    """The failures of `path` rendered at `width` columns (with the options `extra`) in tmux."""
    result = subprocess.run(
        [binary, "render", "--format", "ansi", "--width", str(width), "--color", "never", "--hyperlinks", "never",
         "--timezone", "UTC", "--locale", "en_US", *extra, path],
        capture_output=True, timeout=120, env=dict(os.environ, LANG="C.UTF-8"))
    if result.returncode != 0:
        return [f"exit status {result.returncode}: {result.stderr.decode(errors='replace')[:200]}"]
    lines = result.stdout.decode("utf-8").rstrip("\n").split("\n")
    lines_path = os.path.join(workdir, "lines.txt")
    report_path = os.path.join(workdir, "columns.json")
    with open(lines_path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines))
    if os.path.exists(report_path):
        os.remove(report_path)
    server = f"scrollback-borders-{os.getpid()}"
    command = f"{sys.executable} {os.path.abspath(__file__)} --probe {lines_path} {report_path}"
    for attempt in range(5):
        started = subprocess.run(
            ["tmux", "-L", server, "-f", "/dev/null", "new-session", "-d", "-x", str(width + 10), "-y", "30",
             "env", "LANG=C.UTF-8", "sh", "-c", command],
            capture_output=True, env=dict(os.environ, LANG="C.UTF-8"))
        # The previous width's server may still be exiting: its refusal is retried.
        if b"server exited unexpectedly" not in started.stderr:
            break
        time.sleep(0.2 * (attempt + 1))
    if started.returncode != 0:
        return [f"tmux new-session: {started.stderr.decode(errors='replace')[:200]}"]
    try:
        deadline = time.monotonic() + 60
        while not os.path.exists(report_path):
            if time.monotonic() > deadline:
                return ["tmux probe timed out"]
            time.sleep(0.05)
    finally:
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True)
    with open(report_path) as file:
        columns = json.load(file)
    failures = []
    for group in bubbles(lines):
        ends = {columns[number] for number in group}
        if len(ends) > 1:
            worst = max(group, key=lambda number: abs(columns[number] - columns[group[0]]))
            failures.append(
                f"bubble at line {group[0] + 1}: right borders in columns {sorted(ends)}; "
                f"line {worst + 1}: {lines[worst].strip()[:70]!r}")
    for number, column in enumerate(columns):
        # A listed URL is written whole for the terminal to wrap (copied, it stays one URL).
        if column > width and not re.fullmatch(r" *\[\d+\] \S+", lines[number]):
            failures.append(f"line {number + 1} ends in column {column} in tmux, past {width}")
    return failures


def report(name, failures):
    """Prints the first five of a case's failures; whether it passed."""
    for failure in failures[:5]:
        print(f"FAIL {name}: {failure}")
    if len(failures) > 5:
        print(f"FAIL {name}: ... {len(failures) - 5} more")
    return not failures


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--probe":
        probe(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    if shutil.which("tmux") is None:
        sys.exit("check_borders.py: tmux is not installed")
    binary = os.path.abspath(sys.argv[1])
    samples = []
    for place in sys.argv[2:]:
        if os.path.isdir(place):
            samples += sorted(
                os.path.join(place, name) for name in os.listdir(place) if name.endswith((".json", ".ndjson")))
        else:
            samples.append(place)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as workdir:
        for path in samples:
            for width in WIDTHS:
                if report(f"{os.path.basename(path)} at {width} columns", check(binary, path, width, workdir)):
                    passed += 1
                else:
                    failed += 1
    print(f"borders in tmux: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
