#!/usr/bin/env bash
# The system packages the tests need beyond npm: Debian's Chromium for the browser tests.
# `npm test` runs this first. When everything is there it only looks (`test -x`, `dpkg -s`) and
# prints nothing; otherwise it installs what is missing with apt-get (through sudo when not root).
set -euo pipefail

missing=()

# The browser tests run ${CHROMIUM_PATH:-/usr/bin/chromium} (scripts/lib/browser.ts).
if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ ! -x "$CHROMIUM_PATH" ]; then
    echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
    exit 1
  fi
elif [ ! -x /usr/bin/chromium ] || ! dpkg -s chromium >/dev/null 2>&1; then
  missing+=(chromium)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "The browser tests need: ${missing[*]}. Install it, or point CHROMIUM_PATH at a Chromium." >&2
  exit 1
fi
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "The browser tests need: ${missing[*]} (as root: apt-get install ${missing[*]})" >&2
    exit 1
  fi
  SUDO=(sudo)
fi
echo "Installing system packages for the browser tests: ${missing[*]}"
"${SUDO[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Installed: ${missing[*]}"
