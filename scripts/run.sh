#!/usr/bin/env bash
# The main job (make run): build the CLI (only what the run needs), evolve
# card games with the quickstart experiment while the browser viewer builds
# beside it, then say where the results are and how to watch the best games.
# It says what it is doing from the first second: a cold build (no Go build
# cache) compiles every dependency first.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
bin=.bin/deckforge
go=${GO:-go}
version=$(git describe --always --dirty 2>/dev/null || true)

say() { printf '[%3ds] %s\n' $((SECONDS - start)) "$*"; }

# Lists each package as it is compiled (go build -v), so a cold build shows
# its progress; a warm build lists nothing and takes a second or two.
progress() {
	local n=0 pkg
	while IFS= read -r pkg; do
		n=$((n + 1))
		case $pkg in
		'#'* | *': '* | *.go:*) printf '%s\n' "$pkg" >&2 ;; # a compiler error
		*) if ((n == 1 || n % 25 == 0)); then say "  compiled $n packages (now $pkg)"; fi ;;
		esac
	done
	((n == 0)) || say "  compiled $n packages"
}

say "building the command line tool $bin (go build ./cmd/deckforge; a fresh machine compiles every dependency first, a few minutes)"
mkdir -p .bin
if ! "$go" build -v -ldflags "-X main.buildVersion=$version" -o "$bin" ./cmd/deckforge 2>&1 | progress; then
	say "building $bin failed"
	exit 1
fi
say "built $bin ($("$bin" version))"

# The viewer (WebAssembly) builds in the background, at low priority, while
# the experiment runs; its log is runs/.viewer-build.log.
mkdir -p runs
wasmlog=runs/.viewer-build.log
say "building the browser viewer viewer/web/viewer.wasm in the background (log: $wasmlog)"
(
	js="$("$go" env GOROOT)/lib/wasm/wasm_exec.js"
	cmp -s "$js" viewer/web/wasm_exec.js || cp "$js" viewer/web/wasm_exec.js
	GOOS=js GOARCH=wasm nice -n 10 "$go" build -trimpath -ldflags='-s -w' -o viewer/web/viewer.wasm.tmp ./viewer/web/wasm &&
		mv viewer/web/viewer.wasm.tmp viewer/web/viewer.wasm
) >"$wasmlog" 2>&1 &
wasm_pid=$!

dir="runs/quickstart-$(date +%Y%m%d-%H%M%S)"
say "running the quickstart experiment: $bin evolve quickstart --out $dir"
"$bin" evolve quickstart --out "$dir"
say "the experiment is done"

if kill -0 "$wasm_pid" 2>/dev/null; then
	say "waiting for the viewer's build to finish"
fi
viewer_ok=1
wait "$wasm_pid" || viewer_ok=0
if ((viewer_ok)); then
	say "built viewer/web/viewer.wasm ($(wc -c <viewer/web/viewer.wasm) bytes)"
else
	say "the viewer did not build (see $wasmlog); 'make wasm' builds it"
fi

echo
echo "Results are in $dir:"
echo "  report.md          the run's report (links everything below)"
echo "  generations.csv    best, mean, diversity and archive coverage per generation"
echo "  fitness.png/.svg   fitness plot; diversity.png/.svg diversity and coverage"
echo "  best/              the best genomes: JSON, FlatBuffers and a rulebook each"
echo "  remeasure.json     the best genomes and seed games re-measured with 10x the games"
echo "  replays/           games of the best genomes"
echo
echo "Open the replays in the browser with:"
echo "  $bin serve $dir/replays"
echo "(it prints the address to open; Ctrl-C stops it)."
say "done"
