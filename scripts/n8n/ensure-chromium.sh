#!/usr/bin/env bash
# Makes sure the e2e editor check has a browser: Debian's Chromium and CJK fonts (the node shows Japanese
# text), installed with apt-get when missing (playwright-core drives Chromium through executablePath;
# Playwright's own browser download cannot work on a closed network). Part of `npm run test:e2e`, so the
# README's test command sets it up. Idempotent. Without root or password-less sudo it fails with what to do.
set -euo pipefail

chromium_path() {
	for p in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
		if [ -n "$p" ] && [ -x "$p" ]; then echo "$p"; return 0; fi
	done
	return 1
}
has_cjk_fonts() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja family 2>/dev/null)" ]; }

if chromium_path >/dev/null && has_cjk_fonts; then
	exit 0
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO="sudo -n"
	else
		echo "ensure-chromium: the e2e editor test needs Chromium and CJK fonts, and they are missing." >&2
		echo "  Install them once:  sudo apt-get install chromium fonts-noto-cjk" >&2
		echo "  (or point CHROMIUM_PATH at a Chromium and install a Japanese font), then run the tests again." >&2
		exit 1
	fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "ensure-chromium: no apt-get here; install Chromium (or set CHROMIUM_PATH) and a CJK font (Noto Sans CJK)." >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
echo "ensure-chromium: installing Debian's chromium and fonts-noto-cjk (apt-get)..."
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null
"$(chromium_path)" --version
has_cjk_fonts || { echo "ensure-chromium: fonts-noto-cjk installed but no Japanese font is listed by fc-list" >&2; exit 1; }
