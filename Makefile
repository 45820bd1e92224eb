# deckforge — make targets. `make test` is what CI runs (.ci/run).
SHELL := /bin/bash
GO ?= go
BIN := $(CURDIR)/.bin
STATICCHECK_VERSION := v0.8.2
APT_PACKAGES := flatbuffers-compiler
DECKFORGE := $(BIN)/deckforge

export PATH := $(BIN):$(PATH)

.PHONY: all build run test deps lint vet fmt-check staticcheck unit bench generate check-generated clean

all: build

build:
	$(GO) build ./...
	$(GO) build -o $(DECKFORGE) ./cmd/deckforge

# The main job: a short demo run with defaults.
run: build
	@scripts/run.sh

# Everything CI checks, at full size.
test: deps lint check-generated unit

unit:
	$(GO) build ./...
	$(GO) test -count=1 -timeout 30m ./...

deps:
	@scripts/deps.sh "$(BIN)" "$(STATICCHECK_VERSION)" $(APT_PACKAGES)

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

bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./engine/... | tee bench.txt

clean:
	rm -rf $(BIN) bench.txt
