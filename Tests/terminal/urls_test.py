#!/usr/bin/env python3
"""Checks in a real terminal (tmux) that a reader can get at every URL of a transcript:

- inside tmux, variables inherited from the outer terminal (VTE_VERSION, KITTY_WINDOW_ID,
  WT_SESSION, TERM_PROGRAM) do not switch hyperlinks on: tmux may drop them, so the URLs are
  listed after each message instead; `--hyperlinks always` still writes them;
- a listed URL longer than the pane is one logical line that tmux wraps: copied back from the
  pane (capture-pane -J joins wrapped lines, as copy mode does) it is the whole URL, while every
  bubble border still fits the pane;
- a signed CDN URL is listed with its query as `?…`, and `--urls full` shows it whole (in place).

Usage: urls_test.py path/to/scrollback. Exits non-zero when a check fails.
"""

import json
import os
import shlex
import subprocess
import sys
import tempfile
import time

SOCKET = f"scrollback-urls-test-{os.getpid()}"
WIDTH = 60
failures = []

LONG_URL = "https://files.example.org/exports/" + "/".join(f"part-{n:02d}" for n in range(12)) + "/report.pdf"
SIGNED_URL = (
    "https://cdn.example.net/uploads/photo.jpg?Expires=1700000000&Signature="
    + "Q" * 120
    + "&Key-Pair-Id=APKAEXAMPLE"
)


def tmux(*arguments):
    result = subprocess.run(["tmux", "-L", SOCKET, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"tmux {' '.join(arguments)}: {result.stderr}")
    return result.stdout


def expect(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL " + message)


def transcript(directory):
    messages = [
        {
            "id": "m1",
            "text": f"The [export]({LONG_URL}) and the [photo]({SIGNED_URL}) are up.",
            "user": {"id": "u1", "name": "Ana"},
            "created_at": "2026-03-02T10:00:00Z",
        },
        {"id": "m2", "text": "Thanks!", "user": {"id": "u2", "name": "Bo"}, "created_at": "2026-03-02T10:01:00Z"},
    ]
    path = os.path.join(directory, "links.json")
    with open(path, "w") as file:
        json.dump({"channel": {"id": "c", "name": "Links"}, "messages": messages}, file)
    return path


def run_in_tmux(binary, path, extra, name):
    """Runs `view --no-pager` in a tmux pane whose environment has the outer terminal's
    variables (as a pane started from GNOME Terminal or kitty has) and tmux's own TMUX and
    TERM; the pane's lines, wrapped lines joined; and whether an OSC 8 sequence reached tmux."""
    raw = os.path.join(os.path.dirname(path), name + ".raw")
    command = " ".join(
        [shlex.quote(binary), "view", shlex.quote(path), "--no-pager", "--timezone", "UTC", *extra, ";", "sleep", "30"]
    )
    tmux(
        "-u", "new-session", "-d", "-s", name, "-x", str(WIDTH), "-y", "60",
        "-e", "VTE_VERSION=7600", "-e", "KITTY_WINDOW_ID=1", "-e", "WT_SESSION=1", "-e", "TERM_PROGRAM=iTerm.app",
        "-e", "LANG=C.UTF-8", "bash", "--norc", "--noprofile", "-c", "sleep 0.3; " + command,
    )
    tmux("pipe-pane", "-t", name, "-o", "cat > " + shlex.quote(raw))
    deadline = time.time() + 15
    while time.time() < deadline:
        screen = tmux("capture-pane", "-p", "-J", "-t", name)
        if "Scrollback" in screen and "messages" in screen:
            break
        time.sleep(0.2)
    time.sleep(0.3)
    joined = tmux("capture-pane", "-p", "-J", "-t", name).splitlines()
    rows = tmux("capture-pane", "-p", "-t", name).splitlines()
    tmux("kill-session", "-t", name)
    with open(raw, "rb") as file:
        sent = file.read()
    return joined, rows, b"\x1b]8;" in sent


def main():
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as directory:
        path = transcript(directory)

        joined, rows, linked = run_in_tmux(binary, path, [], "auto")
        expect(not linked, "inside tmux, hyperlinks stay off although the outer terminal's variables say it shows them")
        expect(any(line.strip() == "[1] " + LONG_URL for line in joined),
               "the long URL is listed whole on one logical line: " + repr([l for l in joined if "[1]" in l]))
        expect(any(line.strip() == "[2] https://cdn.example.net/uploads/photo.jpg?…" for line in joined),
               "the signed URL's query is listed as ?…: " + repr([l for l in joined if "[2]" in l]))
        borders = [line for line in rows if line.startswith(("╭", "│", "╰"))]
        expect(borders and all(line.rstrip()[-1] in "╮│╯" for line in borders), "every bubble row ends in its border")
        expect(all(len(line) <= WIDTH for line in rows), "no pane row is wider than the pane")

        # In place, inside the bubble: every character of the signature is on the screen.
        _, rows, _ = run_in_tmux(binary, path, ["--urls", "full"], "full")
        expect(sum(line.count("Q") for line in rows) == 120 and any("Key-Pair-Id" in line for line in rows),
               "--urls full shows the signed URL whole")

        _, _, linked = run_in_tmux(binary, path, ["--hyperlinks", "always"], "always")
        expect(linked, "--hyperlinks always still writes OSC 8 inside tmux")

    subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
    if failures:
        print(f"{len(failures)} URL check(s) failed")
        return 1
    print("URL checks passed: listed whole, signatures shortened, no hyperlinks inside tmux unless asked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
