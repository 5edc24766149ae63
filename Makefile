# NoiseClock: build, run and test. `make run` sets up a fresh Debian machine and starts the daemon;
# `make test` runs every test. Both install the Debian packages they need first.

# pipefail: a build piped through tee (to check its log for warnings) still fails when the build does.
SHELL      := /bin/bash
.SHELLFLAGS := -o pipefail -c

SWIFT      ?= swift
PYTHON     ?= python3
DEVICE     ?= default
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# make install: PREFIX (per user by default, like the service), DESTDIR for staging; see docs/install.md.
PREFIX      ?= $(HOME)/.local
DESTDIR     ?=
# systemd reads user units only from fixed folders (systemd.unit(5); `systemd-analyze --user unit-paths`).
# A prefix in your home gets $XDG_DATA_HOME/systemd/user (~/.local/share/systemd/user), the only one of them
# under ~ that is not for the user's own configuration; /usr/local and /usr get PREFIX/lib/systemd/user.
# Other prefixes (/opt/x) are not searched: set USERUNITDIR= to one that is.
USERUNITDIR ?= $(if $(filter $(HOME)/%,$(PREFIX)),$(or $(XDG_DATA_HOME),$(HOME)/.local/share),$(PREFIX)/lib)/systemd/user
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
INSTALL_VARS = PREFIX='$(PREFIX)' DESTDIR='$(DESTDIR)' USERUNITDIR='$(USERUNITDIR)' ZSHCOMPDIR='$(ZSHCOMPDIR)'

# One release tree, .build/static, for `make build`/`make run`, `make install`, `make deb` and `make bench`:
# noiseclock (noised, noisectl and noiseweb: one program with three names) carries the Swift runtime
# (-static-stdlib) so it runs without the toolchain; no $ORIGIN
# RUNPATH, full RELRO. So `make install` after `make run` links nothing again. Its own scratch path, so a
# plain `swift build -c release` by hand (.build/release) cannot relink it without these flags.
# The stamp is newer than every source once built: `sudo make install` then only copies.
STATIC      := .build/static
# A plain release build: the compiler's defaults, memory-safety checks included.
RELEASE_OPTS := -c release
STATIC_OPTS := --scratch-path $(STATIC) $(RELEASE_OPTS) -Xswiftc -static-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
# What install and the .deb take: the stripped programs, their debug symbols, man pages, completions.
DIST        := $(STATIC)/share
STAMP       := $(DIST)/built
MAN_DATE    := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

# Build: the C libraries' headers (libsystemd-dev: sd-bus, for D-Bus). Tests: a real PulseAudio server with a null
# sink, ALSA's pulse plugin, parec to record; sox, lame and mpg123 make and check test sounds, opusenc the Opus
# ones (sox cannot write Opus); libfuse2 (with fusepy) mounts a stalled file system, as a hung network mount
# behaves; dbus-daemon runs private buses, playerctl and gdbus (libglib2.0-bin) are the real D-Bus clients, and
# python3-dbusmock stands in for logind and a notification server; desktop-file-validate (desktop-file-utils)
# checks the desktop entry; jq runs docs/desktop.md's status-bar script; rsvg-convert (librsvg2-bin) rasterises
# the life poster for `noisectl life grid --png`; certutil (libnss3-tools) makes the test browser trust noiseweb's
# own CA, zbarimg (zbar-tools) reads back `noisectl web pair`'s QR code; libqrencode draws it. noisehome's MQTT:
# libmosquitto-dev's header (the library, libmosquitto1, is loaded at run time); the tests run Debian's mosquitto
# broker with openssl's test certificates. Sounds: sox, lame, espeak-ng.
BUILD_PACKAGES := libasound2-dev libmpg123-dev libsndfile1-dev libsoxr-dev libsqlite3-dev libsystemd-dev libqrencode-dev libical-dev \
                  libmosquitto-dev \
                  pkg-config \
                  tzdata
RUN_PACKAGES   := libasound2 libmpg123-0 libsndfile1 libsoxr0 libsystemd0 libqrencode4 libical3 libmosquitto1 alsa-utils libasound2-plugins
TEST_PACKAGES  := pulseaudio pulseaudio-utils sox libsox-fmt-mp3 opus-tools lame mpg123 espeak-ng sqlite3 tmux \
                  libfuse2 dbus-daemon playerctl libglib2.0-bin python3-dbusmock desktop-file-utils jq \
                  librsvg2-bin chromium chromium-driver libnss3-tools zbar-tools mosquitto openssl
