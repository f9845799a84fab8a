# ScrollLab — build, run and test on Debian 12 (root or sudo for the system packages).
#
#   make run    install missing run-time packages, build release, open the window
#   make build  debug build (`make build NO_X11=1`: without the X11 event-time path, no libX11 linked;
#               built in .build-nox11; `make build HEADLESS=1`: only .build/debug/scrolllab-headless, the
#               commands that draw nothing, checked to link no SDL or X11)
#   make test   install missing test packages, build once (release with testability and the unit tests, in
#               .build-test: every test runs the optimized binary), unit tests, a bounded fuzz run beside a
#               headless soak, the real-window and fault tests under Xvfb
#               (the servers among them), then a copy of the tree built with a throwaway policy and
#               scene added where docs/extending.md says (Tests/Extension), and the build without X11 and its
#               window tests; Tests/make-test.sh says in which order, what runs at once and what in the
#               background, and prints each step's seconds
#   make docs     ScrollKit's DocC documentation as a static site in docs/site (prints where)
#   make example  build the ScrollKit example (Examples/) and write its screenshot offscreen
#   make sanitize / make bench   ASan+TSan unit-test runs / micro-benchmarks, failing when a checked one
#               allocates or passes its time ceiling (Benchmarks/Thresholds)
#   make check-layering  fails if the physics (Sources/ScrollKit) imports anything but the C library, if
#                        ArgumentParser or exit() is used below the command line, or SDL outside the window

SHELL := /bin/bash

# macOS (written from Homebrew's and SwiftPM's documentation, not run here): Homebrew's sdl2, sdl2_image
# and sdl2_ttf, Xcode's Swift toolchain; there is no X11, so the window stamps input when it pumps it.
UNAME := $(shell uname -s)
ifeq ($(UNAME),Darwin)
BREW_PREFIX := $(shell brew --prefix 2>/dev/null)
OPENSSL_PREFIX := $(shell brew --prefix openssl@3 2>/dev/null)
SWIFT_FLAGS := -Xcc -I$(BREW_PREFIX)/include -Xlinker -L$(BREW_PREFIX)/lib -Xcc -I$(OPENSSL_PREFIX)/include -Xlinker -L$(OPENSSL_PREFIX)/lib
export SCROLLLAB_NO_X11 := 1
else
SWIFT_FLAGS :=
endif

# libcurl4: the release executables open it on the first HTTP request (static Foundation's URLSession,
# Sources/CCurlOnDemand); debug builds link it through the shared Foundation.
RUN_PACKAGES  := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libjpeg62-turbo-dev libssl-dev libx11-dev libcurl4 fonts-dejavu-core
TEST_PACKAGES := $(RUN_PACKAGES) xvfb xauth xdotool imagemagick python3 parallel ffmpeg chromium chromium-driver \
                 openssh-server openssh-client rsync iproute2 slurm-wlm munge

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

.PHONY: run build release release-flags docs example test test-hosts test-nox11 test-nox11-windows test-headless deps test-deps unit-test window-test sanitize bench bench-thresholds clean check-layering

deps:
ifeq ($(UNAME),Darwin)
	@brew list --versions sdl2 sdl2_image sdl2_ttf jpeg-turbo openssl@3 >/dev/null 2>&1 || brew install sdl2 sdl2_image sdl2_ttf jpeg-turbo openssl@3
else
	$(call install_missing,$(RUN_PACKAGES))
endif

test-deps:
	$(call install_missing,$(TEST_PACKAGES))

# With NO_X11=1 the build goes to its own scratch path, and the binary is checked to link no libX11.
NOX11_SCRATCH := .build-nox11

# The libraries the headless binary must not link: a cluster node has no display libraries.
DISPLAY_LIBS := libSDL2|libX11

build: deps check-layering
ifeq ($(HEADLESS),1)
	swift build --product scrolllab-headless $(SWIFT_FLAGS)
	@if readelf -d .build/debug/scrolllab-headless | grep -E '$(DISPLAY_LIBS)'; then \
	  echo ".build/debug/scrolllab-headless links a display library"; exit 1; \
	else echo ".build/debug/scrolllab-headless: built without SDL or X11 (none linked)"; fi
