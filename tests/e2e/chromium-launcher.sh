#!/usr/bin/env bash
# Starts Debian's Chromium (or $CHROMIUM_PATH) for Playwright with every --disable-features and
# every --enable-features merged into one of each. Chromium keeps only the last of each, and
# Playwright passes lists of its own first: a test's list would otherwise silently drop
# Playwright's (HttpsUpgrades among them, which turns the test sites' http:// into https://).
set -euo pipefail
chromium="${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || true)}"
if [ -z "$chromium" ]; then
  echo "Chromium not found: run scripts/setup.sh (Debian's chromium) or set CHROMIUM_PATH." >&2
  exit 127
fi
args=()
disabled=()
enabled=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    --enable-features=*) enabled+=("${arg#--enable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
joined() { local IFS=,; echo "$*"; }
[ "${#disabled[@]}" -gt 0 ] && args+=("--disable-features=$(joined "${disabled[@]}")")
[ "${#enabled[@]}" -gt 0 ] && args+=("--enable-features=$(joined "${enabled[@]}")")
exec "$chromium" "${args[@]}"
