#!/usr/bin/env bash
# Runs a command in a tree and a build folder as if they were this checkout and its .build, so that a build
# in them picks up where this checkout's own build left off:
#
#   Tests/in-place.sh --seed BUILD            copies this checkout's debug build (.build, without the
#                                             extension test's folder and any release build) to BUILD,
#                                             marked by BUILD/.seeded-in-place
#   Tests/in-place.sh TREE BUILD COMMAND...   runs COMMAND in a private mount namespace where TREE is seen at
#                                             this checkout's path and BUILD at its .build (TREE may be the
#                                             checkout itself)
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

usable() { unshare -m --propagation private true 2>/dev/null; }

if [ "${1:-}" = --check ]; then usable; exit; fi
if [ "${1:-}" = --seed ]; then
  build="${2:?--seed needs a build folder}"
  rm -rf "$build"
  mkdir -p "$build"
  for entry in "$root"/.build/* "$root"/.build/.[!.]*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "$(basename "$entry")" in extension-test|release|.lock) continue ;; esac
    if [ -d "$entry" ] && [ ! -L "$entry" ] && [ -d "$entry/debug" ]; then
      # The platform folder (x86_64-unknown-linux-gnu): its debug build only.
      mkdir -p "$build/$(basename "$entry")"
      cp -a "$entry/debug" "$build/$(basename "$entry")/"
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
# The tree's own .build is only a mount point here (the copy's; the checkout's own stays untouched).
[ "$tree" = "$root" ] || mkdir -p "$tree/.build"
exec unshare -m --propagation private bash -c '
  set -e
  tree=$1 root=$2 build=$3; shift 3
  if [ "$tree" = "$root" ]; then
    mount --bind "$build" "$root/.build"
  else
    # The build folder first (its path may lie under the checkout, hidden once the tree covers it), then
    # the tree with it.
    mount --bind "$build" "$tree/.build"
    mount --rbind "$tree" "$root"
  fi
  cd "$root"
  exec "$@"' in-place "$tree" "$root" "$build" "$@"
