#!/bin/sh
# The image's entrypoint (Dockerfile): before the bot (or any command) starts, check that the
# image's user (uid 10001) can write the data folder, and say what to do in words if not. A
# named volume is fine; a folder of the host mounted there (`-v ./data:/data`) is owned by
# root until it is given to that user.
set -eu
# `true`, not `:`: a failed redirection of a special built-in would end the shell at once.
dir="${SALON_DATA_DIR:-/data}"
probe="$dir/.salon-write-test.$$"
if ! { mkdir -p "$dir" && true >"$probe"; } 2>/dev/null; then
  echo "The bot cannot write its data folder $dir: it runs as uid $(id -u), and a folder" \
    "of the host mounted there belongs to root. On the host, run" \
    "sudo chown -R 10001:10001 FOLDER (the folder mounted on $dir), or use a named volume" \
    "(compose.yaml's salon-data); then start again." >&2
  exit 1
fi
rm -f "$probe"
exec "$@"
