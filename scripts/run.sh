#!/usr/bin/env bash
# The main job (make run): evolve card games with the quickstart experiment,
# then say where the results are and how to watch the best games.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.bin/deckforge
if [[ ! -x "$bin" ]]; then
	go build -o "$bin" ./cmd/deckforge
fi

dir="runs/quickstart-$(date +%Y%m%d-%H%M%S)"
echo "== deckforge evolve quickstart --out $dir"
"$bin" evolve quickstart --out "$dir"

echo
echo "Results are in $dir:"
echo "  report.md          the run's report (links everything below)"
echo "  generations.csv    best, mean, diversity and archive coverage per generation"
echo "  fitness.png/.svg   fitness plot; diversity.png/.svg diversity and coverage"
echo "  best/              the best genomes: JSON, FlatBuffers and a rulebook each"
echo "  remeasure.json     the best genomes and seed games re-measured with 10x the games"
echo "  replays/           games of the best genomes"
echo
if [[ ! -f viewer/web/viewer.wasm ]]; then
	echo "To watch the replays, build the viewer once with 'make wasm', then open them in the browser with:"
else
	echo "Open the replays in the browser with:"
fi
echo "  $bin serve $dir/replays"