# make bench: the peers it measures noised against (mpd with mpc, mpg123), the PulseAudio server and
# parec/pactl it plays and records through, sox and lame for the seam loop, gcc for its C client.
BENCH_PACKAGES := mpd mpc mpg123 pulseaudio pulseaudio-utils alsa-utils libasound2-plugins sox lame gcc libc6-dev
# make deb: dpkg-deb and dpkg-shlibdeps, lintian (binutils: readelf, objcopy and strip, which make release-static needs too).
DEB_PACKAGES   := dpkg-dev binutils lintian

.PHONY: all deps test-deps bench-deps build debug run test unit integration bench bench-web sounds clean \
        release-static install uninstall deb stress fuzz unit-build lint format

all: build

# Installs only what is missing, so a set-up machine does not touch apt at all.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES) $(DEB_PACKAGES))
	@$(PYTHON) -c 'import pytest, numpy, fuse, xdist' 2>/dev/null || $(PYTHON) -m pip install -q pytest numpy fusepy pytest-xdist
	@# sgp4 ships Vallado's verification set (SGP4-VER.TLE, tcppver.out) that Tests/integration/test_satellites.py reads.
	@# skyfield is the reference for passes, the Sun and the shadow; skyfield-data carries its DE421 (no download).
	@$(PYTHON) -c 'import sgp4, skyfield, skyfield_data' 2>/dev/null || $(PYTHON) -m pip install -q 'sgp4==2.27' 'skyfield==1.55' 'skyfield-data==7.0.0'
	@# The web pages' tests drive Debian's Chromium through its chromedriver (TEST_PACKAGES) with Selenium.
	@$(PYTHON) -c 'import selenium' 2>/dev/null || $(PYTHON) -m pip install -q 'selenium==4.38.0'
	@# noisehome's MQTT tests: paho-mqtt stands in for Home Assistant against Debian's mosquitto (TEST_PACKAGES).
	@$(PYTHON) -c 'import paho.mqtt' 2>/dev/null || $(PYTHON) -m pip install -q 'paho-mqtt==2.2.0'

build: release-static

debug: deps
	@mkdir -p .build
	$(SWIFT) build 2>&1 | tee .build/build.log
	@! grep -E '/(Sources|Tests|Benchmarks)/.*(warning|error):' .build/build.log || (echo "build has warnings: fix them" && false)
	@# noised and noiseweb by name (NOISECLOCK_BIN=.build/debug, make stress): links to the one program, as installed.
	for p in noised noisectl noiseweb noisehome; do ln -sfn noiseclock .build/debug/$$p || exit 1; done

# Says where noisectl is before noised takes the terminal (it runs in the foreground until Ctrl-C).
run: build
	@echo "noisectl is $(CURDIR)/$(STATIC)/release/noisectl. In another terminal, put it on PATH with"
	@echo "  export PATH=\"$(CURDIR)/$(STATIC)/release:\$$PATH\""
	@echo "(or run make install: ~/.local/bin). Starting noised on device $(DEVICE), noiseweb (the web page) and,"
	@echo "when config.toml has [mqtt] or [hooks], noisehome (docs/home.md); Ctrl-C stops them."
	@bin=$(STATIC)/release; \
	$$bin/noised --device $(DEVICE) & daemon=$$!; \
	$$bin/noiseweb --web-root $(CURDIR)/web 2> >(while IFS= read -r line; do \
	    echo "$$line" >&2; \
	    case "$$line" in *"listening on http"*) echo "The web page: $$($$bin/noisectl web --no-open)";; esac; \
	  done) & web=$$!; \
	home=; \
	if grep -qsE '^[[:space:]]*\[(mqtt|hooks)\]' "$${XDG_CONFIG_HOME:-$$HOME/.config}/noised/config.toml"; then \
	  $$bin/noisehome & home=$$!; fi; \
	trap 'kill $$daemon $$web $$home 2>/dev/null' INT TERM EXIT; \
	wait -n $$daemon $$web $$home

# swift format (part of the toolchain) with the checked-in .swift-format, over every Swift file (docs/testing.md,
# "Format"): make lint fails on any finding, make format rewrites the files in place.
FORMAT_PATHS := Package.swift Sources Tests Benchmarks
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

