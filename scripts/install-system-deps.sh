#!/usr/bin/env bash
# System packages the test suite needs beyond npm: Debian's Chromium for the browser tests.
# Idempotent; does nothing when everything is already there.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Please install: ${missing[*]} (Debian/Ubuntu: apt-get install ${missing[*]})" >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "Installing system packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
