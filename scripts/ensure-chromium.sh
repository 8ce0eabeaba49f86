#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (no bundled browser
# download), so `npm test` runs this first (package.json's pretest): it installs the system
# package when it is missing and we are root, and otherwise stops with the one command to run.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
INSTALL_CMD='apt-get update && apt-get install -y chromium'

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-chromium: $CHROMIUM missing, installing: $INSTALL_CMD"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
  test -x "$CHROMIUM"
  exit 0
fi

echo "ensure-chromium: $CHROMIUM is missing and this user is not root." >&2
echo "Run as root: $INSTALL_CMD" >&2
exit 1
