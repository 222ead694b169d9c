#!/usr/bin/env bash
# install-deps.sh PACKAGE... — install the Debian packages that are missing (apt-get update first).
# Used by every make target that needs system packages, so a fresh Debian 12 machine works.
# When `locales` is asked for, ko_KR.UTF-8 is generated too: the Korean end-to-end test and
# screenshots run the app in it, and Debian's package ships no compiled locale but C.UTF-8.
set -euo pipefail
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
missing=()
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing missing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if printf '%s\n' "$@" | grep -qx locales && ! locale -a 2>/dev/null | grep -qix 'ko_KR\.utf-\?8'; then
  echo "Generating the ko_KR.UTF-8 locale"
  # Debian's locale-gen builds every line of /etc/locale.gen that is not commented out.
  if grep -q '^# *ko_KR.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null; then
    $SUDO sed -i 's/^# *\(ko_KR.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  elif ! grep -q '^ko_KR.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null; then
    echo 'ko_KR.UTF-8 UTF-8' | $SUDO tee -a /etc/locale.gen >/dev/null
  fi
  $SUDO locale-gen
fi
