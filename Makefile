# ScrollLab — build, run and test on Debian 12 (root or sudo for the system packages).
#
#   make run    install missing run-time packages, build release, open the window
#   make build  debug build
#   make test   install missing test packages, build, unit tests, real-window tests under Xvfb

SHELL := /bin/bash

RUN_PACKAGES  := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev fonts-dejavu-core
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth xdotool imagemagick python3

# Installs the packages given as arguments that dpkg does not report installed;
# `apt-get update` runs once, and only when something is missing.
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; \
	  elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
	  else echo "Missing packages:$$missing (run as root or install sudo)"; exit 1; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi
endef

.PHONY: run build release test deps test-deps unit-test window-test clean

deps:
	$(call install_missing,$(RUN_PACKAGES))

test-deps:
	$(call install_missing,$(TEST_PACKAGES))

build: deps
	swift build

release: deps
	swift build -c release

run: release
	.build/release/scrolllab $(ARGS)

test: test-deps
	swift build
	swift test
	Tests/Window/run-all.sh .build/debug/scrolllab

# Only the real-window tests (expects a built debug binary).
window-test:
	Tests/Window/run-all.sh .build/debug/scrolllab

clean:
	swift package clean
