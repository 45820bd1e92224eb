#!/usr/bin/env bash
# Installs what the build and tests need, only when it is missing.
# Usage: scripts/deps.sh BIN_DIR STATICCHECK_VERSION BENCHSTAT_VERSION APT_PACKAGE...
set -euo pipefail
bin=$1 staticcheck_version=$2 benchstat_version=$3
shift 3

missing=()
for pkg in "$@"; do
	dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "deps: installing ${missing[*]}"
	sudo=""
	if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$bin"
want="staticcheck $staticcheck_version"
if [ ! -x "$bin/staticcheck" ] || [ "$(cat "$bin/.staticcheck-version" 2>/dev/null)" != "$want" ]; then
	echo "deps: installing staticcheck $staticcheck_version"
	GOFLAGS= GOBIN="$bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
	echo "$want" >"$bin/.staticcheck-version"
fi

want="benchstat $benchstat_version"
if [ ! -x "$bin/benchstat" ] || [ "$(cat "$bin/.benchstat-version" 2>/dev/null)" != "$want" ]; then
	echo "deps: installing benchstat $benchstat_version"
	GOFLAGS= GOBIN="$bin" go install "golang.org/x/perf/cmd/benchstat@$benchstat_version"
	echo "$want" >"$bin/.benchstat-version"
fi
