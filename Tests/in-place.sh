#!/usr/bin/env bash
# Runs a command in a tree and a build folder as if they were this checkout and its build folder, so that a
# build in them picks up where this checkout's own build left off:
#
#   Tests/in-place.sh --seed BUILD            copies this checkout's build (its scratch folder without the
#                                             extension test's folder and the other configuration's build)
#                                             to BUILD, marked by BUILD/.seeded-in-place
#   Tests/in-place.sh TREE BUILD COMMAND...   runs COMMAND in a private mount namespace where TREE is seen at
#                                             this checkout's path and BUILD at its scratch folder (TREE may
#                                             be the checkout itself)
#
# The build is the debug one in .build, or the one `SCROLLLAB_TEST_SCRATCH` (a folder of the checkout) and
# `SCROLLLAB_TEST_CONFIG` (debug or release) name: `make test` builds once, release with testability, in
# .build-test (Tests/make-test.sh).
#
# SwiftPM and the Swift driver key what they built by absolute paths: the same sources or build folder at
# another path are built again from nothing. Seen at the same paths, a seeded build folder is an ordinary
# incremental build: the modules whose sources or flags differ (a copy with files added, the build without
# X11) are compiled again, the rest is reused. Files of TREE equal to the checkout's must carry their
# times (cp -p) for the driver to see them unchanged.
#
# A mount namespace needs root (CAP_SYS_ADMIN); without it COMMAND is not run and the exit code is 125, and
# the caller builds at the real paths instead (`--check` says which: exit 0 when it can).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
scratch="${SCROLLLAB_TEST_SCRATCH:-.build}"
config="${SCROLLLAB_TEST_CONFIG:-debug}"
case "$config" in debug) other=release ;; release) other=debug ;; *) echo "in-place.sh: SCROLLLAB_TEST_CONFIG is debug or release"; exit 64 ;; esac

usable() { unshare -m --propagation private true 2>/dev/null; }

if [ "${1:-}" = --check ]; then usable; exit; fi
if [ "${1:-}" = --seed ]; then
  build="${2:?--seed needs a build folder}"
  rm -rf "$build"
  mkdir -p "$build"
  for entry in "$root/$scratch"/* "$root/$scratch"/.[!.]*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "$(basename "$entry")" in extension-test|"$other"|.lock) continue ;; esac
    if [ -d "$entry" ] && [ ! -L "$entry" ] && [ -d "$entry/$config" ]; then
      # The platform folder (x86_64-unknown-linux-gnu): the configuration's build only.
      mkdir -p "$build/$(basename "$entry")"
      cp -a "$entry/$config" "$build/$(basename "$entry")/"
    else
      cp -a "$entry" "$build/"
    fi
  done
  touch "$build/.seeded-in-place"
  exit 0
fi

tree="$(cd "${1:?usage: in-place.sh TREE BUILD COMMAND...}" && pwd -P)"
build="$(cd "${2:?usage: in-place.sh TREE BUILD COMMAND...}" && pwd -P)"
shift 2
[ $# -gt 0 ] || { echo "in-place.sh: no command"; exit 64; }
usable || exit 125
# The tree's own scratch folder is only a mount point here (the copy's; the checkout's own stays untouched).
[ "$tree" = "$root" ] || mkdir -p "$tree/$scratch"
[ -d "$root/$scratch" ] || mkdir -p "$root/$scratch"
exec unshare -m --propagation private bash -c '
  set -e
  tree=$1 root=$2 build=$3 scratch=$4; shift 4
  if [ "$tree" = "$root" ]; then
    mount --bind "$build" "$root/$scratch"
  else
    # The build folder first (its path may lie under the checkout, hidden once the tree covers it), then
    # the tree with it.
    mount --bind "$build" "$tree/$scratch"
    mount --rbind "$tree" "$root"
  fi
  cd "$root"
  exec "$@"' in-place "$tree" "$root" "$build" "$scratch" "$@"
