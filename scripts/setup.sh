#!/usr/bin/env bash
# Installs everything Proxy Deck needs on a fresh Debian machine: Debian's Chromium and Firefox ESR (Playwright
# cannot download its own browser here) and the locked npm dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Debian's browsers: Chromium for Playwright, Firefox ESR for the Firefox journey.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# `npm ci` installs exactly the lock, but npm 11.16+ rejects a lock that has no entry for an
# optional platform package the registry cannot serve (npm/cli#9846, "Missing: <name>@ from lock
# file"): on these machines, the non-Linux Biome and Rollup binaries. When npm ci says the lock is
# out of sync, check whether it really is (would `npm install` write a different lock?); if not,
# install from that same lock with `npm install --no-save`.
ci_log="$(mktemp)"
lock_copy="$(mktemp)"
trap 'rm -f "$ci_log" "$lock_copy"' EXIT
if npm ci --no-audit --no-fund >"$ci_log" 2>&1; then
  cat "$ci_log"
else
  if ! grep -q 'from lock file' "$ci_log"; then
    cat "$ci_log" >&2
    exit 1
  fi
  grep -E 'in sync|Invalid:|Missing: [^ ]+@[^ ]+ from' "$ci_log" >&2 || true
  echo "npm ci: $(grep -c 'Missing: [^ ]*@ from' "$ci_log") optional packages missing, without a version" >&2
  cp package-lock.json "$lock_copy"
  npm install --package-lock-only --ignore-scripts --no-audit --no-fund >/dev/null
  if ! cmp -s package-lock.json "$lock_copy"; then
    cp "$lock_copy" package-lock.json
    echo "setup: package-lock.json is out of sync with package.json: run npm install, commit the lock" >&2
    exit 1
  fi
  echo "setup: the lock is in sync; npm ci hit npm/cli#9846, installing with npm install --no-save" >&2
  npm install --no-audit --no-fund --no-save
fi
