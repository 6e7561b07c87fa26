#!/usr/bin/env python3
"""Drives `scrollback view` and `render --format ansi` in a real terminal (tmux) and checks how
they behave with a pager and on interrupt:

- SIGTERM while less runs makes scrollback wait for less, then end by the signal;
- Ctrl-C while less shows a transcript still being rendered leaves no `less` behind, and the
  shell gets its prompt back once less is quit;
- without a UTF-8 locale (LANG unset), and with a UTF-8 locale that is not installed
  (`en_US.UTF-8` on a machine with only `C.utf8`), less shows box characters, not `<E2><94><80>`;
- with the user's own LESS=-i, less still shows colours, not raw `ESC[` text;
- warnings about skipped messages are shown after the pager exits, not behind it;
- a pager that cannot be started is said on standard error, and the text is printed;
- Ctrl-C during `render --format ansi` to the terminal writes an SGR reset and closes OSC 8
  (raw bytes captured with tmux pipe-pane);
- Ctrl-\\ (SIGQUIT) during `render --format ansi` and `view --no-pager` resets as Ctrl-C does;
- a pager command with quotes (`less --prompt="a b"`) runs through sh: the prompt shows;
- `view` without a file while standard input is the terminal is a usage error, not a wait;
- through a slow terminal (slow_terminal.py delays the answers by 0.3, 1.5 and 3 s), the
  answers to OSC 11 and DA1 never reach less as keys: its first screen is unshifted, its
  prompt plain, and q quits; through one that answers nothing, less starts after the
  question's deadline, clean, and the way to skip the question is said;
- `--appearance auto` reads tmux's answer to OSC 11;
- `--navigate` keeps the first screen at the top and makes n jump between day separators, and
  never stops at a name, a title or a text drawn like one;
- after n and N under `--navigate`, no divider is left with less's reverse-video search
  highlight (tmux capture-pane -e shows SGR 7).

Usage: pager_test.py path/to/scrollback. Exits non-zero when a check fails.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SOCKET = f"scrollback-pager-test-{os.getpid()}"
failures = []


def tmux(*arguments, check=True):
    for attempt in range(5):
        result = subprocess.run(["tmux", "-L", SOCKET, *arguments], capture_output=True, text=True)
        # A server whose last session just closed may still be exiting when the next
        # new-session reaches it: that command is refused, and a new server starts on a retry.
        if "server exited unexpectedly" not in result.stderr:
            break
        time.sleep(0.2 * (attempt + 1))
    if check and result.returncode != 0:
        raise RuntimeError(f"tmux {' '.join(arguments)}: {result.stderr}")
    return result.stdout


class Pane:
    """A tmux session running a plain bash at 80x24, UTF-8 forced on tmux's side (-u)."""

    def __init__(self, name, environment):
        self.name = name
        command = "env -i " + " ".join(f"{key}='{value}'" for key, value in environment.items())
        command += " bash --norc --noprofile"
        tmux("-u", "new-session", "-d", "-s", name, "-x", "80", "-y", "24", command)
        tmux("set-option", "-t", name, "status", "off")
        self.tty = tmux("display-message", "-p", "-t", name, "#{pane_tty}").strip()
        self.send("PS1='$ '", enter=True)
        time.sleep(0.2)

    def send(self, keys, enter=False, literal=True):
        arguments = ["send-keys", "-t", self.name]
        if literal:
            arguments.append("-l")
        tmux(*arguments, keys)
        if enter:
            tmux("send-keys", "-t", self.name, "Enter")

    def key(self, name):
        tmux("send-keys", "-t", self.name, name)

    def jumps(self, count):
        """Presses n `count` times in less; the top line of the screen after each."""
        tops = []
        for _ in range(count):
            self.send("n")
            time.sleep(0.4)
            tops.append(self.screen().splitlines()[0])
        return tops

    def screen(self):
        return tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, text, timeout=15):
        end = time.time() + timeout
        while time.time() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        return None

    def processes(self, name):
        """PIDs and parent PIDs of processes called `name` on this pane's terminal."""
        output = subprocess.run(
            ["ps", "-t", self.tty, "-o", "pid=,ppid=,comm="], capture_output=True, text=True
        ).stdout
        rows = [line.split() for line in output.splitlines()]
        return [(int(row[0]), int(row[1])) for row in rows if len(row) == 3 and row[2] == name]

    def close(self):
        tmux("kill-session", "-t", self.name, check=False)


