# Shortcuts; each target is one script or SwiftPM command.
.PHONY: quickstart test bench compare release

quickstart:
	Scripts/quickstart

test:
	swift test

bench:
	Scripts/bench

# The shared referee: us beside simdjson+cmark on the same corpus.
compare:
	../shared/bench/compare.sh

release:
	swift build -c release --product scrollback
