#!/usr/bin/env python3
"""Counts the public types and symbols in symbol graphs, and how many have a doc comment.

    Scripts/doc-coverage.py DIR [--list] [--require PERCENT]

DIR holds `swift package dump-symbol-graph` output (see Scripts/docs). --list names every
undocumented public symbol; --require fails (exit 1) below that share of documented symbols.
"""
import collections
import glob
import json
import sys

TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}


def main():
    directory = sys.argv[1]
    listing = "--list" in sys.argv
    required = float(sys.argv[sys.argv.index("--require") + 1]) if "--require" in sys.argv else None
    worst = 100.0
    for path in sorted(glob.glob(directory + "/*.symbols.json")):
        if "@" in path:  # extensions of other modules' types
            continue
        graph = json.load(open(path))
        module = graph["module"]["name"]
        # Members the compiler synthesised (==, hash(into:), an enum's init(rawValue:), ...) have
        # no source to document: they are marked SYNTHESIZED or have no location.
        public = [s for s in graph["symbols"] if s.get("accessLevel") in ("public", "open")
                  and "::SYNTHESIZED::" not in s["identifier"]["precise"] and "location" in s]
        types = [s for s in public if s["kind"]["identifier"] in TYPE_KINDS]
        documented = [s for s in public if s.get("docComment")]
        share = 100.0 * len(documented) / max(1, len(public))
        worst = min(worst, share)
        print(f"{module}: {len(types)} public types, {len(public)} public symbols, "
              f"{len(documented)} documented ({share:.0f}%)")
        if listing:
            for symbol in public:
                if not symbol.get("docComment"):
                    print("  undocumented:", symbol["kind"]["identifier"], ".".join(symbol["pathComponents"]))
    if required is not None and worst < required:
        print(f"doc-coverage: {worst:.1f}% documented, below the required {required}%", file=sys.stderr)
        sys.exit(1)


main()
