# NoiseClock: build, run and test. `make run` sets up a fresh Debian machine and starts the daemon;
# `make test` runs every test. Both install the Debian packages they need first.

SWIFT      ?= swift
PYTHON     ?= python3
DEVICE     ?= default
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Build: the C libraries' headers. Tests: a real PulseAudio server with a null sink, ALSA's pulse plugin,
# parec to record; sox, lame and mpg123 make and check test sounds. Sounds: sox, lame, espeak-ng.
BUILD_PACKAGES := libasound2-dev libmpg123-dev libsqlite3-dev pkg-config tzdata
RUN_PACKAGES   := libasound2 libmpg123-0 alsa-utils libasound2-plugins
TEST_PACKAGES  := pulseaudio pulseaudio-utils sox libsox-fmt-mp3 lame mpg123 espeak-ng

.PHONY: all deps test-deps build debug run test unit integration bench sounds clean

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
	$(call apt_install,$(TEST_PACKAGES))
	@$(PYTHON) -c 'import pytest, numpy' 2>/dev/null || $(PYTHON) -m pip install -q pytest numpy

build: deps
	$(SWIFT) build -c release

debug: deps
	@mkdir -p .build
	$(SWIFT) build 2>&1 | tee .build/build.log
	@! grep -E '/(Sources|Tests)/.*(warning|error):' .build/build.log || (echo "build has warnings: fix them" && false)

run: build
	.build/release/noised --device $(DEVICE)

test: test-deps debug unit integration

unit:
	$(SWIFT) test

integration:
	NOISECLOCK_BIN=$(CURDIR)/.build/debug $(PYTHON) -m pytest -q Tests/integration

bench: test-deps build
	NOISECLOCK_BIN=$(CURDIR)/.build/release $(PYTHON) scripts/bench

sounds:
	scripts/make-sounds

clean:
	rm -rf .build
