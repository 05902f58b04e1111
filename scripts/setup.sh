#!/usr/bin/env bash
# Installs everything Proxy Deck needs on a fresh Debian machine: Debian's Chromium (Playwright
# cannot download its own browser here) and the locked npm dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if ! command -v chromium >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi

npm ci --no-audit --no-fund