else ifeq ($(NO_X11),1)
	SCROLLLAB_NO_X11=1 swift build --scratch-path $(NOX11_SCRATCH) --product scrolllab
	@if readelf -d $(NOX11_SCRATCH)/debug/scrolllab | grep -q 'libX11'; then \
	  echo "$(NOX11_SCRATCH)/debug/scrolllab links libX11"; exit 1; \
	else echo "$(NOX11_SCRATCH)/debug/scrolllab: built without X11 (no libX11 linked)"; fi
else
	swift build $(SWIFT_FLAGS)
endif

# A release build's every module, the libraries and the packages they use included, names the concrete generic
# types it uses by their metadata accessors rather than by mangled names the runtime resolves on first use,
# each with a scan of every conformance record (Package.swift sets it only for the program's own modules:
# a library product's unsafe flags would stop a package that depends on it from building).
RELEASE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

release: deps check-layering
	swift build -c release $(RELEASE_FLAGS) $(SWIFT_FLAGS)

# For the scripts that build as `make release` does (Tests/make-test.sh run by itself).
release-flags:
	@echo $(RELEASE_FLAGS)

run: release
	.build/release/scrolllab $(ARGS)

# The window tests that may share the machine run on three Xvfb displays at once, the ones that measure time
# one at a time with only idle-class work beside them (the fuzz run, the soak, the extension copy's unit
# tests); the fuzzer, the release build, the build without X11 and the extension test's copy are built in the
# background (the last two from a copy of the debug build where a mount namespace can be made).
test: test-deps check-layering
	NOX11_SCRATCH=$(NOX11_SCRATCH) RELEASE_FLAGS="$(RELEASE_FLAGS)" Tests/make-test.sh

# The headless binary: built and checked to link no SDL or X11, then a sweep and a replay through it,
# each equal to the window build's.
test-headless:
	$(MAKE) --no-print-directory build HEADLESS=1
	Tests/Headless/run.sh .build/debug/scrolllab-headless .build/debug/scrolllab

# A sweep across two hosts on this machine (network namespaces, each with its own sshd; GNU Parallel over
# --sshlogin) and the Slurm job array on a one-node cluster, both with the headless binary (root only; they
# say so and skip elsewhere).
test-hosts:
	$(MAKE) --no-print-directory build HEADLESS=1
	Tests/Hosts/sweep_hosts_test.sh .build/debug/scrolllab-headless
	Tests/Hosts/slurm_array_test.sh .build/debug/scrolllab-headless

# The build without X11: the binary (checked to link no libX11) and the window tests that do not depend
# on the X server's event times (the pointer-timing tests, fling and stall, need them). The unit tests are
# not built again for it: the one difference is `EventTimeSources.make`, which no unit test reaches.
test-nox11: check-layering
	$(MAKE) --no-print-directory build NO_X11=1
	$(MAKE) --no-print-directory test-nox11-windows

# The binary in $(NOX11_SCRATCH)/$(NOX11_CONFIG), however it was built (`make test` builds it as its one
# build, release with testability, from a copy of that build: Tests/in-place.sh): checked to link no libX11,
# then its window tests.
NOX11_CONFIG := debug
test-nox11-windows:
	@if readelf -d $(NOX11_SCRATCH)/$(NOX11_CONFIG)/scrolllab | grep -q 'libX11'; then \
	  echo "$(NOX11_SCRATCH)/$(NOX11_CONFIG)/scrolllab links libX11"; exit 1; \
	else echo "$(NOX11_SCRATCH)/$(NOX11_CONFIG)/scrolllab: built without X11 (no libX11 linked)"; fi
	Tests/Window/run-all.sh --jobs 2 --only hud_test,pager_test,physics_test,hitch_test,nodisplay_test $(NOX11_SCRATCH)/$(NOX11_CONFIG)/scrolllab

