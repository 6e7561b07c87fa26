#!/usr/bin/env bash
# Tests Scripts/render-archive on a small generated archive (31 inputs: 27 generated channel
# exports, one named with a space, a truncated one, and the repository's multi-channel
# workspace and entity samples), in folders whose names hold spaces, run from another
# directory. Every `scrollback` the script starts goes through a wrapper that logs it, so the
# test sees which inputs were rendered, not only what the summary says.
#
#     Tests/archive/render_archive_test.sh [SCROLLBACK]
#
# SCROLLBACK defaults to the debug build, .build/debug/scrollback (built if missing). Needs GNU
# parallel (Scripts/install-dependencies --archive). Takes a few seconds.
set -euo pipefail
repository="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)"
script="$repository/Scripts/render-archive"
scrollback="${1:-$repository/.build/debug/scrollback}"
if [ ! -x "$scrollback" ]; then
  swift build --package-path "$repository" --product scrollback >&2
fi
scrollback="$(cd "$(dirname "$scrollback")" && pwd -P)/$(basename "$scrollback")"

work="$(cd "$(mktemp -d "${TMPDIR:-/tmp}/render archive test.XXXXXX")" && pwd -P)"
trap 'rm -rf "$work"' EXIT
input="$work/in put"
output="$work/out put"
calls="$work/calls"
failures=0

check() { # check DESCRIPTION COMMAND...: runs the command, reports the result
  if "${@:2}"; then
    echo "ok: $1"
  else
    echo "FAILED: $1" >&2
    failures=$((failures + 1))
  fi
}
equals() { [ "$1" = "$2" ] || { echo "  expected '$2', got '$1'" >&2; return 1; }; }
contains() { grep -q -F -- "$2" "$1" || { echo "  no '$2' in $1:" >&2; cat "$1" >&2; return 1; }; }

# A channel export: $2 messages by three authors over three days, in time order, with Markdown in the text.
channel_export() {
  local name="$1" count="$2" k comma=""
  printf '{"channel": {"id": "%s", "type": "messaging", "name": "Channel %s"}, "messages": [\n' "$name" "$name"
  for ((k = 1; k <= count; k++)); do
    printf '%s{"id": "%s-%d", "text": "Message %d in **%s**, see https://example.com/%d", "user": {"id": "u%d", "name": "Author %d"}, "created_at": "2026-03-%02dT%02d:%02d:00Z"}\n' \
      "$comma" "$name" "$k" "$k" "$name" "$k" $((k % 3)) $((k % 3)) $((1 + 3 * (k - 1) / count)) $((8 + k / 60)) $((k % 60))
    comma=","
  done
  printf ']}\n'
}

# The wrapper: logs "render INPUT" or "validate", sleeps $RENDER_DELAY before a render.
mkdir -p "$work/bin"
cat >"$work/bin/scrollback" <<EOF
#!/usr/bin/env bash
if [ "\$1" = render ]; then
  printf 'render %s\n' "\$2" >>"$calls"
  sleep "\${RENDER_DELAY:-0}"
else
  printf '%s\n' "\$1" >>"$calls"
fi
exec "$scrollback" "\$@"
EOF
chmod +x "$work/bin/scrollback"

mkdir -p "$input/2026/03" "$input/2026/04" "$input/team rooms"
for n in $(seq 1 27); do
  folder="$input/2026/0$((3 + n % 2))"
  channel_export "c$n" 50 >"$folder/c$n.json"
done
channel_export "weekly sync" 20 >"$input/team rooms/weekly sync.json"
channel_export broken 20 | head -c 1500 >"$input/broken.json"
cp "$repository/Samples/transcripts/workspace.json" "$input/workspace.json"
cp "$repository/Samples/transcripts/migration.ndjson" "$input/team rooms/migration.ndjson"
total=31

run() { # run ARGUMENTS...: render-archive from another directory, relative paths, debug wrapper
  : >"$calls"
  status=0
  (cd "$work" && "$script" --scrollback "$work/bin/scrollback" --jobs 2 "$@" "in put" "out put" -- --timezone UTC) \
    >"$work/summary" 2>"$work/stderr" || status=$?
}
# Renders of inputs (absolute paths), not the one try of the options on standard input.
renders() { grep -c '^render /' "$calls" || true; }

