#!/usr/bin/env bash
# Runs every fuzz test of the module for FUZZTIME each (default 30s).
# Usage: scripts/fuzz.sh [FUZZTIME]
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${1:-30s}
for pkg in $(go list ./...); do
	for name in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
		echo "== $pkg $name"
		go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -fuzzminimizetime 10s "$pkg"
	done
done
