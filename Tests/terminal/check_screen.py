#!/usr/bin/env python3
"""Runs `scrollback view` on every sample through a terminal emulator (pyte) and checks what
the screen shows, as a user would see it: no line wider than the terminal (the cursor never
wrapped), the window title unchanged, and no escape that moves the cursor, erases, scrolls
back or changes modes: only text, line feeds, carriage returns and colours.

Usage: check_screen.py SCROLLBACK_BINARY SAMPLES_DIRECTORY
Prints one line per failure and `N passed, M failed`; exits 1 when anything failed.
"""
import os
import subprocess
import sys

import pyte

WIDTHS = (40, 80, 120)
# Screen methods that ordinary text output never needs. A call to any is a failure.
FORBIDDEN = (
    "bell", "backspace", "tab", "cursor_up", "cursor_up1", "cursor_down", "cursor_down1", "cursor_forward",
    "cursor_back", "cursor_position", "cursor_to_column", "cursor_to_line", "erase_in_display",
    "erase_in_line", "erase_characters", "delete_characters", "insert_characters", "insert_lines",
    "delete_lines", "reverse_index", "set_title", "set_icon_name", "set_mode", "reset_mode", "reset",
    "save_cursor", "restore_cursor", "alignment_display", "define_charset", "shift_in", "shift_out",
    "set_tab_stop", "clear_tab_stop", "set_margins", "report_device_attributes", "report_device_status",
    "set_charset",
)


class RecordingScreen(pyte.Screen):
    """A screen that notes every forbidden call and every line feed."""

    def __init__(self, columns, lines):
        self.forbidden = []
        self.depth = 0
        super().__init__(columns, lines)
        # The constructor resets the screen itself: only what the output does counts.
        self.forbidden = []
        self.line_feeds = 0
        # Screen methods call one another (a line feed moves the cursor down): only the
        # outermost call, the one the stream made, counts.
        self.depth = 0

    def draw(self, data):
        self.depth += 1
        try:
            super().draw(data)
        finally:
            self.depth -= 1

    def linefeed(self):
        if self.depth == 0:
            self.line_feeds += 1
        self.depth += 1
        try:
            super().linefeed()
        finally:
            self.depth -= 1


def forbid(name):
    original = getattr(pyte.Screen, name, None)

    def recorder(self, *args, **kwargs):
        if self.depth == 0:
            self.forbidden.append(name)
        self.depth += 1
        try:
            if original is not None:
                return original(self, *args, **kwargs)
        finally:
            self.depth -= 1

    setattr(RecordingScreen, name, recorder)


for _name in FORBIDDEN:
    forbid(_name)


def check(binary, sample, width, extra=()):
    """The problems of one sample at one width, as strings."""
    environment = dict(os.environ, TZ="UTC", COLORTERM="truecolor", TERM="xterm-256color", LANG="C.UTF-8")
    environment.pop("NO_COLOR", None)
    result = subprocess.run(
        [binary, "view", sample, "--no-pager", "--width", str(width), "--color", "always", "--hyperlinks", "always",
         *extra],
        capture_output=True, env=environment)
    if result.returncode != 0:
        return ["exit status %d: %s" % (result.returncode, result.stderr.decode(errors="replace")[:200])]
    return check_text(result.stdout.decode("utf-8"), width)


def check_text(text, width):
    """The problems of `text` shown on a terminal `width` columns wide."""
    expected_lines = text.count("\n")
    screen = RecordingScreen(width, expected_lines + 2)
    screen.title = "unchanged"
    stream = pyte.Stream(screen)
    # The terminal driver turns each line feed into CR LF (onlcr); pyte needs it said.
    stream.feed(text.replace("\n", "\r\n"))
    problems = []
    if "\r" in text:
        problems.append("a raw carriage return (it could overwrite a line)")
    if screen.forbidden:
        problems.append("forbidden terminal actions: %s" % sorted(set(screen.forbidden)))
    if screen.title != "unchanged":
        problems.append("the title changed to %r" % screen.title)
    if screen.cursor.y != expected_lines or screen.line_feeds != expected_lines:
        problems.append("%d lines written but the cursor is on row %d: a line wrapped" % (expected_lines, screen.cursor.y))
    for row in range(expected_lines):
        if screen.display[row] != screen.display[row][:width]:
            problems.append("row %d is wider than the screen" % row)
    problems += backgrounds_without_foreground(screen, expected_lines)
    return problems


def backgrounds_without_foreground(screen, rows):
    """Cells on a background we set in the terminal's own foreground, which may be the same colour."""
    cells = [(row, column) for row in range(rows) for column, char in screen.buffer[row].items()
             if char.bg != "default" and char.fg == "default"]
    if not cells:
        return []
    return ["%d cells have a background but the terminal's foreground (first at row %d, column %d)" % (len(cells), *cells[0])]


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary, directory = sys.argv[1], sys.argv[2]
    samples = sorted(os.path.join(directory, name) for name in os.listdir(directory)
                     if name.endswith((".json", ".ndjson")))
    passed = failed = 0
    # The checker itself must catch what it looks for: a control page of bad outputs.
    bad = {
        "title": "\x1b]0;pwned\x07hello\n", "erase": "a\x1b[2Jb\n", "moved": "a\x1b[1Ab\n",
        "too wide": "x" * 41 + "\n", "wide CJK": "漢" * 21 + "\n", "carriage return": "abc\rX\n",
    }
    for name, text in bad.items():
        if check_text(text, 40):
            passed += 1
        else:
            failed += 1
            print("FAIL the checker missed a bad output: %s" % name)
    if check_text("\x1b[1;31mok\x1b[0m \x1b]8;;https://example.org\x1b\\link\x1b]8;;\x1b\\\n" + "y" * 40 + "\n", 40):
        failed += 1
        print("FAIL the checker refused good output")
    else:
        passed += 1
    if check_text("\x1b[48;5;236mcode\x1b[0m\n", 40):
        passed += 1
    else:
        failed += 1
        print("FAIL the checker missed a background without a foreground")
    # Every sample, and one with the reader's own messages on the right.
    runs = [(sample, ()) for sample in samples] + [(os.path.join(directory, "launch-room.json"), ("--me", "maya"))]
    for sample, extra in runs:
        for width in WIDTHS:
            problems = check(binary, sample, width, extra)
            if problems:
                failed += 1
                for problem in problems:
                    print("FAIL %s %s at %d columns: %s" % (os.path.basename(sample), " ".join(extra), width, problem))
            else:
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
