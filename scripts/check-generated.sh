#!/usr/bin/env bash
# Fails when the committed FlatBuffers code differs from what flatc generates.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
schemas=(schema/*.fbs)
if [ ${#schemas[@]} -eq 0 ]; then
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flatc --go --go-namespace fb -o "$tmp" "${schemas[@]}" >/dev/null
if ! diff -r "$tmp/fb" schema/fb >/dev/null; then
	echo "schema/fb is stale: run 'make generate' and commit the result" >&2
	diff -r "$tmp/fb" schema/fb | head -20 >&2
	exit 1
fi
echo "generated FlatBuffers code is up to date"
