#!/usr/bin/env bash
# The sidebar's browser test drives Debian's chromium. Install it when missing (never a browser
# downloaded by a test tool). Needs root or sudo, as on CI and the developers' machines here.
# Where Debian's package cannot be installed (macOS, a snap), point CHROMIUM_PATH at a Chromium:
# the browser test launches that one, and nothing is installed.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser" >&2
  exit 1
fi
command -v chromium >/dev/null 2>&1 && exit 0
echo "Installing Debian's chromium for the sidebar browser test…"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
