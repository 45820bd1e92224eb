# deckforge — make targets. `make test` is what CI runs (.ci/run).
SHELL := /bin/bash
GO ?= go
BIN := $(CURDIR)/.bin
STATICCHECK_VERSION := v0.8.2
BENCHSTAT_VERSION := v0.0.0-20260908200009-22c9c6c9d4da
VERSION := $(shell git describe --always --dirty 2>/dev/null)
APT_PACKAGES := flatbuffers-compiler chromium
DECKFORGE := $(BIN)/deckforge

export PATH := $(BIN):$(PATH)

.PHONY: all build cli run test test-short deps lint vet fmt-check staticcheck unit bench generate check-generated clean wasm

all: build

build: cli
	$(GO) build ./...

# The command line tool alone, .bin/deckforge.
cli:
	$(GO) build -ldflags '-X main.buildVersion=$(VERSION)' -o $(DECKFORGE) ./cmd/deckforge

# The main job: a short demo run with defaults. It builds only the CLI
# before the experiment starts and the viewer while it runs, and reports
# progress from the first second (scripts/run.sh).
run:
	@GO=$(GO) scripts/run.sh

# Everything CI checks, at full size.
test: deps lint check-generated wasm unit

unit:
	$(GO) build ./...
	$(GO) test -count=1 -timeout 30m ./...

# Quick feedback while editing: every package's tests without the long
# ones (those that check testing.Short: whole experiments, exhaustive
# counts, the browser). Not a substitute for make test, which CI runs.
test-short:
	$(GO) test -short -count=1 ./...

deps:
	@scripts/deps.sh "$(BIN)" "$(STATICCHECK_VERSION)" "$(BENCHSTAT_VERSION)" $(APT_PACKAGES)

lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^schema/fb/') 2>&1); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck: deps
	$(BIN)/staticcheck ./...

generate:
	$(GO) generate ./schema/...

# Regenerates the FlatBuffers code into a scratch copy and fails if it differs.
check-generated:
	@scripts/check-generated.sh

# The replay viewer, for the browser: vets the viewer's packages as
# WebAssembly, builds viewer/web/viewer.wasm (which deckforge serve
# serves) beside the toolchain's wasm_exec.js, and prints its size.
wasm:
	GOOS=js GOARCH=wasm $(GO) vet ./viewer/...
	@js="$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js"; cmp -s "$$js" viewer/web/wasm_exec.js || cp "$$js" viewer/web/wasm_exec.js
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o viewer/web/viewer.wasm ./viewer/web/wasm
	@echo "viewer/web/viewer.wasm: $$(wc -c <viewer/web/viewer.wasm) bytes, $$(gzip -9 -c viewer/web/viewer.wasm | wc -c) gzipped"

# Six samples of every benchmark, so that benchstat (installed by make deps)
# can tell a change from noise: benchstat old.txt bench.txt.
BENCHCOUNT ?= 6
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) ./engine/... ./genome/... ./sim/... ./evolve/... ./replay/... | tee bench.txt

# Every hostile input of issue 18 through the built CLI, each in a child
# process: its wall time (s) and peak memory (MiB); each must stay within
# 30 s and 512 MiB. Also streams a 100,000-hand .phhs file through
# phh verify, and the serve benchmarks.
.PHONY: hostile
hostile:
	$(GO) test -run '^$$' -bench 'Hostile' -benchtime 1x ./cmd/deckforge
	$(GO) test -run '^$$' -bench 'VerifyBulk100k' -benchtime 1x -benchmem ./engine/phh
	$(GO) test -run '^$$' -bench 'Serve' -benchmem ./viewer/server

# Every fuzz test for FUZZTIME each (not part of make test: a long run).
FUZZTIME ?= 30s
.PHONY: fuzz
fuzz:
	@scripts/fuzz.sh $(FUZZTIME)

# The default sit-out sessions for run seeds 1..20 played to the end (issue
# 14; a long run, not part of make test).
.PHONY: sessions
sessions:
	@scripts/sessions.sh 1 20

# Sit-out sessions of every betting seed with mixed agents (greedy, ismcts,
# random, house), hands played by engine/game, for run seeds 1..3.
.PHONY: sessions-all
sessions-all:
	@scripts/sessions_all.sh 1 3

clean:
	rm -rf $(BIN) bench.txt

# The betting experiment at full size (a few minutes on 2 cores); its
# report.md compares the evolved games with the betting seed games.
.PHONY: evolve-betting
evolve-betting: cli
	$(DECKFORGE) evolve betting --out runs/betting-$$(date +%Y%m%d-%H%M%S)
