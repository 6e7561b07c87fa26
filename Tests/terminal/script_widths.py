#!/usr/bin/env python3
"""Checks in a real terminal (tmux) that text in the world's scripts takes the columns the
layout gave it: a transcript made here, with messages in Devanagari, Bengali, Tamil, Telugu,
Sinhala, Thai, Khmer, Myanmar, Hangul (syllables, conjoining jamo and the fillers), Japanese,
Chinese, Arabic, Hebrew, Greek and Cyrillic with combining marks, Latin with combining
accents and emoji, with tabs (in a code block and a paragraph) and the separators U+2028 and
U+2029, rendered at 40, 60, 80 and 120 columns in both styles.

Two ways for each width and style:

- `render --format ansi`, played into a pane one line at a time, tmux asked where its cursor
  stands after each line (check_borders.py's probe): every bubble's right border stands in
  one column and no line (a compact line included) ends past the width;
- `view --no-pager` run in a pane exactly that wide, which it measures itself, read back with
  `capture-pane`: the screen holds the same lines as the output (a line one column too wide
  would wrap onto a row of its own), and each bubble's right border stands in one column as
  tmux counts them (glibc's `wcwidth`, code point by code point, as tmux does).

The text holds only characters of Unicode 14 and older: glibc 2.36, and so tmux here, knows
no later ones and draws nothing for them.

Usage: script_widths.py SCROLLBACK_BINARY
Prints one line per failure and `N passed, M failed`; exits 1 when anything failed.
"""
import ctypes
import json
import locale
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_borders  # noqa: E402

WIDTHS = (40, 60, 80, 120)
STYLES = ("bubbles", "compact")

# One message per script: a greeting, then a sentence long enough to wrap at 40 columns.
MESSAGES = [
    ("Devanagari", "नमस्ते क्षत्रिय! हिन्दी में संयुक्ताक्षर जैसे क्ष, त्र, ज्ञ और श्र बहुत आम हैं। प्रत्येक शब्द सही चौड़ाई में दिखना चाहिए।"),
    ("Bengali", "নমস্কার! বাংলা ভাষায় যুক্তাক্ষর যেমন ক্ষ, ন্ত, স্ত্র খুব সাধারণ। আমি তোমাকে ভালোবাসি, কেমন আছেন?"),
    ("Tamil", "வணக்கம்! தமிழ் மொழியில் கூட்டெழுத்துக்கள் உள்ளன. எப்படி இருக்கிறீர்கள்? நன்றி, மீண்டும் சந்திப்போம்."),
    ("Telugu", "నమస్కారం! తెలుగు భాషలో సంయుక్తాక్షరాలు ఉన్నాయి. మీరు ఎలా ఉన్నారు? శ్రీ క్ష్మ్య స్త్రీ"),
    # Sinhala's ශ්‍රී holds a ZWJ, after which tmux 3.3a joins the next letter to the cell before
    # (other terminals do not): the bubble's line is drawn without its right border.
    ("Sinhala", "ආයුබෝවන්! ශ්‍රී ලංකාව ලස්සන රටක්. සිංහල භාෂාවේ ක්‍ෂ සහ ද්‍ය වැනි බැඳි අකුරු ඇත."),
    ("Thai", "สวัสดีครับ ภาษาไทยมีสระและวรรณยุกต์ซ้อนกัน เช่น น้ำ ที่ กำลัง ทำ จำ นั่น ปั้น ผู้ใหญ่ ขอบคุณมากครับ"),
    ("Khmer", "សួស្តី! ភាសាខ្មែរមានជើងអក្សរ អ្នកសុខសប្បាយទេ? ខ្ញុំស្រឡាញ់ប្រទេសកម្ពុជា ព្រះរាជាណាចក្រ"),
    ("Myanmar", "မင်္ဂလာပါ! မြန်မာဘာသာ နေကောင်းလား? ကျေးဇူးတင်ပါတယ် မြို့ ကြည့် ချစ်"),
    ("Hangul", "안녕하세요! 한국어 텍스트입니다. 옛한글 \u1100\u1161\u11a8 \u1112\u1161\u11ab\u1100\u1173\u11af, "
     "채움 문자 \u115f\u1161 \u115f\u1160 x\u3164y z\uffa0w, 호환 자모 ㄱㄴㄷㅏㅑ"),
    ("Japanese", "こんにちは！日本語のテキスト、カタカナとひらがな。「お元気ですか」と言いました。ｶﾀｶﾅ半角も。"),
    ("Chinese", "你好！这是一段中文文本，包括标点符号。这是一个很长的句子，用来检查换行是否正确、边框是否对齐。"),
    ("Arabic", "مرحبا بالعالم! هذه رسالة عربية مع تشكيل: مُحَمَّدٌ وَعَلِيٌّ، والرقم \u0600١٢٣ وعلامة \u06dd١"),
    ("Hebrew", "שָׁלוֹם עוֹלָם! זוהי הודעה בעברית עם ניקוד: בְּרֵאשִׁית בָּרָא אֱלֹהִים"),
    ("Greek", "Καλημέρα! Ἀθῆναι, ᾠδή, α\u0301λφα, ο\u0308\u0301, πολυτονικό κείμενο με συνδυαστικά σημάδια."),
    ("Cyrillic", "Привет! И\u0306ошкар-Ола, е\u0308лка, у\u0301же, ударе\u0301ние, Ё и Й, рус\u0336\u0336ский."),
    ("Latin", "Cafe\u0301, n\u0303, a\u0308\u0323, Z\u0335\u0321\u034d\u0317 zalgo, ﬁ ligature, soft\u00adhyphen, zero\u200bwidth."),
    ("Emoji", "emoji 😀 🎉 👍 🚀 🇯🇵 🇫🇷 🔥 ok, then ♥ ☺ ✓ and 한 中 あ mixed with नमस्ते."),
    ("Tabs", "a\tb\tc\nname\tक्षत्रिय\tx\n```\nkey\tvalue\tnote\nनमस्ते\t1\tक्ष\n한국어\t22\t333\n\t\tindented\n```"),
    ("Separators", "first line\u2028second line\u2029third paragraph, then a long tail of words to wrap here."),
]


