#!/usr/bin/env python3
"""A slow terminal for tests: runs a command on a pseudo-terminal of its own, between it and
the terminal this runs in (a tmux pane), and passes every byte on, but delays what goes to the
command by DELAY seconds, as a slow SSH link does. The outer terminal's answers to a query
(OSC 11, DA1) and the keys typed thus come late; the command's output goes out at once.

With DELAY `mute:SECONDS`, the answers (input that starts with ESC) that come in the first
SECONDS are dropped instead, as from a terminal that answers nothing; keys pass at once.

Usage: slow_terminal.py DELAY command [argument...]. Exits with the command's status.
"""

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time
import tty


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: slow_terminal.py DELAY command [argument...]")
    mute = float(sys.argv[1][5:]) if sys.argv[1].startswith("mute:") else 0.0
    delay = 0.0 if mute else float(sys.argv[1])
    started = time.monotonic()
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    pid, master = pty.fork()
    if pid == 0:
        # The child's terminal is as large as the outer one.
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(sys.argv[2], sys.argv[2:])
    saved = termios.tcgetattr(0)
    tty.setraw(0)
    pending = []  # (time due, bytes) on their way to the command
    status = None
    try:
        while status is None:
            now = time.monotonic()
            while pending and pending[0][0] <= now:
                os.write(master, pending.pop(0)[1])
            timeout = max(0.0, pending[0][0] - now) if pending else 0.05
            readable, _, _ = select.select([0, master], [], [], min(timeout, 0.05))
            if 0 in readable:
                data = os.read(0, 1024)
                if data and not (data.startswith(b"\x1b") and time.monotonic() - started < mute):
                    pending.append((time.monotonic() + delay, data))
            if master in readable:
                try:
                    data = os.read(master, 4096)
                except OSError:
                    data = b""
                if data:
                    os.write(1, data)
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
        # What the command wrote last.
        while select.select([master], [], [], 0.1)[0]:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            os.write(1, data)
    finally:
        termios.tcsetattr(0, termios.TCSADRAIN, saved)
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
