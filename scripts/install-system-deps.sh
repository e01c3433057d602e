#!/usr/bin/env bash
# Installs and starts the system parts the tests talk to: CUPS with a PDF queue and a
# queue with trays (ipptool from cups-ipp-utils reads job names and states), Debian's Chromium, poppler-utils (pdftotext/pdfinfo/pdftoppm) and
# zbar-tools (barcode decoding). Idempotent: safe to run again on a prepared machine.
set -euo pipefail

packages=(cups cups-client cups-bsd cups-ipp-utils printer-driver-cups-pdf poppler-utils chromium zbar-tools fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The tray queue prints to a file: CUPS refuses file: devices unless told otherwise.
if ! grep -q '^FileDevice Yes' /etc/cups/cups-files.conf; then
  echo 'FileDevice Yes' >> /etc/cups/cups-files.conf
  pkill -x cupsd 2>/dev/null || true
  sleep 1
fi

if ! pgrep -x cupsd >/dev/null; then
  mkdir -p /run/cups
  /usr/sbin/cupsd
fi
for _ in $(seq 1 50); do lpstat -r 2>/dev/null | grep -q "is running" && break; sleep 0.2; done

# A PDF queue (cups-pdf writes into $HOME/PDF) and a PostScript queue with InputSlot trays
# whose output lands in a file, so tests can read which tray a job asked for.
lpstat -p PDF >/dev/null 2>&1 || lpadmin -p PDF -E -v cups-pdf:/ -m lsb/usr/cups-pdf/CUPS-PDF_opt.ppd
mkdir -p /var/spool/station-trays && chmod 777 /var/spool/station-trays
lpstat -p TRAYS >/dev/null 2>&1 || lpadmin -p TRAYS -E -v file:///var/spool/station-trays/TRAYS.ps -m drv:///sample.drv/generic.ppd
# CUPS turns PDFs into PostScript for cups-pdf; Ghostscript's conversion loses the text
# layer of Chromium's fonts, pdftocairo keeps it, so tests can read order numbers back.
lpadmin -p PDF -o pdftops-renderer-default=pdftocairo
cupsenable PDF TRAYS 2>/dev/null || true
cupsaccept PDF TRAYS 2>/dev/null || true
echo "system parts ready: $(lpstat -p | tr '\n' ' ')"
