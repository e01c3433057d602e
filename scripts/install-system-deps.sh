#!/usr/bin/env bash
# Installs and starts the system parts the tests talk to: CUPS (the tests start schedulers of
# their own from its cupsd, filters and backends; ipptool from cups-ipp-utils reads job names
# and states), cups-pdf (its PPD is the tests' document queues'), Debian's Chromium and Xvfb
# (headed Chromium prints through its own print stack), dbus and avahi-daemon (the tests'
# IPP Everywhere printers, ippeveprinter, register themselves by DNS-SD), poppler-utils
# (pdftotext/pdfinfo/pdftoppm) and zbar-tools (barcode decoding). Chromium's headless shell
# (chromium-headless-shell) is what the station renders in and the tests' browsers run: the same
# Blink for a third of the full browser's CPU; the full browser stays for kiosk printing.
# Idempotent: safe to run again on a prepared machine.
set -euo pipefail

packages=(cups cups-client cups-bsd cups-ipp-utils printer-driver-cups-pdf dbus avahi-daemon poppler-utils chromium chromium-headless-shell xvfb xauth zbar-tools fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ippeveprinter refuses to start without DNS-SD: the system bus and avahi run.
# A machine image may carry their pid files from a run that is gone: a pid file without its
# daemon is stale, and each daemon refuses to start while it is there.
mkdir -p /run/dbus
if ! pgrep -x dbus-daemon >/dev/null; then
  rm -f /run/dbus/pid
  dbus-daemon --system --fork
fi
if ! pgrep -x avahi-daemon >/dev/null; then
  rm -f /run/avahi-daemon/pid
  avahi-daemon -D --no-rlimits
fi

# The machine's own CUPS runs for the README's first run (and the print bench's raw queue).
# No test uses it: every test file that prints starts a scheduler of its own
# (test/helpers/cups/), so the tests mean the same on a person's workstation.
# (Asked, not looked for by process name: the tests' private schedulers are cupsd too.)
if ! lpstat -r 2>/dev/null | grep -q "is running"; then
  mkdir -p /run/cups
  /usr/sbin/cupsd
fi
for _ in $(seq 1 50); do lpstat -r 2>/dev/null | grep -q "is running" && break; sleep 0.2; done

# A PDF queue (cups-pdf writes into $HOME/PDF) to try the README's first run on. CUPS turns
# PDFs into PostScript for cups-pdf; pdftocairo keeps Chromium's text readable there.
lpstat -p PDF >/dev/null 2>&1 || lpadmin -p PDF -E -v cups-pdf:/ -m lsb/usr/cups-pdf/CUPS-PDF_opt.ppd -o pdftops-renderer-default=pdftocairo

# Chromium prints its own header and footer (title, URL, date) unless told not to; Electron's
# webContents.print does not. This policy makes the test browser print like Electron.
mkdir -p /etc/chromium/policies/managed
echo '{"PrintHeaderFooter": false}' > /etc/chromium/policies/managed/station-print.json

# In CI (a disposable machine) the machine's CUPS is made to look like a workstation's: a
# default printer and a queue no test knows. A test that still read the machine's CUPS would
# find them and fail here, not on a contributor's machine.
if [ "${CI:-}" = "true" ]; then
  lpstat -p WORKSTATION-LASER >/dev/null 2>&1 || lpadmin -p WORKSTATION-LASER -E -v file:///dev/null -m drv:///sample.drv/generic.ppd 2>/dev/null
  lpadmin -d PDF
  echo "CI: the machine's CUPS now has a default printer ($(lpstat -d)) and an extra queue"
fi
cupsenable PDF 2>/dev/null || true
cupsaccept PDF 2>/dev/null || true
echo "system parts ready: $(lpstat -p | tr '\n' ' ')"
