#!/bin/sh
# Installs this adapter's npm packages, exactly as package-lock.json pins them, into
# node_modules/ here (git-ignored). Idempotent: a second run finds the stamp of the same
# lockfile and does nothing. Game Park's rules themselves are read in place from
# ../shared/peers; nothing of theirs is installed or copied.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
want=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.kot-conform-lock
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi
# --ignore-scripts: esbuild's install script only checks its binary, which npm ci installs
# as the optional package @esbuild/<platform>.
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
printf '%s\n' "$want" > "$stamp"