def expect(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def tall_transcript(directory, count, links=False):
    """`count` messages over several days: many screens tall, slow enough to render to be
    interrupted half-way in a debug build; with `links`, each text ends in a link."""
    messages = []
    for index in range(count):
        day = 1 + index * 10 // count
        # Ten days, each message later than the one before it (a file out of order is reported).
        minute = index - (day - 1) * count // 10
        messages.append(
            {
                "id": f"m{index}",
                "type": "regular",
                "text": f"Message number {index}: the quick brown fox jumps over the lazy dog. ─ ✓"
                + (f" [page {index}](https://example.org/{index})" if links else ""),
                "created_at": f"2026-03-{day:02d}T{minute // 3600 % 24:02d}:{minute // 60 % 60:02d}:{minute % 60:02d}Z",
                "user": {"id": f"u{index % 3}", "name": ["Maya Okafor", "Sam Rivera", "Jordan Blake"][index % 3]},
            }
        )
    path = os.path.join(directory, f"tall-{count}{'-links' if links else ''}.json")
    with open(path, "w") as file:
        json.dump({"channel": {"id": "c", "name": "Tall room"}, "messages": messages}, file)
    return path


def divider_lookalikes(directory):
    """Three days of messages whose author, channel and texts are drawn like dividers
    (`──── Friday ────`, `━━ general ━━`): none of them may be a stop of --navigate."""
    messages = []
    for index in range(90):
        day = 1 + index // 30
        fake = index % 3 == 1
        messages.append(
            {
                "id": f"f{index}",
                "text": "━━ FAKE channel ━━━━━━━━" if fake else f"message {index}",
                "created_at": f"2026-03-{day:02d}T09:{index % 30:02d}:00Z",
                "user": {"id": f"u{index % 2}", "name": "──── FAKE Friday ────" if index % 2 else "Sam Rivera"},
            }
        )
    path = os.path.join(directory, "lookalikes.json")
    with open(path, "w") as file:
        json.dump({"channel": {"id": "c", "name": "━━ FAKE title ━━━━"}, "messages": messages}, file)
    return path


def with_skipped_message(directory):
    """Sixty messages and one that is not a message (skipped with a warning)."""
    messages = [
        {"id": f"w{i}", "text": f"line {i}", "created_at": "2026-03-09T08:00:00Z", "user": {"id": "u"}}
        for i in range(60)
    ]
    path = os.path.join(directory, "skipped.json")
    with open(path, "w") as file:
        json.dump(messages + ["not a message"], file)
    return path


def navigation_leaves_no_highlight(tool, base, small):
    """n and N under --navigate still go from day to day, and less highlights no divider: the
    search matches only the zero-width mark, so no cell is in reverse video (SGR 7)."""
    pane = Pane("highlight", base)
    pane.send(f"{tool} view --navigate {small}", enter=True)
    pane.wait_for("Tall room")
    forward = pane.jumps(3)
    pane.send("N")
    time.sleep(0.4)
    back = pane.screen().splitlines()[0]
    styled = tmux("capture-pane", "-e", "-p", "-t", pane.name)
    reverse = re.findall(r"\x1b\[[0-9;]*m", styled)
    reverse = [sequence for sequence in reverse if "7" in sequence[2:-1].split(";")]
    expect(
        all(line.startswith("──") for line in forward) and len(set(forward)) == 3 and back == forward[1],
        f"--navigate: n and N jump between days ({forward}, back to {back!r})",
    )
    expect(reverse == [], f"--navigate: no reverse-video search highlight left on the screen ({reverse})")
    pane.send("q")
    pane.close()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: pager_test.py path/to/scrollback")
    tool = os.path.abspath(sys.argv[1])
    if not shutil.which("tmux") or not shutil.which("less"):
        sys.exit("pager_test.py needs tmux and less")
    directory = tempfile.mkdtemp(prefix="scrollback-pager-test-")
    base = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": directory,
        "TERM": "xterm-256color",
        "TZ": "UTC",
        "LANG": "C.UTF-8",
    }
    tall = tall_transcript(directory, 30000)
    linked = tall_transcript(directory, 30000, links=True)
    small = tall_transcript(directory, 200)
    skipped = with_skipped_message(directory)
    lookalikes = divider_lookalikes(directory)
    started = time.time()
    try:
        # 1. Ctrl-C while less shows a transcript still being rendered.
        pane = Pane("interrupt", base)
        pane.send(f"{tool} view {tall}; echo E\"\"XIT:$?", enter=True)
        expect(pane.wait_for("Tall room") is not None, "view: less shows the first screen while rendering")
        pane.key("C-c")
        time.sleep(0.8)
        lesses = pane.processes("less")
        writers = [pid for pid, _ in pane.processes("scrollback")]
        expect(
            len(lesses) == 1 and lesses[0][1] in writers,
            f"Ctrl-C: less still runs under scrollback, which waits for it (less: {lesses}, scrollback: {writers})",
        )
        pane.send("q")
        screen = pane.wait_for("EXIT:", timeout=20)
        expect(screen is not None and "EXIT:0" in screen, "Ctrl-C then q: scrollback ends, status 0")
        time.sleep(0.3)
        expect(pane.processes("less") == [], "Ctrl-C then q: no less left on the terminal")
        pane.send("echo typed-$((6*7))", enter=True)
        expect(pane.wait_for("typed-42") is not None, "Ctrl-C then q: the shell reads keys again")
        pane.close()

        # 1a. SIGTERM while less runs: scrollback waits for less (as git does), then ends by it.
        pane = Pane("terminate", base)
        pane.send(f"{tool} view {tall}; echo E\"\"XIT:$?", enter=True)
        pane.wait_for("Tall room")
        writers = [pid for pid, _ in pane.processes("scrollback")]
        if writers:
            os.kill(writers[0], 15)
        time.sleep(0.8)
        lesses = pane.processes("less")
        expect(len(lesses) == 1 and lesses[0][1] in writers, f"SIGTERM: less keeps its parent, which waits ({lesses})")
        pane.send("q")
        screen = pane.wait_for("EXIT:")
        expect(screen is not None and "EXIT:143" in screen, "SIGTERM then q: scrollback ends by the signal (143)")
        expect(pane.processes("less") == [], "SIGTERM then q: no less left")
        pane.close()

        # 1b. --navigate: the first screen is the top, n goes to the next day separator.
        pane = Pane("navigate", base)
        pane.send(f"{tool} view --navigate {small}", enter=True)
        screen = pane.wait_for("Tall room")
        expect(screen is not None and screen.splitlines()[0].startswith("Tall room"), "--navigate: the first screen is the top")
        jumps = pane.jumps(3)
        expect(
            all(line.startswith("──") for line in jumps) and len(set(jumps)) == 3,
            f"--navigate: n jumps from separator to separator ({jumps})",
        )
        pane.send("q")
        pane.close()

        # 1c. --navigate stops only at Scrollback's own dividers, never at a name or a title
        # drawn like one (each starts its line with `──` or `━━` too).
        pane = Pane("lookalikes", base)
        pane.send(f"{tool} view --navigate {lookalikes}", enter=True)
        pane.wait_for("FAKE title")
        jumps = pane.jumps(4)
        expect(
            all(line.startswith("──") and "FAKE" not in line for line in jumps) and len(set(jumps)) >= 3,
            f"--navigate: n skips names and titles drawn like dividers ({jumps})",
        )
        pane.send("q")
        pane.close()

        # 1d. --navigate leaves no search highlight on the dividers.
        navigation_leaves_no_highlight(tool, base, small)

        # 2. No UTF-8 locale: LESSCHARSET=utf-8 is set for less.
        environment = dict(base)
        del environment["LANG"]
        pane = Pane("charset", environment)
        pane.send(f"{tool} view {small}", enter=True)
        screen = pane.wait_for("Tall room")
        expect(screen is not None and "<E2>" not in screen and "─" in screen, "LANG unset: less shows box characters")
        pane.send("q")
        pane.close()

        # 2b. A UTF-8 locale that is named but not installed: less's setlocale() falls back to
        # ASCII whatever the name says, so LESSCHARSET=utf-8 is still needed.
        installed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower().split()
        missing = next(name for name in ["en_US.UTF-8", "tlh_XX.UTF-8"] if name.lower().replace("-", "") not in installed)
        pane = Pane("charset-missing", dict(base, LANG=missing))
        pane.send(f"{tool} view {small}", enter=True)
        screen = pane.wait_for("Tall room")
        expect(
            screen is not None and "<E2>" not in screen and "─" in screen,
            f"LANG={missing} (not installed): less shows box characters",
        )
        pane.send("q")
        pane.close()

        # 3. The user's LESS without R: -R is added.
        pane = Pane("less-i", dict(base, LESS="-i"))
        pane.send(f"{tool} view {small}", enter=True)
        screen = pane.wait_for("Tall room")
        expect(screen is not None and "ESC[" not in screen, "LESS=-i: colours, no raw ESC[ text")
        pane.send("q")
        pane.close()

        # 4. Warnings wait until the pager is done.
        pane = Pane("warnings", base)
        pane.send(f"{tool} view {skipped}; echo E\"\"XIT:$?", enter=True)
        screen = pane.wait_for("line 1")
        expect(screen is not None and "warning:" not in screen, "warnings: not shown behind the pager")
        pane.send("q")
        screen = pane.wait_for("EXIT:")
        expect(screen is not None and "warning:" in screen and "skipped" in screen, "warnings: shown after the pager exits")
        pane.close()

        # 5. A pager that cannot start: said on standard error (kept in a file), text printed.
        pane = Pane("bad-pager", dict(base, SCROLLBACK_PAGER="/no/such/pager"))
        pane.send(f"{tool} view {small} 2>{directory}/errors; echo D\"\"ONE", enter=True)
        screen = pane.wait_for("DONE")
        expect(screen is not None and "Message number 199" in screen, "unusable pager: the text is printed")
        with open(f"{directory}/errors") as file:
            errors = file.read()
        expect(
            "cannot run pager '/no/such/pager'" in errors and "printing directly" in errors,
            f"unusable pager: said on stderr ({errors.strip()!r})",
        )
        pane.close()

        # 6. Ctrl-C during render --format ansi: SGR reset and OSC 8 closed.
        pane = Pane("reset", base)
        raw = f"{directory}/raw"
        tmux("pipe-pane", "-t", "reset", "-o", f"cat >> {raw}")
        pane.send(f"{tool} render --format ansi --color always --hyperlinks always {tall}", enter=True)
        pane.wait_for("Message number")
        pane.key("C-c")
        # bash drops the rest of a line whose command died of SIGINT: the status comes next.
        time.sleep(0.5)
        pane.send('echo E""XIT:$?', enter=True)
        pane.wait_for("EXIT:")
        time.sleep(0.3)
        with open(raw, "rb") as file:
            data = file.read()
        cut = data.rfind(b"EXIT:")
        expect(cut > 0 and data[cut:].startswith(b"EXIT:130"), f"render interrupted: status 130 ({data[cut:cut + 9]!r})")
        tail = data[:cut]
        reset = b"\x18\x1b[0m\x1b]8;;\x1b\\"
        expect(reset in tail[-4096:], "render interrupted: SGR reset and OSC 8 end written")
        pane.close()

        # 6b. Ctrl-\ (SIGQUIT) during render --format ansi and view --no-pager: the same reset
        # as for Ctrl-C, so that neither a colour nor a link reaches the shell's prompt.
        for name, command in [
            ("quit-render", f"{tool} render --format ansi --color always --hyperlinks always {linked}"),
            ("quit-view", f"{tool} view --no-pager --color always --hyperlinks always {linked}"),
        ]:
            pane = Pane(name, base)
            # SIGQUIT's default action dumps core: not into the working directory.
            pane.send("ulimit -c 0", enter=True)
            raw = f"{directory}/raw-{name}"
            tmux("pipe-pane", "-t", name, "-o", f"cat >> {raw}")
            pane.send(command, enter=True)
            pane.wait_for("Message number")
            pane.key("C-\\")
            time.sleep(0.8)
            # Not the Swift runtime's crash report, which takes SIGQUIT unless told otherwise.
            expect("Backtrace" not in pane.screen() and "Crash" not in pane.screen(), f"{name}: Ctrl-\\ shows no backtrace")
            pane.send('echo E""XIT:$?', enter=True)
            pane.wait_for("EXIT:")
            time.sleep(0.3)
            with open(raw, "rb") as file:
                data = file.read()
            cut = data.rfind(b"EXIT:")
            expect(cut > 0 and data[cut:].startswith(b"EXIT:131"), f"{name}: Ctrl-\\ ends it, status 131 ({data[cut:cut + 9]!r})")
            tail = data[:cut]
            colours = re.findall(rb"\x1b\[[0-9;]*m", tail)
            links = re.findall(rb"\x1b\]8;[^\x1b\x07]*;[^\x1b\x07]*(?:\x1b\\|\x07)", tail)
            expect(
                b"\x18\x1b[0m\x1b]8;;\x1b\\" in tail[-4096:]
                and bool(colours) and colours[-1] == b"\x1b[0m" and bool(links) and links[-1] == b"\x1b]8;;\x1b\\",
                f"{name}: after Ctrl-\\ the last colour is a reset and the last link is closed "
                f"({colours[-1:]!r}, {links[-1:]!r})",
            )
            pane.close()

        # 6c. A pager command with quotes runs through sh, as git runs it: the quoted prompt is
        # one argument, and less still gets the transcript and -R.
        pane = Pane("quoted", dict(base, SCROLLBACK_PAGER='less --prompt="quoted prompt shows"'))
        pane.send(f"{tool} view {small}; echo E\"\"XIT:$?", enter=True)
        screen = pane.wait_for("Tall room")
        time.sleep(0.3)
        screen = pane.screen()
        lines = screen.rstrip("\n").splitlines()
        expect(
            screen is not None and lines[0].startswith("Tall room") and lines[-1].strip() == "quoted prompt shows",
            f"quoted pager prompt: less shows the transcript and the prompt ({lines[:1]}, {lines[-1:]})",
        )
        expect("ESC[" not in screen, "quoted pager prompt: colours, no raw ESC[ text")
        pane.send("q")
        screen = pane.wait_for("EXIT:")
        expect(screen is not None and "EXIT:0" in screen, "quoted pager prompt: q quits, status 0")
        pane.close()

        # 6d. view with no file while standard input is the terminal: an error at once, not a
        # wait for keys.
        pane = Pane("no-file", base)
        pane.send(f"{tool} view; echo E\"\"XIT:$?", enter=True)
        screen = pane.wait_for("EXIT:", timeout=5)
        expect(
            screen is not None and "EXIT:64" in screen and "needs a file" in screen,
            f"view without a file on a terminal: usage error ({screen and screen.strip().splitlines()[-3:]})",
        )
        pane.close()

        # 6e. A slow terminal (a link slower than the question's old 100 ms): the answers to
        # OSC 11 and DA1 come late, yet never reach less as keys. Without this, less scrolled
        # sideways and sat in a `/f0f0/…` search that q does not quit.
        proxy = os.path.join(os.path.dirname(os.path.abspath(__file__)), "slow_terminal.py")
        for delay in [0.3, 1.5, 3.0]:
            name = f"slow-{delay}".replace(".", "-")
            pane = Pane(name, base)
            tmux("set-option", "-p", "-t", name, "window-style", "bg=#f0f0f0")
            pane.send(f"python3 {proxy} {delay} sh -c '{tool} view {small}; echo E\"\"XIT:$?'", enter=True)
            screen = pane.wait_for("Tall room", timeout=15 + delay)
            # Long enough for any answer to have come, to less if it was to.
            time.sleep(delay + 1.5)
            screen = pane.screen()
            lines = screen.rstrip("\n").splitlines()
            expect(
                bool(lines) and lines[0].startswith("Tall room") and lines[-1] == ":"
                and not any(text in screen for text in ["f0f0", "rgb", "11;", "?1;2"]),
                f"slow terminal ({delay} s): less shows the first screen, unshifted, its prompt ':' "
                f"({lines[:1]}, {lines[-1:]})",
            )
            pane.send("q")
            screen = pane.wait_for("EXIT:", timeout=delay + 5)
            expect(screen is not None and "EXIT:0" in screen, f"slow terminal ({delay} s): q quits less, status 0")
            pane.send("echo typed-$((6*7))", enter=True)
            expect(pane.wait_for("typed-42", timeout=delay + 5) is not None, f"slow terminal ({delay} s): the shell reads keys again")
            pane.close()

        # 6f. A terminal that answers nothing: the question gives up after its deadline, says
        # how to skip it, and less still starts clean.
        pane = Pane("mute", base)
        pane.send(f"python3 {proxy} mute:7 sh -c '{tool} view {small} 2>{directory}/mute-errors; echo E\"\"XIT:$?'", enter=True)
        began = time.time()
        screen = pane.wait_for("Tall room", timeout=20)
        waited = time.time() - began
        time.sleep(max(0.0, 7.5 - waited))
        lines = pane.screen().rstrip("\n").splitlines()
        expect(
            screen is not None and 4.5 < waited < 9 and lines[0].startswith("Tall room") and lines[-1] == ":",
            f"mute terminal: less starts after the deadline ({waited:.1f} s), its first screen clean ({lines[:1]}, {lines[-1:]})",
        )
        pane.send("q")
        screen = pane.wait_for("EXIT:", timeout=5)
        expect(screen is not None and "EXIT:0" in screen, "mute terminal: q quits, status 0")
        with open(f"{directory}/mute-errors") as file:
            errors = file.read()
        expect("did not answer" in errors and "SCROLLBACK_APPEARANCE" in errors, f"mute terminal: said how to skip the question ({errors.strip()!r})")
        pane.close()

        # 6g. Ctrl-C while the question waits ends scrollback (130), the terminal's mode
        # restored: echo and line editing on again.
        pane = Pane("mute-interrupt", base)
        script = os.path.join(directory, "then-mode.sh")
        with open(script, "w") as file:
            file.write('"$@"\necho "EXIT:$?"\n')
            file.write('for flag in echo icanon isig; do stty -a | tr " ;" "\\n\\n" | grep -x -e "$flag" -e "-$flag"; done | tr "\\n" " "\n')
            file.write("echo\n")
        pane.send(f"python3 {proxy} mute:9 sh {script} {tool} view {small}", enter=True)
        time.sleep(1.5)
        began = time.time()
        pane.key("C-c")
        screen = pane.wait_for("EXIT:", timeout=5)
        time.sleep(0.3)
        screen = pane.screen()
        expect(
            screen is not None and "EXIT:130" in screen and time.time() - began < 3,
            f"Ctrl-C during the question: scrollback ends at once, status 130 ({screen and screen.strip().splitlines()[-2:]})",
        )
        expect(
            screen is not None and re.search(r"(^|[^-])echo icanon isig", screen) is not None,
            f"Ctrl-C during the question: the terminal's mode is restored ({screen and screen.strip().splitlines()[-2:]})",
        )
        pane.close()

        # 7. --appearance auto asks the terminal: tmux answers OSC 11 with the pane's background.
        pane = Pane("appearance", base)
        tmux("set-option", "-p", "-t", "appearance", "window-style", "bg=#f0f0f0")
        colours = {}
        for choice in ["light", "dark", "auto"]:
            raw = f"{directory}/raw-{choice}"
            tmux("pipe-pane", "-t", "appearance", "-o", f"cat >> {raw}")
            pane.send(f"{tool} render --format ansi --color always -w 40 --appearance {choice} {small}; echo D\"\"ONE", enter=True)
            pane.wait_for("DONE")
            time.sleep(0.2)
            tmux("pipe-pane", "-t", "appearance")
            with open(raw, "rb") as file:
                colours[choice] = set(re.findall(rb"\x1b\[[0-9;]*m", file.read()))
            pane.send("clear", enter=True)
            time.sleep(0.2)
        # The input piped in: the question still goes to the terminal (/dev/tty), not to stdin.
        raw = f"{directory}/raw-piped"
        tmux("pipe-pane", "-t", "appearance", "-o", f"cat >> {raw}")
        pane.send(f"cat {small} | {tool} render - --format ansi --color always -w 40 --appearance auto; echo D\"\"ONE", enter=True)
        pane.wait_for("DONE")
        time.sleep(0.2)
        tmux("pipe-pane", "-t", "appearance")
        with open(raw, "rb") as file:
            colours["piped"] = set(re.findall(rb"\x1b\[[0-9;]*m", file.read()))
        expect(colours["light"] != colours["dark"], "appearance: light and dark differ")
        expect(colours["auto"] == colours["light"], "appearance auto on a light tmux pane: the light colours")
        expect(colours["piped"] == colours["light"], "appearance auto with the input piped in: the light colours")
        pane.close()
    finally:
        tmux("kill-server", check=False)
        shutil.rmtree(directory, ignore_errors=True)
    print(f"{len(failures)} failure(s) in {time.time() - started:.1f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