# 1. A first run renders everything but the broken file, and says so.
run
check "exit status 1 when an input fails" equals "$status" 1
check "first summary" contains "$work/summary" "rendered 30, skipped (up to date) 0, failed 1"
check "the summary names the broken file and its error" contains "$work/summary" "failed: broken.json: Error: "
check "its log is kept" test -s "$output/.render-archive/logs/broken.json.log"
check "one render per input" equals "$(renders)" "$total"
check "and one try of the options" equals "$(grep -c '^render -$' "$calls")" 1
check "channels counted only in the two files that have several" equals "$(grep -c '^validate' "$calls")" 2
for n in $(seq 1 27); do
  file="$output/2026/0$((3 + n % 2))/c$n.html"
  if ! head -n 1 "$file" | grep -q '^<!DOCTYPE html>' || ! grep -q "Channel c$n" "$file"; then
    echo "  not a page of channel c$n: $file" >&2
    failures=$((failures + 1))
  fi
done
check "a page per channel export, beside the input's relative path" \
  equals "$(find "$output/2026" -name '*.html' -size +1k | wc -l)" 27
check "a name with a space" contains "$output/team rooms/weekly sync.html" "Channel weekly sync"
check "several channels: a file each and an index" \
  equals "$(find "$output/workspace" -name '00?-*.html' | wc -l) $(grep -c 'href="00' "$output/workspace/index.html")" "4 4"
check "an entity file of two channels too" equals "$(find "$output/team rooms/migration" -name '*.html' | wc -l)" 3
check "no temporary file left" equals "$(find "$output" -name '*.tmp' | wc -l)" 0
check "what the broken file showed is not newer than it" test ! "$output/broken.html" -nt "$input/broken.json"

# 2. Run again: nothing is rendered but the failed input, tried again.
run
check "a second run skips every output" contains "$work/summary" "rendered 0, skipped (up to date) 30, failed 1"
check "and renders only the failed input" equals "$(grep '^render /' "$calls")" "render $input/broken.json"

# 3. Repaired, the broken file renders; then a run renders nothing at all.
channel_export broken 20 >"$input/broken.json"
run
check "the repaired input renders" contains "$work/summary" "rendered 1, skipped (up to date) 30, failed 0"
check "exit status 0" equals "$status" 0
run
check "an up-to-date archive" contains "$work/summary" "rendered 0, skipped (up to date) 31, failed 0"
check "takes no render" equals "$(renders)" 0

# 4. A touched input, and only it, renders again.
touch "$input/2026/03/c8.json"
run
check "a touched input renders again" contains "$work/summary" "rendered 1, skipped (up to date) 30, failed 0"
check "only that one" equals "$(grep "^render /" "$calls")" "render $input/2026/03/c8.json"

# 5. --force renders everything.
run --force
check "--force renders every input" contains "$work/summary" "rendered 31, skipped (up to date) 0, failed 0"
check "one render each" equals "$(renders)" "$total"

# 6. Interrupted like Ctrl-C (SIGINT to the whole process group), a run stops; the next one
# renders only what is left.
rm -rf "$output"
: >"$calls"
(cd "$work" && RENDER_DELAY=0.4 exec setsid "$script" --scrollback "$work/bin/scrollback" --jobs 2 "in put" "out put" -- --timezone UTC \
  >"$work/summary" 2>"$work/stderr") &
runner=$!
sleep 2
kill -INT -- "-$runner"
status=0
wait "$runner" || status=$?
check "an interrupted run exits 130" equals "$status" 130
check "and says how many are left" contains "$work/summary" "(run again to continue)"
check "no temporary file left after the interrupt" equals "$(find "$output" -name '*.tmp' | wc -l)" 0
done_before="$(find "$output" -name '*.html' -not -path '*/.render-archive/*' | wc -l)"
check "some inputs were rendered before the interrupt" test "$done_before" -gt 0
check "not all of them" test "$done_before" -lt 36
run
skipped="$(sed -n 's/.*skipped (up to date) \([0-9]*\).*/\1/p' "$work/summary")"
rendered="$(sed -n 's/.*rendered \([0-9]*\),.*/\1/p' "$work/summary")"
check "the next run completes the archive" equals "$status $((skipped + rendered))" "0 $total"
check "rendering only what was left" equals "$(renders)" "$rendered"
check "some were skipped" test "$skipped" -gt 0

