#!/usr/bin/env bash
# The system packages beyond npm: Debian's Chromium and its headless shell for the browser tests, ffmpeg, with which
# the server makes a video's poster frame (server/src/modules/media/storage/videoPoster.ts), and nginx, the
# balancer of the two-server test (test/server/twoServers.test.ts).
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

# The journeys run Chromium's headless shell, ${CHROMIUM_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}
# (scripts/lib/browser.ts): the same engine, a third less CPU per page.
if [ -n "${CHROMIUM_SHELL_PATH:-}" ]; then
  if [ ! -x "$CHROMIUM_SHELL_PATH" ]; then
    echo "CHROMIUM_SHELL_PATH=$CHROMIUM_SHELL_PATH is not an executable file" >&2
    exit 1
  fi
elif [ ! -x /usr/lib/chromium/chromium-headless-shell ] || ! dpkg -s chromium-headless-shell >/dev/null 2>&1; then
  missing+=(chromium-headless-shell)
fi

# A video's poster frame (${FFMPEG_PATH:-ffmpeg}).
if [ -n "${FFMPEG_PATH:-}" ]; then
  if [ ! -x "$FFMPEG_PATH" ]; then
    echo "FFMPEG_PATH=$FFMPEG_PATH is not an executable file" >&2
    exit 1
  fi
elif ! command -v ffmpeg >/dev/null 2>&1; then
  missing+=(ffmpeg)
fi

# The balancer in front of two app servers in the two-server test (${NGINX_PATH:-nginx}).
if [ -n "${NGINX_PATH:-}" ]; then
  if [ ! -x "$NGINX_PATH" ]; then
    echo "NGINX_PATH=$NGINX_PATH is not an executable file" >&2
    exit 1
  fi
elif ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  missing+=(nginx-light)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need: ${missing[*]}. Install them, or point CHROMIUM_PATH / CHROMIUM_SHELL_PATH / FFMPEG_PATH / NGINX_PATH at them." >&2
  exit 1
fi
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "The tests need: ${missing[*]} (as root: apt-get install ${missing[*]})" >&2
    exit 1
  fi
  SUDO=(sudo)
fi
echo "Installing system packages for the tests: ${missing[*]}"
"${SUDO[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Installed: ${missing[*]}"
