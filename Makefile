# GitHub Finder — the commands in README.md. Each installs the Debian packages it needs first.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
PORT ?= 8787
# Debian 12 packages: build (SQLite, libcurl for FoundationNetworking, Python for data scripts).
BUILD_DEPS := build-essential pkg-config libsqlite3-dev libcurl4 python3 ca-certificates git
TEST_DEPS := $(BUILD_DEPS) curl

.PHONY: deps test-deps build test run demo bench fixtures clean

deps:
	@scripts/install-deps.sh $(BUILD_DEPS)

test-deps:
	@scripts/install-deps.sh $(TEST_DEPS)

build: deps
	$(SWIFT) build

## make test: every test (Swift Testing + XCTest), debug build.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2

## make run: until the GTK app lands, starts the GitHub double (the app will use it via --api-url).
run: deps
	$(SWIFT) build --product github-fixture-server
	@echo "The GTK app is not built yet (issue 4); starting the GitHub double instead."
	.build/debug/github-fixture-server --port $(PORT)

## make demo: the GitHub double on 127.0.0.1:$(PORT), for trying the client and (later) the app.
demo: deps
	$(SWIFT) build --product github-fixture-server
	.build/debug/github-fixture-server --port $(PORT)

## make bench: release build; prints one JSON object per measurement.
bench: deps
	$(SWIFT) build -c release --product github-finder-bench
	.build/release/github-finder-bench

## make fixtures: regenerate data/fixtures (deterministic: the committed file should not change).
fixtures:
	python3 scripts/generate-fixture-data.py

clean:
	rm -rf .build
