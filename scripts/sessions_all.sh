#!/usr/bin/env bash
# Plays sit-out sessions of every betting seed (hold'em heads-up and 6-max,
# pot-limit Omaha, five-card draw, betting war, blackjack) with mixed agents
# (greedy, ismcts:50, random, house) to the end for run seeds FIRST..LAST
# (default 1..3), GAMES sessions each (default 10): every hand is played by
# engine/game at an engine/table table, players join and reload. Prints each
# run's sit-out counts; exits 1 on the first run that fails. Long (about a
# minute of CPU per genome and seed): not part of make test.
# Usage: scripts/sessions_all.sh [FIRST [LAST [GAMES]]]
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-1}
last=${2:-3}
games=${3:-10}
bin=${DECKFORGE:-.bin/deckforge}
go build -o "$bin" ./cmd/deckforge
for genome in holdem_nl_heads_up holdem_nl_6max omaha_pl five_card_draw_fl betting_war blackjack; do
	players=6
	agents=greedy,ismcts:50,random,house,greedy,random
	if [ "$genome" = holdem_nl_heads_up ]; then
		players=2
		agents=greedy,ismcts:50
	fi
	for seed in $(seq "$first" "$last"); do
		out=$("$bin" simulate "$genome" --players "$players" --agents "$agents" --sit-outs default \
			--games "$games" --seed "$seed" --workers 1 --quiet --json)
		echo "$genome seed $seed: $(printf '%s' "$out" | tr -d ' \n' | grep -o '"sit_outs":{[^}]*}')"
	done
done
