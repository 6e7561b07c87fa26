#!/usr/bin/env python3
"""Checks the progress line of `scrollback render` and `validate` under a real pseudo-terminal
(python's pty module) and through pyte, as a user's terminal shows it:

- on a terminal, the line appears (index pass, then render pass), updates in place (several
  drawings, each starting with a carriage return and fitting the terminal's width), and is
  erased at the end: the final screen shows no progress text and the cursor is back at column 0;
- with standard error a pipe, or a file, there is no line; --progress forces it into a pipe;
  --no-progress suppresses it on a terminal; CI=true in the environment suppresses it too, and
  so does the transcript itself going to the terminal (render -f ansi to standard output);
- validate shows its own line (`reading:`) and erases it;
- Ctrl-C (SIGINT) in the middle of a render leaves no progress text on the screen.

Usage: progress_test.py path/to/scrollback. Exits non-zero when a check fails.
"""

import datetime
import json
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time

import pyte

COLUMNS, ROWS = 60, 10
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


START = datetime.datetime(2026, 3, 9, tzinfo=datetime.timezone.utc)


def write_corpus(path, count):
    """A channel export of `count` messages."""
    messages = [
        {
            "id": f"m{n}",
            "text": f"Message {n} with **some** text and a link https://example.com/{n}",
            "user": {"id": f"u{n % 5}", "name": f"User {n % 5}"},
            # A minute apart, in time order (a file out of order is reported).
            "created_at": (START + datetime.timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        for n in range(count)
    ]
    with open(path, "w") as file:
        json.dump({"channel": {"id": "c", "name": "general"}, "messages": messages}, file)


def write_long_corpus(scrollback, path):
    """A corpus that this build takes at least 2.5 s to render on this machine, so that the
    line updates, estimates the time left and is still there when interrupted after a second:
    12,000 messages, or as many more as a quick machine needs (up to 200,000). Its size."""
    count = 12000
    while True:
        write_corpus(path, count)
        start = time.monotonic()
        subprocess.run([scrollback, "render", path, "-f", "html", "-o", os.devnull], stderr=subprocess.DEVNULL, check=True)
        elapsed = time.monotonic() - start
        if elapsed >= 2.5 or count >= 200000:
            return count
        count = min(200000, int(count * 3.0 / max(elapsed, 0.1)))


def environment(extra=None):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8", "TZ": "UTC"}
    env.update(extra or {})
    return env


def run_on_pty(arguments, extra_env=None, interrupt_on=None, output_on_terminal=False):
    """Runs the command with standard error (and input) on a pty of COLUMNS x ROWS, standard
    output to /dev/null (or to the pty too); with `interrupt_on`, sends SIGINT as soon as the
    terminal has shown those bytes (while the command surely runs: a fixed delay raced the end
    of the render on a machine whose load fell after the corpus was sized); returns (raw bytes
    written to the terminal, exit status)."""
    pid, master = pty.fork()
    if pid == 0:
        # The child: stdout away from the terminal, so that only stderr draws on it.
        import fcntl
        import struct
        import termios

        fcntl.ioctl(2, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        if not output_on_terminal:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
        os.execve(arguments[0], arguments, environment(extra_env))
    chunks = []
    interrupted = False
    while True:
        if interrupt_on is not None and not interrupted and interrupt_on in b"".join(chunks):
            os.kill(pid, signal.SIGINT)
            interrupted = True
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            continue
        try:
            data = os.read(master, 65536)
        except OSError:
            # EIO: the child closed the terminal (it ended).
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    os.close(master)
    return b"".join(chunks), status


def screen_of(raw):
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    # The pty's line discipline already turned \n into \r\n.
    stream.feed(raw)
    return screen


def drawings(raw, prefix):
    """The progress texts drawn: each starts with \\r and ends with ESC [ K."""
    text = raw.decode("utf-8", "replace")
    return [part.split("\x1b[K")[0] for part in text.split("\r") if part.startswith(prefix)]


def main():
    scrollback = os.path.abspath(sys.argv[1])
    folder = tempfile.mkdtemp(prefix="scrollback-progress-")
    # Long enough for several drawings; the checks of absence need less.
    corpus = os.path.join(folder, "big.json")
    count = write_long_corpus(scrollback, corpus)
    small = os.path.join(folder, "small.json")
    write_corpus(small, 3000)

    # 1. On a terminal: appears, updates, erased at the end.
    raw, _ = run_on_pty([scrollback, "render", corpus, "-f", "html", "-o", os.path.join(folder, "out.html")])
    index = drawings(raw, "index pass:")
    render = drawings(raw, "render pass:")
    check(len(index) >= 1, f"the index pass shows a line on a terminal (got {raw[:200]!r})")
    check(len(render) >= 3, f"the render pass updates its line several times (got {len(render)})")
    check(all(len(line) <= COLUMNS - 1 for line in index + render), "every drawing fits the terminal's width less one")
    check(any(f"of {count} messages" in line for line in render), "the render pass counts of the total")
    check(any("MB of" in line or "KB of" in line for line in index + render), "the line says the bytes read of the total")
    check(any("left" in line for line in render), "the line gives an estimate of the time left")
    check(any("/s" in line for line in render), "the line gives a rate")
    screen = screen_of(raw)
    shown = "\n".join(screen.display)
    check("pass:" not in shown and "messages" not in shown, f"the final screen has no leftover progress text:\n{shown}")
    check(screen.cursor.x == 0, f"the cursor is back at the line's start (column {screen.cursor.x})")
    check(os.path.getsize(os.path.join(folder, "out.html")) > 0, "the page is written")

    # 2. Standard error a pipe, or a file: no line; --progress forces it into a pipe.
    def piped(extra):
        result = subprocess.run(
            [scrollback, "render", small, "-f", "markdown", "-o", os.path.join(folder, "out.md"), *extra],
            capture_output=True, env=environment(),
        )
        return result.stderr

    check(b"pass:" not in piped([]), "no line when standard error is a pipe")
    with open(os.path.join(folder, "errors.txt"), "wb") as errors:
        subprocess.run(
            [scrollback, "render", small, "-f", "markdown", "-o", os.path.join(folder, "out.md")], stderr=errors, env=environment()
        )
    check(b"pass:" not in open(os.path.join(folder, "errors.txt"), "rb").read(), "no line when standard error is a file")
    forced = piped(["--progress"])
    check(b"\rrender pass:" in forced and forced.endswith(b"\r\x1b[K"), "--progress forces the line into a pipe, erased at the end")

    # 3. --no-progress, and CI=true, on a terminal: nothing.
    raw, _ = run_on_pty([scrollback, "render", small, "-f", "markdown", "-o", os.path.join(folder, "out.md"), "--no-progress"])
    check(b"pass:" not in raw, "--no-progress suppresses the line on a terminal")
    raw, _ = run_on_pty([scrollback, "render", small, "-f", "markdown", "-o", os.path.join(folder, "out.md")], {"CI": "true"})
    check(b"pass:" not in raw, "CI=true suppresses the line")

    # The transcript itself printed to the terminal: no line drawn over it.
    raw, _ = run_on_pty([scrollback, "render", small, "-f", "ansi"], output_on_terminal=True)
    check(b"pass:" not in raw and len(raw) > 10000, "no line while the transcript goes to the terminal")

    # 4. validate: its own line, erased.
    raw, _ = run_on_pty([scrollback, "validate", corpus])
    check(len(drawings(raw, "reading:")) >= 1, "validate shows a line on a terminal")
    shown = "\n".join(screen_of(raw).display)
    check("reading:" not in shown, f"validate erases its line:\n{shown}")

    # Standard output on the same terminal: the summary, and the paths written, stay; the line goes.
    raw, _ = run_on_pty([scrollback, "validate", corpus], output_on_terminal=True)
    shown = "\n".join(screen_of(raw).display)
    check(len(drawings(raw, "reading:")) >= 1, "validate shows a line with its output on the terminal too")
    check("reading:" not in shown and f"{count} messages" in shown, f"validate's summary stays, its line goes:\n{shown}")
    raw, _ = run_on_pty([scrollback, "render", corpus, "--output-dir", os.path.join(folder, "listed")], output_on_terminal=True)
    shown = "\n".join(screen_of(raw).display)
    check(len(drawings(raw, "render pass:")) >= 1, "render --output-dir shows the line with standard output on the terminal")
    check("pass:" not in shown and "index.html" in shown, f"the paths written stay, the line goes:\n{shown}")

    # 5. Ctrl-C in the middle: the line is erased by the signal handler.
    raw, status = run_on_pty(
        [scrollback, "render", corpus, "-f", "html", "-o", os.path.join(folder, "interrupted.html")], interrupt_on=b"pass:"
    )
    check(len(drawings(raw, "")) >= 1 and b"pass:" in raw, "the line showed before the interrupt")
    check(raw.endswith(b"\r\x1b[K"), f"the interrupt erases the line last (ends {raw[-40:]!r})")
    shown = "\n".join(screen_of(raw).display)
    check("pass:" not in shown, f"no progress text after Ctrl-C:\n{shown}")
    check(not os.path.exists(os.path.join(folder, "interrupted.html")), "the interrupted render left no file")

    if failures:
        print(f"progress_test.py: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("progress_test.py: all checks passed")


if __name__ == "__main__":
    main()
