#!/usr/bin/env bash
# The main job (make run): a short demo with defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.bin/deckforge
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

echo "== deckforge deal | deckforge eval: ten random seven-card hands"
echo "   (cards, then strength, category, best five)"
"$bin" deal --seed 1 --hands 10 --cards 7 >"$tmp"
"$bin" eval <"$tmp" | paste "$tmp" -

echo "== deckforge deal --omaha | deckforge eval --omaha: five random Omaha hands"
"$bin" deal --seed 1 --hands 5 --omaha >"$tmp"
"$bin" eval --omaha <"$tmp" | paste "$tmp" -
