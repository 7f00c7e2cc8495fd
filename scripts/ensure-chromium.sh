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
# Another apt (unattended upgrades, a second install) may hold dpkg's lock: wait for it up to five
# minutes rather than fail with "Could not get lock".
WAIT=(-o DPkg::Lock::Timeout=300)
fail() {
  echo "Could not install Debian's chromium ($1). Install it (apt-get install chromium) or set CHROMIUM_PATH, then run npm test again." >&2
  exit 1
}
$SUDO apt-get "${WAIT[@]}" update -qq || fail "apt-get update failed"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${WAIT[@]}" install -y -qq chromium >/dev/null ||
  fail "apt-get install failed"
command -v chromium >/dev/null || fail "no chromium on the PATH after installing it"
