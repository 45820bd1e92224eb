#!/usr/bin/env bash
# The main job (make run): a short demo with defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.bin/deckforge
echo "== deckforge eval: ten random seven-card hands"
"$bin" deal --seed 1 --hands 10 --cards 7 | tee /dev/stderr | "$bin" eval