# The physics stays pure: Sources/ScrollKit may import only the C library for math (Glibc, Musl, Darwin).
# Package.swift already keeps LabKit, SDL and ArgumentParser out of its reach; this also keeps out Foundation.
check-layering:
	@bad="$$(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]' Sources/ScrollKit \
	  | grep -vE 'import[[:space:]]+(Glibc|Musl|Darwin)[[:space:]]*$$' || true)"; \
	if [ -n "$$bad" ]; then echo "Sources/ScrollKit must import only Glibc/Musl/Darwin:"; echo "$$bad"; exit 1; fi
	@# B-TGT-1: ArgumentParser and exit() only in the command line; SDL only in the window's target.
	@bad="$$(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+ArgumentParser\b|(^|[^A-Za-z0-9_.])exit\(' \
	  Sources/LabKit Sources/ScrollLabCore Sources/ScrollLabApp Sources/ScrollKit Sources/ScrollLabServer Sources/ScrollLabHTTP || true)"; \
	if [ -n "$$bad" ]; then echo "ArgumentParser and exit() belong to Sources/ScrollLabCLI:"; echo "$$bad"; exit 1; fi
	@bad="$$(grep -rnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+CSDL\b' \
	  Sources/LabKit Sources/ScrollLabCore Sources/ScrollKit Sources/ScrollLabServer Sources/ScrollLabHTTP Sources/ScrollLabCLI || true)"; \
	if [ -n "$$bad" ]; then echo "SDL belongs to Sources/ScrollLabApp:"; echo "$$bad"; exit 1; fi

# ScrollKit's documentation (DocC, Sources/ScrollKit/ScrollKit.docc) as a static site in docs/site.
DOCS_OUT := docs/site
docs: deps
	swift package --allow-writing-to-directory $(DOCS_OUT) generate-documentation --target ScrollKit \
	  --disable-indexing --transform-for-static-hosting --output-path $(DOCS_OUT) \
	  --experimental-documentation-coverage --coverage-summary-level brief
	@echo "ScrollKit documentation written to $(DOCS_OUT) (open $(DOCS_OUT)/documentation/scrollkit/index.html through a web server)"

# The ScrollKit example (Examples/ScrollKitList): builds it and writes its screenshot offscreen.
example: deps
	swift build --product scrollkit-example $(SWIFT_FLAGS)
	.build/debug/scrollkit-example --screenshot .build/example.png

# Only the real-window tests (expects a built debug binary): those that may share the machine on two
# Xvfb displays at once, then those that measure time one at a time.
window-test:
	Tests/Window/run-all.sh --jobs 2 .build/debug/scrolllab

# The unit tests under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer.
sanitize: test-deps
	Tests/Sanitizers/run.sh

# Micro-benchmarks (time and heap allocations per operation), a separate package under Benchmarks/, then
# the thresholds check against Benchmarks/Thresholds: a grid-scene frame, scroll view step or network model
# frame that allocates at all, or whose p90 time passes its ceiling, exits non-zero (exit 2).
# `make bench-thresholds` records the checked benchmarks' p90 figures again (review the diff before committing).
BENCH_CHECKED := ^(GridScene frame during .*|ScrollView step during .*|Network model frame .*)$$
# The tool writes a threshold file's name with `_` for each space but looks it up with the spaces, so the
# files are renamed after an update.
bench: deps
	cd Benchmarks && swift package benchmark
	cd Benchmarks && swift package benchmark thresholds check --path "$$PWD/Thresholds" \
	  --filter '$(BENCH_CHECKED)' --no-progress

bench-thresholds: deps
	cd Benchmarks && rm -rf Thresholds && swift package --allow-writing-to-package-directory benchmark \
	  thresholds update --filter '$(BENCH_CHECKED)' --no-progress
	cd Benchmarks/Thresholds && for f in *_*.json; do mv "$$f" "$${f//_/ }"; done

clean:
	swift package clean
