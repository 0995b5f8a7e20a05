#!/usr/bin/env bash
# Installs Debian's Chromium for the e2e editor check (playwright-core drives it through executablePath;
# Playwright's own browser download cannot work on a closed network). Idempotent; needs root or sudo.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
	exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null
chromium --version
