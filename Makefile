# Switchyard — two commands: `make run` and `make test`. Both install what is missing.
SWIFT ?= swift
BUILD := .build
BIN_DEBUG := $(BUILD)/debug/switchyard
BIN_RELEASE := $(BUILD)/release/switchyard
BENCH_RUNS ?= 5
# The contract check's OpenAPI specs (skipped, and said so, when absent).
export SWITCHYARD_OPENAPI_DIR ?= $(wildcard $(abspath ../shared/api))

.PHONY: all deps check-deps test-deps bench-deps build locale po run demo check test fuzz inspect bench install uninstall release deb check-packaging clean

PREFIX ?= /usr/local
DESTDIR ?=
APP_ID := app.switchyard.Switchyard
# Release builds for installing link the Swift runtime statically: the binary needs only Debian's libraries.
STATIC_BUILD := $(BUILD)/static
BIN_STATIC := $(STATIC_BUILD)/release/switchyard
# The app icon's PNG sizes (Tools/render-app-icon.py): GTK takes them for the window icon instead of
# rendering the SVG through librsvg.
ICON_SIZES := 16 24 32 48 64 128
# The spinners' images (Tools/render-spinner.py): the theme's spinner icon is an SVG only.
SPINNER_SIZES := 16 32 64
SPINNER_ICONS := $(foreach size,$(SPINNER_SIZES),share/icons/hicolor/$(size)x$(size)/status/$(APP_ID)-working.symbolic.png)
INSTALLED := bin/switchyard $(patsubst po/%.po,share/locale/%/LC_MESSAGES/switchyard.mo,$(wildcard po/*.po)) share/applications/$(APP_ID).desktop share/metainfo/$(APP_ID).metainfo.xml \
	share/icons/hicolor/scalable/apps/$(APP_ID).svg share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	$(foreach size,$(ICON_SIZES),share/icons/hicolor/$(size)x$(size)/apps/$(APP_ID).png) $(SPINNER_ICONS)

all: build

deps:
	@scripts/install-deps.sh build

check-deps:
	@scripts/install-deps.sh check

test-deps:
	@scripts/install-deps.sh test

bench-deps:
	@scripts/install-deps.sh bench

build: deps locale
	$(SWIFT) build

# The compiled catalogues the build tree runs with (ResourcePaths.localeDirectory); installed ones
# go to share/locale. `make po` regenerates the template from the sources and merges it into po/*.po.
LOCALE_BUILD := $(BUILD)/locale
locale: $(patsubst po/%.po,$(LOCALE_BUILD)/%/LC_MESSAGES/switchyard.mo,$(wildcard po/*.po))
$(LOCALE_BUILD)/%/LC_MESSAGES/switchyard.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check --output-file=$@ $<

po:
	scripts/po.sh update

run: build
	$(BIN_DEBUG)

# Switchyard against the real local peers and fixture servers in a throwaway profile (scripts/demo.sh).
demo: test-deps
	$(SWIFT) build
	scripts/demo.sh

# The fast tier: everything that needs no display, daemon or keyring (Documentation/Testing.md).
CHECK_TESTS := '^(CoreTests|DesktopAppLogicTests)\.'
check: check-deps
	@scripts/check-layering.sh
	@/usr/bin/python3 scripts/check-secrets.py
	@scripts/check-structure.sh
	@scripts/po.sh check
	@$(MAKE) --no-print-directory locale
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing --filter $(CHECK_TESTS)

# Everything: the static checks, the packaging and desktop-handler check, the fuzz smoke, and every
# test tier inside the test session (Xvfb, D-Bus, AT-SPI, gnome-keyring, the real peers).
test: test-deps
	@scripts/check-layering.sh
	@/usr/bin/python3 scripts/check-secrets.py
	@scripts/check-structure.sh
	@scripts/po.sh check
	@$(MAKE) --no-print-directory locale
	$(SWIFT) build --build-tests
	@scripts/check-packaging.sh   # after the build: the desktop-handler check configures its profile with switchyard-demo-setup
	@OPT=-Onone scripts/fuzz.sh 8    # the fuzz smoke: every decoder family for 8 s, unoptimised build (make fuzz SECONDS=N for real runs)
	SWITCHYARD_BINARY=$(abspath $(BIN_DEBUG)) scripts/test-session.sh scripts/run-tests.sh $(SWIFT) test --skip-build --disable-swift-testing

# Fuzz every decoder family for SECONDS each (libFuzzer + AddressSanitizer; ASAN=0 for speed)
SECONDS ?= 60
fuzz: test-deps
	scripts/fuzz.sh $(SECONDS)

# Capture every inspection route, light and dark: build/inspection/*.png and *.a11y.txt
inspect: test-deps
	$(SWIFT) build
	@for route in $$($(BIN_DEBUG) --list-inspection-routes); do \
	  Tools/inspect.sh $$route || exit 1; \
	  Tools/inspect.sh $$route --dark-appearance || exit 1; \
	done

SOAK_MINUTES ?= 30
# Each step leaves its report here; Tools/bench/table.py prints every target against them at the end.
bench: export SWITCHYARD_BENCH_RESULTS := $(abspath $(BUILD)/bench/results)
bench: export XPROBE := $(abspath $(BUILD)/bench/xprobe)
bench: bench-deps
	$(SWIFT) build -c release -Xswiftc -DSWITCHYARD_BENCHMARK_PROBE   # the probe is left out of shipped builds
	rm -rf $(BUILD)/bench/results && mkdir -p $(BUILD)/bench/results
	cc -O2 -o $(BUILD)/bench/bare-window Tools/bench/bare-window.c $$(pkg-config --cflags --libs gtk4)
	cc -O2 -o $(BUILD)/bench/xprobe Tools/bench/xprobe.c -lX11 -lXdamage
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(STATIC_BUILD) --product switchyard # what make install ships
	@echo "== start-up: process start to first frame (median of $(BENCH_RUNS))"
	scripts/test-session.sh python3 Tools/bench/startup.py $(BENCH_RUNS) \
	  "bare C GTK 4 window=$(BUILD)/bench/bare-window" \
	  "switchyard --inspection overview=$(BIN_RELEASE) --inspection overview --quit-after-first-frame" \
	  "the same, shipped build (static stdlib)=$(BIN_STATIC) --inspection overview --quit-after-first-frame"
	@echo "== idle: CPU per minute with nothing to do (welcome page, animations on)"
	scripts/test-session.sh /usr/bin/python3 Tools/bench/idle.py $(BIN_RELEASE) 60
	@echo "== memory baseline: a bare C GTK 4 window after 60 s, then the same with a plain 2,000-row table"
	scripts/test-session.sh /usr/bin/python3 Tools/bench/bare-rss.py $(BUILD)/bench/bare-window 60
	@echo "== library decode + map vs Python json.loads (median of $(BENCH_RUNS), fresh process each)"
	/usr/bin/python3 Tools/servarr-fixtures.py library movie 20000 $(BUILD)/bench/movies-20000.json
	/usr/bin/python3 Tools/servarr-fixtures.py library series 5000 $(BUILD)/bench/series-5000.json
	/usr/bin/python3 Tools/bench/library.py $(BENCH_RUNS) $(BUILD)/release/switchyard-bench \
	  movies=$(BUILD)/bench/movies-20000.json series=$(BUILD)/bench/series-5000.json
	@echo "== qBittorrent sync/maindata: a 5,000-torrent full update, then 100 diffs changing 5 % each"
	/usr/bin/python3 Tools/bench/qbt-maindata.py 5000 100 0.05 $(BUILD)/bench/qbt
	$(BUILD)/release/switchyard-bench qbt-merge $(BUILD)/bench/qbt
	@echo "== fan-out: 8 services each answering after 300 ms vs 1 (target <= 1.2x)"
	$(BUILD)/release/switchyard-bench fanout $(BUILD)/release/switchyard-fixture-server Fixtures
	@echo "== speed history: a sample's cost, 30 days of a refresh every 2 s on disk, read back (targets <= 0.05 ms, <= 5 MB)"
	$(BUILD)/release/switchyard-bench speed-history
	@echo "== stack doctor: one pass over 3 orchestrators (fixture servers) and 5 clients (the real peers, a SABnzbd fixture) (target <= 2 s)"
	scripts/test-session.sh bash -c 'run=$$(mktemp -d); trap "/usr/bin/python3 Tests/Peers/peers.py stop $$run" EXIT; \
	  /usr/bin/python3 Tests/Peers/peers.py start $$run && $(BUILD)/release/switchyard-bench doctor $$run/peers.json \
	  $(BUILD)/release/switchyard-fixture-server Fixtures'
	@echo "== window with 20,000 movies: content to list shown, stall, RSS after scrolling with posters (3 runs)"
	Tools/bench/ui.sh library
	@echo "== window with a Lidarr of 5,000 artists (60,000 albums): the Music tab shown, stall, scrolling, refresh (3 runs)"
	Tools/bench/ui.sh music
	@echo "== Add Series: lookup answer to 50 results painted, stall while typing (5 rounds x 3 runs)"
	Tools/bench/ui.sh lookup
	@echo "== Prowlarr search across 20 indexers (1,000 results): last answer to painted, stall while they stream in (3 rounds)"
	Tools/bench/ui.sh search
	@echo "== speed graph: 30 days laid out and redrawn offscreen, 520 x 140 (target <= 4 ms)"
	Tools/bench/ui.sh graph
	@echo "== details pane: a torrent of 10,000 files (Files page painted, a folder toggled, scrolled, 1,000 files skipped), then Peers read every second vs closed"
	Tools/bench/ui.sh details
	@echo "== live updates vs polling: a change at Sonarr to the Activity row painted (20 rounds each), and an idle minute's bytes"
	Tools/bench/ui.sh live
	@echo "== wire budget, then the Downloads tab: real qBittorrent and Transmission holding 2,000 torrents"
	scripts/test-session.sh bash -c 'run=$$(mktemp -d); trap "/usr/bin/python3 Tests/Peers/peers.py stop $$run" EXIT; \
	  /usr/bin/python3 Tests/Peers/peers.py bulk 2000 $$run && $(BUILD)/release/switchyard-bench wire $$run/peers.json \
	  && Tools/bench/ui.sh downloads $$run && Tools/bench/ui.sh downloads-rtorrent $$run && Tools/bench/ui.sh pause $$run \
	  && Tools/bench/ui.sh side-by-side $$run'
	@echo "== the Downloads tab with 10,000 transfers (a qBittorrent-shaped server, 5 % changing every 5 s), then typing into its filter"
	Tools/bench/ui.sh downloads10k
	@echo "== five clients: each alone, then all together (the real peers and a SABnzbd fixture server)"
	Tools/bench/ui.sh clients
	@echo "== soak: 2,000 transfers refreshed every 2 s with churn for $(SOAK_MINUTES) minutes (RSS growth, stalls)"
	Tools/bench/ui.sh soak $(SOAK_MINUTES)
	@echo "== every target against this run"
	@/usr/bin/python3 Tools/bench/table.py $(BUILD)/bench/results

release: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(STATIC_BUILD) --product switchyard

install: release
	install -Dm755 -s $(BIN_STATIC) $(DESTDIR)$(PREFIX)/bin/switchyard
	mkdir -p $(DESTDIR)$(PREFIX)/share/applications $(DESTDIR)$(PREFIX)/share/metainfo
	scripts/po.sh desktop Resources/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	scripts/po.sh metainfo Resources/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	chmod 644 $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	scripts/po.sh compile $(DESTDIR)$(PREFIX)/share/locale
	install -Dm644 Resources/icons/hicolor/scalable/apps/$(APP_ID).svg \
	  $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 Resources/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
	  $(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	for size in $(ICON_SIZES); do install -Dm644 Resources/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png \
	  $(DESTDIR)$(PREFIX)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png || exit 1; done
	for icon in $(SPINNER_ICONS); do install -Dm644 Resources/icons/$${icon#share/icons/} $(DESTDIR)$(PREFIX)/$$icon || exit 1; done
	@if [ -z "$(DESTDIR)" ] && command -v gtk-update-icon-cache >/dev/null; then \
	  gtk-update-icon-cache -qtf $(PREFIX)/share/icons/hicolor || true; fi
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null; then \
	  update-desktop-database -q $(PREFIX)/share/applications || true; fi

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	@if [ -z "$(DESTDIR)" ] && command -v update-desktop-database >/dev/null && [ -d $(PREFIX)/share/applications ]; then \
	  update-desktop-database -q $(PREFIX)/share/applications || true; fi

deb: release
	scripts/build-deb.sh $(BIN_STATIC) build/deb

clean:
	rm -rf $(BUILD) build
