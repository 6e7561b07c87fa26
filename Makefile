# Shortcuts; each target is one script or SwiftPM command.
.PHONY: quickstart test bench compare release browser-test

quickstart:
	Scripts/quickstart

test:
	swift test

bench:
	Scripts/bench

# The shared referee: us beside simdjson+cmark on the same corpus.
compare:
	../shared/bench/compare.sh

# Every sample's HTML in headless Chromium (installs Chromium and two pip packages if missing).
browser-test:
	Scripts/browser-test

release:
	swift build -c release --product scrollback
