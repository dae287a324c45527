#!/bin/sh
# The browser of the end-to-end tests (playwright.config.ts): Debian's Chromium, or CHROMIUM_PATH.
# A family's browser cannot raise its threads above other programs'. Run as root, Chromium does,
# and the server under test, on the same machine, lost the CPU to it: as root, it starts without
# CAP_SYS_NICE (a user without it already has none to give up).
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ "$(id -u)" = 0 ]; then
  exec setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice "$browser" "$@"
fi
exec "$browser" "$@"
