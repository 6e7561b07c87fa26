#!/usr/bin/env python3
"""Runs `scrollback view --no-pager` in a real terminal (tmux) whose shell has an 8-bit locale
(LANG=ru_RU.KOI8-R, de_DE.ISO-8859-1, de_DE.ISO-8859-15, ru_RU.CP1251) and reads back the raw
bytes the terminal got (tmux pipe-pane): they decode in that character set to the letters it has
(Cyrillic in KOI8-R and Windows-1251, ü and ß in Latin-1), ASCII for the others, ASCII borders, no
byte from 0x80 to 0x9F (C1 controls to many terminals), and every line as wide as the UTF-8 one.
The locales need not be installed: Scrollback reads the locale's name, as the terminal's user set it,
and tells less the set (LESSCHARSET), which is checked through less with KOI8-R not installed.

Usage: charset_test.py path/to/scrollback. Exits non-zero when a check fails.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

SOCKET = f"scrollback-charset-test-{os.getpid()}"
failures = []


def tmux(*arguments, check=True):
    result = subprocess.run(["tmux", "-L", SOCKET, *arguments], capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"tmux {' '.join(arguments)}: {result.stderr}")
    return result.stdout


def expect(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def raw_output(tool, path, locale, directory, pager=False):
    """The bytes `view --no-pager` (or `view` through less, with `pager`) writes to a tmux pane
    whose shell has LANG=`locale`."""
    name = "charset"
    command = f"env -i PATH='{os.environ.get('PATH', '/usr/bin:/bin')}' TERM=xterm TZ=UTC LANG='{locale}' bash --norc --noprofile"
    tmux("-u", "new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)
    raw = os.path.join(directory, f"raw-{locale}")
    try:
        tmux("send-keys", "-t", name, "-l", "PS1='$ '")
        tmux("send-keys", "-t", name, "Enter")
        time.sleep(0.3)
        tmux("pipe-pane", "-t", name, "-o", f"cat > '{raw}'")
        paging = "" if pager else "--no-pager "
        tmux("send-keys", "-t", name, "-l", f"{tool} view {paging}--color never {path}; echo D\"\"ONE")
        tmux("send-keys", "-t", name, "Enter")
        end = time.time() + 20
        while time.time() < end and "DONE" not in tmux("capture-pane", "-p", "-t", name):
            time.sleep(0.1)
            if pager and time.time() > end - 18:
                tmux("send-keys", "-t", name, "q")
        time.sleep(0.3)
        tmux("pipe-pane", "-t", name)
    finally:
        tmux("kill-session", "-t", name, check=False)
    with open(raw, "rb") as file:
        data = file.read()
    # From the command's echo to the prompt after it: the first line break ends the echo.
    start = data.index(b"\n") + 1
    return data[start : data.rindex(b"DONE")]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: charset_test.py path/to/scrollback")
    tool = os.path.abspath(sys.argv[1])
    if not shutil.which("tmux"):
        sys.exit("charset_test.py needs tmux")
    directory = tempfile.mkdtemp(prefix="scrollback-charset-test-")
    messages = [
        {"id": "a", "text": "Привет, мир", "created_at": "2026-06-01T09:00:00Z", "user": {"id": "i", "name": "Иван"}},
        {"id": "b", "text": "Grüße aus Köln, Straße", "created_at": "2026-06-01T09:01:00Z", "user": {"id": "j", "name": "Jürgen"}},
        {"id": "c", "text": "Ça coûte 5 €", "created_at": "2026-06-01T09:02:00Z", "user": {"id": "j", "name": "Jürgen"}},
    ]
    path = os.path.join(directory, "letters.json")
    with open(path, "w") as file:
        json.dump({"channel": {"id": "c", "name": "Café"}, "messages": messages}, file)
    utf8 = subprocess.run(
        [tool, "view", "--no-pager", "--color", "never", "-w", "80", path],
        capture_output=True, env={"TZ": "UTC", "LANG": "C.UTF-8"},
    ).stdout.decode("utf-8")
    cases = [
        ("ru_RU.KOI8-R", "koi8_r", ["Привет, мир", "Иван", "Gru?e aus Koln, Stra?e", "Jurgen", "Ca coute 5 ?"]),
        ("de_DE.ISO-8859-1", "latin-1", ["??????, ???", "????", "Grüße aus Köln, Straße", "Jürgen", "Ça coûte 5 ?", "Café"]),
        ("de_DE.ISO-8859-15", "iso8859_15", ["??????, ???", "Grüße aus Köln, Straße", "Ça coûte 5 €"]),
        ("ru_RU.CP1251", "cp1251", ["Привет, мир", "Иван", "Gru?e aus Koln, Stra?e"]),
    ]
    try:
        for locale, codec, words in cases:
            data = raw_output(tool, path, locale, directory)
            expect(not any(0x80 <= byte < 0xA0 for byte in data), f"{locale}: no byte from 0x80 to 0x9F")
            text = data.decode(codec).replace("\r\n", "\n")
            missing = [word for word in words if word not in text]
            expect(missing == [], f"{locale}: the set's letters and ASCII for the rest ({missing})")
            expect("+---" in text and "╭" not in text, f"{locale}: ASCII borders")
            # One column a byte: each line exactly as wide as the UTF-8 one (the day line's
            # language follows the locale, so lines are compared by count and bubbles by width).
            widths = [len(line) for line in text.split("\n") if line.startswith(("+", "|"))]
            utf8_widths = [len(line) for line in utf8.split("\n") if line.startswith(("╭", "│", "╰"))]
            expect(widths == utf8_widths, f"{locale}: bubbles as wide as in UTF-8 ({widths} vs {utf8_widths})")
        # Through less, with the locale not installed (less's setlocale() then falls back to
        # ASCII and would show a KOI8-R letter as <F0>): LESSCHARSET names the set.
        installed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower()
        if "koi8r" not in installed.replace("-", ""):
            data = raw_output(tool, path, "ru_RU.KOI8-R", directory, pager=True)
            expect("Привет".encode("koi8_r") in data and b"<F0>" not in data,
                   "ru_RU.KOI8-R not installed: less shows the letters, not <F0>")
    finally:
        tmux("kill-server", check=False)
        shutil.rmtree(directory, ignore_errors=True)
    print(f"{len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
