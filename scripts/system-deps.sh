#!/usr/bin/env bash
# System tools some tests use: poppler's pdftoppm (PDF pages to PNG) and Chromium
# (browser tests). Installed from Debian's packages when missing and we may (root with
# apt-get, as on CI); otherwise say what to install, and those tests will say so too.
set -u
missing=()
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${missing[*]}"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "note: install ${missing[*]} for the PDF-to-PNG and browser tests (e.g. sudo apt-get install ${missing[*]})"
fi
exit 0
