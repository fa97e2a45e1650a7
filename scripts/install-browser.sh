#!/usr/bin/env bash
# Install Debian's Chromium (and a font set) for the site browser test
# (tests/site/test_site_browser.py). Idempotent: does nothing when
# /usr/bin/chromium is already there. Exits non-zero on failure.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    echo "install-browser: $CHROMIUM already present: $("$CHROMIUM" --version 2>/dev/null || echo '?')"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-browser: must run as root (or with sudo available)" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "install-browser: apt-get update"
$SUDO apt-get update -q
echo "install-browser: installing chromium and fonts"
$SUDO apt-get install -y -q --no-install-recommends chromium fonts-liberation fonts-dejavu-core

if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: $CHROMIUM still missing after install" >&2
    exit 1
fi
echo "install-browser: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