# The tiers (docs/testing.md), one after another, each with the machine to itself: the format check (seconds, so
# a finding fails at once); the release tree users get, built once (the end-to-end tests and make install/deb use
# it); the unit tests' debug build (only what they import: no executable, no TLS); the end-to-end tests in parallel
# workers against the release tree, the slowest 25 named; the unit tests. Each phase prints its time, and the list
# at the end. (Two builds at once, or a build beside the end-to-end tests, measured slower in all: docs/testing.md.)
TEST_JOBS  ?= 4
TIMED      := TIMED_LOG=$(CURDIR)/.build/test-times scripts/timed
test: test-deps
	@mkdir -p .build && rm -f .build/test-times
	@$(TIMED) "lint" $(MAKE) --no-print-directory lint
	@$(TIMED) "release build" $(MAKE) --no-print-directory release-static
	@$(TIMED) "unit-test build" $(MAKE) --no-print-directory unit-build
	@$(TIMED) "end-to-end tests" $(MAKE) --no-print-directory integration
	@$(TIMED) "unit tests" $(MAKE) --no-print-directory unit
	@echo "make test took:" && cat .build/test-times

# The bench's floors (Benchmarks/, scripts/benchlib/control.py and passes.py), built in release by make bench.
BENCH_FLOORS := client-floor nio-floor pass-search
# The unit tests' build, warnings refused as in every build; with it, in debug, the executables no release build
# of make test makes (the fuzz harness, the bench's floors), so a change that breaks them fails here.
unit-build: deps
	@mkdir -p .build
	for p in NoiseClockPackageTests noise-fuzz $(BENCH_FLOORS); do $(SWIFT) build --product $$p || exit 1; done \
	  2>&1 | tee .build/unit-build.log
	@! grep -E '/(Sources|Tests|Benchmarks)/.*(warning|error):' .build/unit-build.log || (echo "build has warnings: fix them" && false)

unit: unit-build
	$(SWIFT) test --skip-build

# Against the release tree (NOISECLOCK_BIN): the programs users run. TEST_JOBS workers, each with its own
# PulseAudio server; a file's tests that share a module fixture stay on one worker (xdist_group).
integration: test-deps release-static
	NOISECLOCK_BIN=$(CURDIR)/$(STATIC)/release $(PYTHON) -m pytest -q -n $(TEST_JOBS) --dist loadgroup \
	  --durations=25 Tests/integration

# kill -9 crash safety (1,000 changes), the 30-day alarm soak, then 5 min of request fuzzing if scripts/fuzz exists.
stress: test-deps debug
	NOISECLOCK_BIN=$(CURDIR)/.build/debug $(PYTHON) -m pytest -q -s -p no:cacheprovider Tests/stress
	$(SWIFT) test --filter NoiseSoakTests
	@if [ -x scripts/fuzz ]; then FUZZ_SECONDS=300 scripts/fuzz request; else echo "scripts/fuzz not found: no fuzzing"; fi

bench-deps: test-deps
	$(call apt_install,$(BENCH_PACKAGES))

# The whole comparison (about 18 min; docs/performance.md), then the web page's figures (bench-web, below).
# BENCH_ARGS passes options: BENCH_ARGS=--quick.
bench: bench-deps release-static
	for p in $(BENCH_FLOORS); do $(SWIFT) build $(STATIC_OPTS) --product $$p || exit 1; done
	NOISECLOCK_BIN=$(CURDIR)/$(STATIC)/release $(PYTHON) scripts/bench $(BENCH_ARGS)
	NOISECLOCK_BIN=$(CURDIR)/$(STATIC)/release $(PYTHON) scripts/bench-web $(filter $(BENCH_WEB_SHARED),$(BENCH_ARGS)) $(BENCH_WEB_ARGS)

# The web pages' figures (issues 40 and 41; docs/performance.md, "The web page"): the pages in headless Chromium
# (test-deps) against noiseweb and noised (about 11 min). BENCH_WEB_ARGS passes options; make bench passes on BENCH_ARGS's shared ones.
BENCH_WEB_SHARED := --quick --write --no-write --keep
bench-web: test-deps release-static
	NOISECLOCK_BIN=$(CURDIR)/$(STATIC)/release $(PYTHON) scripts/bench-web $(BENCH_WEB_ARGS)

