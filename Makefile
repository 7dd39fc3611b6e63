# Switchyard — two commands: `make run` and `make test`. Both install what is missing.
SWIFT ?= swift
BUILD := .build
BIN_DEBUG := $(BUILD)/debug/switchyard
BIN_RELEASE := $(BUILD)/release/switchyard
BENCH_RUNS ?= 5
# The contract check's OpenAPI specs (skipped, and said so, when absent).
export SWITCHYARD_OPENAPI_DIR ?= $(wildcard $(abspath ../shared/api))

.PHONY: all deps test-deps build run test inspect bench clean

all: build

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

build: deps
	$(SWIFT) build

run: build
	$(BIN_DEBUG)

test: test-deps
	@scripts/check-layering.sh
	@/usr/bin/python3 scripts/check-secrets.py
	$(SWIFT) build --build-tests
	SWITCHYARD_BINARY=$(abspath $(BIN_DEBUG)) scripts/test-session.sh $(SWIFT) test --skip-build --disable-swift-testing

# Capture every inspection route, light and dark: build/inspection/*.png and *.a11y.txt
inspect: test-deps
	$(SWIFT) build
	@for route in $$($(BIN_DEBUG) --list-inspection-routes); do \
	  Tools/inspect.sh $$route || exit 1; \
	  Tools/inspect.sh $$route --dark-appearance || exit 1; \
	done

bench: test-deps
	$(SWIFT) build -c release
	mkdir -p $(BUILD)/bench
	cc -O2 -o $(BUILD)/bench/bare-window Tools/bench/bare-window.c $$(pkg-config --cflags --libs gtk4)
	@echo "== start-up: process start to first frame (median of $(BENCH_RUNS))"
	scripts/test-session.sh python3 Tools/bench/startup.py $(BENCH_RUNS) \
	  "bare C GTK 4 window=$(BUILD)/bench/bare-window" \
	  "switchyard --inspection overview=$(BIN_RELEASE) --inspection overview --quit-after-first-frame"
	@echo "== library decode + map vs Python json.loads (median of $(BENCH_RUNS), fresh process each)"
	/usr/bin/python3 Tools/servarr-fixtures.py library movie 20000 $(BUILD)/bench/movies-20000.json
	/usr/bin/python3 Tools/servarr-fixtures.py library series 5000 $(BUILD)/bench/series-5000.json
	/usr/bin/python3 Tools/bench/library.py $(BENCH_RUNS) $(BUILD)/release/switchyard-bench \
	  movies=$(BUILD)/bench/movies-20000.json series=$(BUILD)/bench/series-5000.json

clean:
	rm -rf $(BUILD) build
