# Shortcuts; each target is one script or SwiftPM command.
.PHONY: quickstart test lint bench compare release portable browser-test archive-test docs

quickstart:
	Scripts/quickstart

test:
	swift test

# House style (.swift-format); `Scripts/lint --fix` rewrites.
lint:
	Scripts/lint

# Doc coverage and the DocC archive.
docs:
	Scripts/docs

bench:
	Scripts/bench

# The referee: us beside the simdjson+cmark floor on the same corpus (docs/performance.md).
compare:
	Scripts/compare

# Every sample's HTML in headless Chromium (installs Chromium and two pip packages if missing).
browser-test:
	Scripts/browser-test

# Scripts/render-archive on a generated archive (needs GNU parallel).
archive-test:
	Tests/archive/render_archive_test.sh

release:
	swift build -c release --product scrollback

# A stripped copy of the release binary (the runtime is linked in), for machines without Swift
# (containers, batch engines): .build/portable/scrollback.
portable:
	Scripts/build-portable