sounds:
	scripts/make-sounds

# libFuzzer on the request handler and the file parsers, FUZZ_SECONDS (default 60) per target; docs/reliability.md.
fuzz: deps
	scripts/fuzz $(FUZZ_SECONDS)

# The release program with the Swift runtime linked in, noiseclock (noised, noisectl and noiseweb are links to
# it: docs/install.md), then in $(DIST): stripped, its debug symbols split off into
# debug/.build-id/NN/REST.debug (objcopy, as Debian's dh_strip does; gdb finds them by build id), the man pages
# (packaging/man/ with the options and commands filled in from the parser by scripts/make-man) and noisectl's
# shell completions.
release-static: $(STAMP)

$(STAMP): Makefile Package.swift $(wildcard Package.resolved) $(shell find Sources Benchmarks packaging/man web -type f) \
          scripts/make-man
	$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES) binutils python3)
	@mkdir -p $(STATIC)
	@# The one program (the bench's floors are built by make bench), and noised, noisectl and noiseweb as links to it,
	@# so NOISECLOCK_BIN=$(STATIC)/release and make run find them by name.
	$(SWIFT) build $(STATIC_OPTS) --product noiseclock 2>&1 | tee $(STATIC)/build.log
	@! grep -E '/(Sources|Tests|Benchmarks)/.*(warning|error):' $(STATIC)/build.log || (echo "build has warnings: fix them" && false)
	for p in noised noisectl noiseweb noisehome; do ln -sfn noiseclock $(STATIC)/release/$$p || exit 1; done
	rm -rf $(DIST) && mkdir -p $(DIST)/bin
	for p in noiseclock; do \
	  id=$$(readelf -n $(STATIC)/release/$$p | sed -n 's/^ *Build ID: //p'); \
	  [ -n "$$id" ] || { echo "$$p has no build id" >&2; exit 1; }; \
	  debug=$(DIST)/debug/.build-id/$$(echo $$id | cut -c1-2)/$$(echo $$id | cut -c3-).debug; \
	  mkdir -p $$(dirname $$debug) && \
	  objcopy --only-keep-debug --compress-debug-sections $(STATIC)/release/$$p $$debug && \
	  strip --remove-section=.comment --remove-section=.note -o $(DIST)/bin/$$p $(STATIC)/release/$$p && \
	  objcopy --add-gnu-debuglink=$$debug $(DIST)/bin/$$p || exit 1; done
	$(PYTHON) scripts/make-man $(STATIC)/release/noised packaging/man/noised.8.in $(MAN_DATE) > $(DIST)/noised.8
	$(PYTHON) scripts/make-man $(STATIC)/release/noisectl packaging/man/noisectl.1.in $(MAN_DATE) > $(DIST)/noisectl.1
	$(PYTHON) scripts/make-man $(STATIC)/release/noiseweb packaging/man/noiseweb.1.in $(MAN_DATE) > $(DIST)/noiseweb.1
	$(PYTHON) scripts/make-man $(STATIC)/release/noisehome packaging/man/noisehome.1.in $(MAN_DATE) > $(DIST)/noisehome.1
	for sh in bash zsh fish; do \
	  $(STATIC)/release/noisectl --generate-completion-script $$sh | sed '1{/^#!/d;}' > $(DIST)/noisectl.$$sh; done
	touch $@

# Installs binaries, sounds, user units, man pages, completions, the desktop entry and its icon; lists them in
# PREFIX/share/noiseclock/install-manifest.
install: $(STAMP)
	$(INSTALL_VARS) BUILD=$(DIST) scripts/install-files install

# Removes what that manifest lists, then the folders install created if they are empty. Needs no build.
uninstall:
	@$(INSTALL_VARS) scripts/install-files uninstall

# .build/deb/noiseclock_VERSION_ARCH.deb (files in /usr, binaries stripped, Depends from dpkg-shlibdeps) and
# noiseclock-dbgsym_VERSION_ARCH.deb (their debug symbols), then lintian on both.
deb: $(STAMP)
	$(call apt_install,$(DEB_PACKAGES))
	@debs=$$(scripts/make-deb $(DIST) .build/deb) && echo "Built" $$debs && \
	lintian --fail-on error,warning $$debs

clean:
	rm -rf .build
