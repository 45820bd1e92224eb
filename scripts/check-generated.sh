#!/usr/bin/env bash
# Fails when the committed FlatBuffers code (schema/fb) differs from what
# flatc generates now. It runs schema/gen.go's own //go:generate line on a
# scratch copy of the schemas, so the check and `make generate` cannot drift.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
schemas=(schema/*.fbs)
if [ ${#schemas[@]} -eq 0 ]; then
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "${schemas[@]}" schema/gen.go "$tmp/"
(cd "$tmp" && go generate ./gen.go)
if [ ! -d schema/fb ] || ! diff -r "$tmp/fb" schema/fb >/dev/null; then
	echo "schema/fb is stale: run 'make generate' and commit the result" >&2
	diff -r "$tmp/fb" schema/fb 2>&1 | head -20 >&2 || true
	exit 1
fi
echo "generated FlatBuffers code is up to date"