def transcript(path):
    """Writes the transcript: one message per script, each by its own author."""
    messages = []
    for number, (script, text) in enumerate(MESSAGES):
        messages.append({
            "id": str(number), "text": text, "user": {"id": script.lower(), "name": script},
            "created_at": f"2026-03-09T09:{number:02d}:00Z"})
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"channel": {"id": "c", "name": "scripts"}, "messages": messages}, file, ensure_ascii=False)


locale.setlocale(locale.LC_ALL, "C.UTF-8")
_wcwidth = ctypes.CDLL(None).wcwidth
_wcwidth.argtypes = [ctypes.c_wchar]


def columns(text):
    """The columns tmux gives `text`: glibc's wcwidth, code point by code point."""
    return sum(max(_wcwidth(character), 0) for character in text)


def capture_view(binary, path, width, style, workdir):
    """`view --no-pager` in a pane `width` columns wide: the rows it left on the screen."""
    server = f"scrollback-scripts-{os.getpid()}"
    config = os.path.join(workdir, "tmux.conf")
    with open(config, "w") as file:
        file.write("set -g history-limit 20000\n")
    marker = "--end-of-view--"
    command = (f"{binary} view --no-pager --color never --hyperlinks never --timezone UTC --locale en_US "
               f"--style {style} {path}; echo {marker}; sleep 60")
    for attempt in range(5):
        started = subprocess.run(
            ["tmux", "-L", server, "-f", config, "new-session", "-d", "-x", str(width), "-y", "40",
             "env", "LANG=C.UTF-8", "sh", "-c", command],
            capture_output=True, env=dict(os.environ, LANG="C.UTF-8"))
        if b"server exited unexpectedly" not in started.stderr:
            break
        time.sleep(0.2 * (attempt + 1))
    if started.returncode != 0:
        raise RuntimeError(f"tmux new-session: {started.stderr.decode(errors='replace')[:200]}")
    try:
        deadline = time.monotonic() + 60
        while True:
            screen = subprocess.run(
                ["tmux", "-L", server, "capture-pane", "-p", "-S", "-", "-E", "-"],
                capture_output=True, env=dict(os.environ, LANG="C.UTF-8")).stdout.decode("utf-8")
            if marker in screen.split("\n"):
                break
            if time.monotonic() > deadline:
                raise RuntimeError("view did not finish in tmux")
            time.sleep(0.1)
    finally:
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True)
    rows = screen.split("\n")
    return rows[:rows.index(marker)]


def check_view(binary, path, width, style, workdir):
    """The failures of `view --no-pager` at `width` columns in tmux."""
    expected = subprocess.run(
        [binary, "view", "--no-pager", "--color", "never", "--hyperlinks", "never", "--timezone", "UTC",
         "--locale", "en_US", "--style", style, "--width", str(width), path],
        capture_output=True, timeout=120, env=dict(os.environ, LANG="C.UTF-8"))
    if expected.returncode != 0:
        return [f"exit status {expected.returncode}: {expected.stderr.decode(errors='replace')[:200]}"]
    lines = [line.rstrip() for line in expected.stdout.decode("utf-8").rstrip("\n").split("\n")]
    try:
        rows = [row.rstrip() for row in capture_view(binary, path, width, style, workdir)]
    except RuntimeError as error:
        return [str(error)]
    failures = []
    if rows != lines:
        # A line too wide for the pane wraps onto a row of its own: the first row that differs.
        for number, (row, line) in enumerate(zip(rows + [""] * len(lines), lines)):
            if row != line:
                failures.append(f"screen row {number + 1} is {row[:60]!r}, the output's line {line[:60]!r}")
                break
    for number, row in enumerate(rows):
        if columns(row) > width:
            failures.append(f"screen row {number + 1} is {columns(row)} columns wide, past {width}")
    for group in check_borders.bubbles(rows):
        ends = {columns(rows[number].rstrip()) for number in group}
        if len(ends) > 1:
            failures.append(f"bubble at screen row {group[0] + 1}: right borders in columns {sorted(ends)}")
    return failures


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    if shutil.which("tmux") is None:
        sys.exit("script_widths.py: tmux is not installed")
    binary = os.path.abspath(sys.argv[1])
    passed = failed = 0
    with tempfile.TemporaryDirectory() as workdir:
        path = os.path.join(workdir, "scripts.json")
        transcript(path)
        for style in STYLES:
            for width in WIDTHS:
                for way, failures in (
                    ("render", check_borders.check(binary, path, width, workdir, ("--style", style))),
                    ("view", check_view(binary, path, width, style, workdir)),
                ):
                    if check_borders.report(f"{way} --style {style} at {width} columns", failures):
                        passed += 1
                    else:
                        failed += 1
    print(f"script widths in tmux: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
