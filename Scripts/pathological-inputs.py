#!/usr/bin/env python3
"""Writes hostile transcripts that once made renderers slow, one file a case, into DIR.

Each case is one message of about a megabyte of text (the inline patterns on which cmark's
parser, or a tree built from it, takes superlinear time; the lists nested deep over many blank
lines, every shape of them, on which its block parser does; and two that stay just within the
budget on that), plus whole-file cases: a 20 MB text
in one message, 20 MB of messages each just under Scrollback's Markdown budget, 20 MB of
NDJSON lines each a channel of two messages, one message with 100,000 image attachments; and
messages of about a megabyte of reactions, mentions, poll options, emoji or object members
whose handling once grew with the square of their number.

    Scripts/pathological-inputs.py DIR
"""
import json
import os
import sys

SIZE = 1_000_000


def repeated(piece, size=SIZE):
    return piece * max(1, size // len(piece))


def backtick_runs(size=SIZE):
    parts, total, run = [], 0, 1
    while total < size:
        part = "e" + "`" * run
        parts.append(part)
        total += len(part)
        run += 1
    return "".join(parts)


def nested_then_lines(opener, line, inner="a", size=SIZE):
    """Half the size of list markers on one line, each item inside the last, then half of lines
    that every item goes on through, and a letter (a message's trailing newlines are trimmed)."""
    return repeated(opener, size // 2) + inner + "\n" + repeated(line, size // 2) + "b"


def indented_lists(size=SIZE):
    lines, total, depth = [], 0, 0
    while total < size:
        line = "  " * depth + "* a\n"
        lines.append(line)
        total += len(line)
        depth += 1
    return "".join(lines)


CASES = {
    "image-openers-before-links": repeated("![[]()"),
    "image-opener-text-link": repeated("![a[]()"),
    "nested-strong-emphasis": repeated("*a **a ", SIZE // 2) + "b" + repeated(" a** a*", SIZE // 2),
    "emphasis-closers-alone": repeated("a_ "),
    "emphasis-openers-alone": repeated("_a "),
    "triple-emphasis-openers": repeated("a***"),
    "mismatched-emphasis": repeated("*a_ "),
    "emphasis-openers-then-closers": repeated("*a ", SIZE // 2) + repeated("_a*_ ", SIZE // 2),
    "multiple-of-three": "a**b" + repeated("c* "),
    "link-closers-alone": repeated("a]"),
    "link-openers-alone": repeated("[a"),
    "link-openers-emphasis-closers": repeated("[ a_"),
    "nested-brackets": "[" * (SIZE // 2) + "a" + "]" * (SIZE // 2),
    "broken-link-titles": repeated("[ (]("),
    "unclosed-pointy-destinations": repeated("[a](<b"),
    "unclosed-bare-destinations": repeated("[a](b"),
    "many-links": repeated("[t](/u) "),
    "many-references": "".join(f"[{i}]: u\n" for i in range(1, SIZE // 16)) + repeated("[0] ", SIZE // 2),
    "nested-block-quotes": repeated("> ") + "a",
    "indented-lists": indented_lists(),
    # cmark checks each line against every list open around it, and a list item goes on
    # through a blank line: every kind of marker, of blank line, of container around the lists
    # and of block inside them.
    "nested-lists-blank-lines": nested_then_lines("- ", "\n"),
    "nested-numbered-lists-blank-lines": nested_then_lines("1. ", "\n"),
    "nested-mixed-lists-blank-lines": nested_then_lines("- * + 1. 2) ", "\n"),
    "nested-lists-cr-lines": nested_then_lines("+ ", "\r"),
    "nested-lists-tabs-and-spaces": nested_then_lines("-\t", "  \t\r\n"),
    "nested-lists-in-a-quote": "> " + nested_then_lines("- ", ">\n"),
    "nested-lists-in-quotes": "> > > " + nested_then_lines("* ", "> > >\n"),
    "nested-lists-lazy-line": nested_then_lines("- ", "\n", inner="a\nlazy"),
    "nested-lists-code-fence": nested_then_lines("- ", "\n", inner="```"),
    "nested-lists-html-comment": nested_then_lines("- ", "\n", inner="<!--"),
    "nested-lists-byte-order-mark": "\ufeff" + nested_then_lines("- ", "\n"),
    "indented-lists-blank-lines": indented_lists(SIZE // 2) + repeated("\n", SIZE // 2) + "b",
    # Within the nesting budget (MarkdownBudget.swift), so parsed as Markdown: 1,000 levels over
    # 999 blank lines, then prose; 500,000 levels over 2.
    "nesting-under-budget": repeated("- ", 2_000) + "a" + "\n" * 1_000 + "b\n" + repeated("Plain words. ", SIZE - 4_000),
    "deep-nesting-under-budget": repeated("- ") + "a" + "\n" * 3 + "b",
    "broken-thematic-break": repeated("* ") + "a",
    "backtick-runs": backtick_runs(),
    "backticks-and-escapes": repeated("\\``"),
    "inline-html-openers": repeated("<>"),
    "processing-instructions": "x" + repeated("<?"),
    "cdata-openers": "x" + repeated("<![CDATA["),
    "comment-openers": repeated("<!--a "),
    "entity-openers": repeated("&#"),
    "mentions-and-urls": repeated("@Ann https://a.example/x "),
    # GitHub's extensions, read by Scrollback itself (Markdown/GFM.swift).
    "tildes": repeated("~"),
    "strikethrough-openers-alone": repeated("~a "),
    "strikethrough-closers-alone": repeated("a~ "),
    "double-tilde-openers-alone": repeated("~~a "),
    "strikethrough-mixed-lengths": repeated("~a ~~a "),
    "escaped-tildes": repeated("\\~~a "),
    "pipes": repeated("|"),
    "pipe-lines": repeated("|\n"),
    # Every line a possible delimiter row under the one before it.
    "dash-pipe-lines": repeated("-|\n"),
    "delimiter-rows": repeated("|-|\n"),
    "escaped-pipes-between-pipes": repeated("\\|a|"),
    "rows-without-a-header": repeated("| a \\| ~~b~~ |\n"),
    "one-column-table": "|a|\n|-|\n" + repeated("|b|\n"),
    "widest-table-short-rows": "|a" * 64 + "|\n" + "|-" * 64 + "|\n" + repeated("x\n"),
    "escaped-pipes-in-a-table": "| a | b |\n|---|---|\n" + repeated("| \\| ~~c~~ | `d\\|e` |\n"),
    "task-items": repeated("- [x] a\n"),
    "numbered-items": repeated("1. a\n"),
    # cmark ends lines at "\r" too; "+" at an item's start sends it to cmark's writer.
    "numbered-items-cr-lines": repeated("1. +a\r"),
    "plain-prose": repeated("Plain words, a comma, a full stop. "),
}


def message(index, text, **extra):
    value = {"id": f"m{index}", "type": "regular", "text": text, "user": {"id": "u", "name": "Ann"},
             "created_at": "2026-03-09T10:00:00Z", "mentioned_users": [{"id": "u", "name": "Ann"}]}
    value.update(extra)
    return value


def write(directory, name, messages):
    with open(os.path.join(directory, name + ".json"), "w", encoding="utf-8") as file:
        json.dump({"messages": messages}, file)


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    for name, text in CASES.items():
        write(directory, name, [message(0, text)])
    write(directory, "whole-20mb-one-message", [message(0, repeated("![[]()", 20 * SIZE))])
    # Just under the budget of 500 '[' a message (MarkdownBudget.swift): 498 in each message.
    under = "![[]()" * 249
    write(directory, "whole-20mb-under-budget", [message(i, under) for i in range(20 * SIZE // len(under))])
    # NDJSON of 20 MB, each line a channel of two messages: every messages array once
    # started threads that read megabytes past its end.
    with open(os.path.join(directory, "whole-20mb-ndjson-channels.json"), "w", encoding="utf-8") as file:
        for i in range(20 * SIZE // 450):
            channel = {"id": f"c{i}", "cid": f"messaging:c{i}", "type": "messaging", "name": f"Channel {i}"}
            file.write(json.dumps({"channel": channel, "messages": [message(2 * i, "a"), message(2 * i + 1, "b")]}) + "\n")
    images = [{"type": "image", "image_url": f"https://cdn.example.org/{i}.jpg", "original_width": 800,
               "original_height": 600, "title": f"photo-{i}.jpg"} for i in range(100_000)]
    write(directory, "attachments-100000", [message(0, "many photos", attachments=images)])
    for name, value in structure_cases().items():
        write(directory, name, value if isinstance(value, list) else [value])
    # An extra field and an attachment of 30,000 members each, one key written twice (a dict
    # cannot hold it, so the JSON is spelled out): the repeat keeps its first place.
    members = ", ".join(f'"k{i}": {i}' for i in range(30_000)) + ', "k1": -1'
    with open(os.path.join(directory, "repeated-keys.json"), "w", encoding="utf-8") as file:
        file.write('{"messages": [{"id": "m0", "text": "hi", "user": {"id": "u", "name": "Ann"}, '
                   f'"extra": {{{members}}}, "attachments": [{{"type": "x", {members}}}]}}]}}')


def structure_cases():
    """Messages (or a list of them) of about a megabyte whose lists once cost the square of their
    length to render."""
    count = 10_000
    # Every reaction type given once, by a different person: a walk of the reactions per type.
    reactions = message(0, "reactions", latest_reactions=[{"type": f"r{i}", "user_id": f"u{i}"} for i in range(2 * count)],
                        reaction_groups={f"r{i}": {"count": 1, "sum_scores": 1} for i in range(2 * count)})
    # The older reaction_counts and reaction_scores, each type looked up in the other object.
    counts = message(0, "reaction counts", reaction_counts={f"r{i}": 1 for i in range(5 * count)},
                     reaction_scores={f"r{i}": 2 for i in range(5 * count)})
    # Names alike for their first 40 characters, and an @ of one of them after another.
    alike = [{"id": f"u{i}", "name": "A" * 40 + str(i)} for i in range(count)]
    many_names = message(0, repeated("@" + "a" * 40 + "1 "), mentioned_users=alike)
    # The longest name looked for, each of its characters an @ that starts the walk again, and
    # one character short of it between spaces.
    at_signs = message(0, repeated("@" * 64 + " "), mentioned_users=[{"id": "u", "name": "@" * 64}])
    poll = message(0, "poll", poll={"name": "Which?", "options": [{"id": f"o{i}", "text": f"Option {i}"} for i in range(3 * count)],
                                    "vote_counts_by_option": {f"o{i}": i for i in range(3 * count)}})
    # An emoji that is text by default, with its emoji selector (the terminal drops the selector).
    selectors = message(0, repeated("\u2764\ufe0f ", SIZE // 2))
    # One id for every message, half of them replies to it: the thread once showed under each.
    repeated_id = [dict(message(i, "copy"), id="p") for i in range(2_500)]
    repeated_id += [dict(message(i, "reply"), id="p", parent_id="p") for i in range(2_500)]
    return {
        "repeated-id-thread": repeated_id,
        "reactions-many-types": reactions,
        "reaction-counts-and-scores": counts,
        "mentions-names-alike": many_names,
        "mentions-at-signs": at_signs,
        "poll-many-options": poll,
        "emoji-selectors": selectors,
    }


if __name__ == "__main__":
    main()
