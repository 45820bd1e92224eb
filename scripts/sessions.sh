#!/usr/bin/env bash
# Plays the default sit-out sessions of issue 14 to the end for run seeds
# FIRST..LAST (default 1..20): 600 six-player hold'em sessions of house
# players per seed, with players disconnecting, pausing, coming back,
# leaving and joining. Prints each seed's sit-out counts; exits 1 on the
# first seed that fails. Long (about 30 s of CPU per seed): not part of
# make test.
# Usage: scripts/sessions.sh [FIRST [LAST]]
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-1}
last=${2:-20}
bin=${DECKFORGE:-.bin/deckforge}
go build -o "$bin" ./cmd/deckforge
for seed in $(seq "$first" "$last"); do
	out=$("$bin" simulate holdem_nl_6max --players 6 --agents house --sit-outs default \
		--games 600 --seed "$seed" --workers 1 --quiet --json)
	echo "seed $seed: $(printf '%s' "$out" | tr -d ' \n' | grep -o '"sit_outs":{[^}]*}')"
done
