#!/usr/bin/env bash
# Installs scrollback the two ways a user would, checks that `man scrollback` and tab completion
# work in bash, zsh and fish, and removes it again, leaving no file behind:
#
#   1. the Debian package from Scripts/package-deb, with apt-get install ./scrollback_*.deb,
#      then apt-get remove;
#   2. make install PREFIX=... (and DESTDIR), then make uninstall.
#
#     Tests/install/install_test.sh
#
# Runs as root on Debian 12 (it installs a package), with man-db, bash-completion, zsh, fish
# and make (Scripts/install-dependencies --install). Reuses the portable build when it is up
# to date (Scripts/build-portable).
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
cd "$repository"
work="$(mktemp -d)"
cleanup=("rm -rf '$work'")
trap 'for command in "${cleanup[@]}"; do eval "$command"; done' EXIT
failures=0

check() { # check DESCRIPTION COMMAND...: runs the command, reports the result
  if "${@:2}"; then
    echo "ok: $1"
  else
    echo "FAILED: $1" >&2
    failures=$((failures + 1))
  fi
}

# Whether the page shows with `man` (and MANPATH, when given as $1), with no warning from groff.
man_shows_page() {
  local page
  page="$(env ${1:+MANPATH="$1"} MANWIDTH=80 MANPAGER=cat man --warnings scrollback 2>"$work/man-errors")" || return 1
  head -5 <<<"$page"
  [ ! -s "$work/man-errors" ] || { cat "$work/man-errors" >&2; return 1; }
  grep -q "scrollback render \[options\] \[input\]" <<<"$page"
}

# Whether bash-completion's own loader finds the script ($1: XDG_DATA_DIRS), and it completes.
bash_completes() {
  local offered
  offered="$(XDG_DATA_DIRS="$1" bash --norc -c '
    source /usr/share/bash-completion/bash_completion
    __load_completion scrollback || exit 1
    COMP_WORDS=(scrollback render --fo); COMP_CWORD=2; _scrollback; echo "${COMPREPLY[*]}"
    COMP_WORDS=(scrollback render --format ""); COMP_CWORD=3; _scrollback; echo "${COMPREPLY[*]}"')"
  echo "$offered"
  [ "$offered" = $'--format\nhtml ansi markdown' ]
}

# Whether zsh's compinit, with $1 on fpath, binds scrollback to the installed _scrollback.
zsh_completes() {
  local bound
  bound="$(zsh -f -c "fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -d '$work/zcompdump'; print -r -- \$_comps[scrollback]")"
  [ "$bound" = _scrollback ] && [ -n "$(find "$1" -name _scrollback)" ] && zsh -n "$1/_scrollback"
}

# Whether fish, finding the script in its vendor folder ($1: XDG_DATA_DIRS), completes. Fish
# loads a command's completions only when the command is on PATH ($2 puts it there), and its
# vendor folders only with its configuration: the user's is left out with XDG_CONFIG_HOME.
fish_completes() {
  local offered
  offered="$(PATH="${2:-$PATH}" XDG_DATA_DIRS="$1" XDG_CONFIG_HOME="$work/config" \
    fish -c "complete -C 'scrollback render --format '" | cut -f1 | tr '\n' ' ')"
  echo "$offered"
  [ "$offered" = "ansi html markdown " ]
}

# --- 1. The Debian package ---
Scripts/package-deb "$work/deb"
# Debian's slim container images keep every package's manual pages out (a path-exclude in
# /etc/dpkg/dpkg.cfg.d). Said, and scrollback's page let in for this test only, so that it
# checks what a full system installs.
if grep -rqsE '^path-exclude[= ]/usr/share/man' /etc/dpkg/dpkg.cfg.d/; then
  echo "install test: /etc/dpkg/dpkg.cfg.d keeps manual pages out; letting scrollback's in for this test" >&2
  # The folder too: excluded with the pages, it would not be made, and the page could not be.
  printf '%s\n' path-include=/usr/share/man/man1 path-include=/usr/share/man/man1/scrollback.1.gz \
    >/etc/dpkg/dpkg.cfg.d/zz-scrollback-install-test
  cleanup+=("rm -f /etc/dpkg/dpkg.cfg.d/zz-scrollback-install-test")
fi
deb="$(cd "$work/deb" && echo scrollback_*.deb)"
dpkg-deb --info "$work/deb/$deb" | sed -n '/Package:/,$p'
(cd "$work/deb" && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >/dev/null)
# (A cleanup command's status is the script's when it ends: each one ends in success.)
cleanup+=("if dpkg -s scrollback >/dev/null 2>&1; then apt-get remove -y -qq scrollback >/dev/null; fi")
dpkg -L scrollback >"$work/files"
check "the package installs /usr/bin/scrollback" test "$(command -v scrollback)" = /usr/bin/scrollback
check "scrollback --version" test "$(scrollback --version)" = "$(.build/portable/scrollback --version)"
check "man scrollback" man_shows_page
check "bash completion, loaded by bash-completion" bash_completes /usr/share
check "zsh completion, in zsh's vendor-completions" zsh_completes /usr/share/zsh/vendor-completions
check "fish completion, in fish's vendor_completions.d" fish_completes /usr/share
check "the themes, as files to copy" test -f /usr/share/scrollback/themes/default.json
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq scrollback >/dev/null
left="$(while read -r path; do [ -f "$path" ] && echo "$path"; done <"$work/files" || true)"
check "apt-get remove leaves none of the package's files" test -z "$left"
check "and no scrollback on PATH" test -z "$(command -v scrollback || true)"

# --- 2. make install ---
prefix="$work/prefix"
make --no-print-directory install PREFIX="$prefix" >/dev/null
check "make install: bin/scrollback --version" test "$("$prefix/bin/scrollback" --version)" = "$(.build/portable/scrollback --version)"
check "make install: MANPATH=PREFIX/share/man man scrollback" man_shows_page "$prefix/share/man"
check "make install: bash completion" bash_completes "$prefix/share:/usr/share"
check "make install: zsh completion" zsh_completes "$prefix/share/zsh/site-functions"
check "make install: fish completion" fish_completes "$prefix/share:/usr/share" "$prefix/bin:$PATH"
check "make install: the themes" test -f "$prefix/share/scrollback/themes/labels/de.json"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
check "make uninstall leaves no file" test -z "$(find "$prefix" -type f)"
make --no-print-directory install DESTDIR="$work/stage" PREFIX=/usr >/dev/null
check "make install DESTDIR=... PREFIX=/usr stages under DESTDIR" \
  test -x "$work/stage/usr/bin/scrollback" -a -s "$work/stage/usr/share/man/man1/scrollback.1"

if [ "$failures" -gt 0 ]; then
  echo "install test: $failures check(s) failed" >&2
  exit 1
fi
echo "install test: the package and make install both give man scrollback and completion in bash, zsh and fish"
exit 0
