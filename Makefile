# Shortcuts; each target is one script or SwiftPM command.
.PHONY: quickstart test lint bench compare release portable browser-test archive-test docs install uninstall deb

quickstart:
	Scripts/quickstart

test:
	swift test

# House style (.swift-format); `Scripts/lint --fix` rewrites.
lint:
	Scripts/lint

# Doc coverage and the DocC archives of both libraries, outside the checkout.
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

# Installs like a tool: `make install PREFIX=/usr/local` (DESTDIR for staging). The portable
# binary, then what it writes of itself (the manual page, the completion scripts, so none is
# kept by hand) and the built-in themes as files to copy. `make uninstall` removes the same.
PREFIX ?= /usr/local
DESTDIR ?=
BINARY = .build/portable/scrollback
bindir = $(DESTDIR)$(PREFIX)/bin
mandir = $(DESTDIR)$(PREFIX)/share/man/man1
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
themedir = $(DESTDIR)$(PREFIX)/share/scrollback/themes

install: portable
	install -d $(bindir) $(mandir) $(bashdir) $(zshdir) $(fishdir) $(themedir)/labels
	install -m 755 $(BINARY) $(bindir)/scrollback
	$(BINARY) man > $(mandir)/scrollback.1
	$(BINARY) completions bash > $(bashdir)/scrollback
	$(BINARY) completions zsh > $(zshdir)/_scrollback
	$(BINARY) completions fish > $(fishdir)/scrollback.fish
	install -m 644 Themes/*.json $(themedir)
	install -m 644 Themes/labels/*.json $(themedir)/labels

uninstall:
	rm -f $(bindir)/scrollback $(mandir)/scrollback.1 $(bashdir)/scrollback $(zshdir)/_scrollback $(fishdir)/scrollback.fish
	rm -rf $(themedir)
	-rmdir $(DESTDIR)$(PREFIX)/share/scrollback 2>/dev/null

# A Debian package of the portable binary: scrollback_VERSION_ARCH.deb (Scripts/package-deb).
deb:
	Scripts/package-deb