# 7. The per-file command for a Kubernetes indexed Job (HTMLTranscriptsAndArchives.md, "On a
# batch engine"), each index run here in turn (JOB_COMPLETION_INDEX picks a line of the sorted
# list), makes the same files as a whole run.
(cd "$input" && find . -type f \( -name '*.json' -o -name '*.ndjson' \) | LC_ALL=C sort) >"$work/inputs.txt"
check "the list holds every input" equals "$(wc -l <"$work/inputs.txt")" "$total"
for ((index = 0; index < total; index++)); do
  JOB_COMPLETION_INDEX=$index bash -c '
    file="$(sed -n "$((JOB_COMPLETION_INDEX + 1))p" "$1/inputs.txt")"
    exec "$2" --only "$file" --scrollback "$3" "$1/in put" "$1/indexed" -- --timezone UTC' \
    _ "$work" "$script" "$scrollback" 2>>"$work/stderr" || true
done
check "an indexed run makes the same files" diff -r -x .render-archive "$output" "$work/indexed"

# 8. Usage errors.
status=0
"$script" --format pdf "$input" "$output" >/dev/null 2>"$work/stderr" || status=$?
check "an unknown format is bad usage (64)" equals "$status" 64
status=0
"$script" --scrollback "$work/bin/scrollback" "$work/no such folder" "$output" >/dev/null 2>"$work/stderr" || status=$?
check "a missing input folder is bad usage (64)" equals "$status" 64
status=0
"$script" --scrollback "$work/bin/scrollback" "$input" "$output" -- --output-dir x >/dev/null 2>"$work/stderr" || status=$?
check "an output option after -- is bad usage (64)" equals "$status" 64
status=0
: >"$calls"
"$script" --scrollback "$work/bin/scrollback" "$input" "$output" -- --width 100 >/dev/null 2>"$work/stderr" || status=$?
check "an option scrollback refuses is bad usage (64), before any job" equals "$status $(renders)" "64 0"
check "and says why" contains "$work/stderr" "refuses the options after --: Error: --width is for ANSI output (--format ansi), not html."
status=0
"$script" --scrollback "$work/bin/scrollback" "$input" "$output" -- --cards "$work/no such cards.json" >/dev/null 2>"$work/stderr" || status=$?
check "so is a card file that cannot be read" equals "$status" 64
check "named" contains "$work/stderr" "no such cards.json: cannot read the card file"
status=0
"$script" --scrollback "no-such-scrollback" "$input" "$output" >/dev/null 2>"$work/stderr" || status=$?
check "a --scrollback name not on PATH is bad usage (64)" equals "$status" 64
check "and names it" contains "$work/stderr" "no no-such-scrollback on PATH"
status=0
"$script" --scrollback "$work/no such folder/scrollback" "$input" "$output" >/dev/null 2>"$work/stderr" || status=$?
check "a --scrollback in a missing folder is bad usage (64)" equals "$status" 64
check "and names the folder" contains "$work/stderr" "no folder $work/no such folder"
mkdir -p "$work/not gnu"
printf '#!/bin/sh\nexit 1\n' >"$work/not gnu/parallel"
chmod +x "$work/not gnu/parallel"
status=0
PATH="$work/not gnu:$PATH" "$script" --scrollback "$work/bin/scrollback" "$input" "$output" >/dev/null 2>"$work/stderr" || status=$?
check "without GNU parallel: exit 69" equals "$status" 69
check "and how to install it" contains "$work/stderr" "apt-get install parallel"
channel_export dup 1 >"$input/2026/04/c1.ndjson"
status=0
"$script" --scrollback "$work/bin/scrollback" "$input" "$output" >/dev/null 2>"$work/stderr" || status=$?
check "two inputs with one output are refused" equals "$status" 64
rm "$input/2026/04/c1.ndjson"

if [ "$failures" -ne 0 ]; then
  echo "render-archive test: $failures check(s) failed" >&2
  exit 1
fi
echo "render-archive test: all checks passed"
