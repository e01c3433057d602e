#!/usr/bin/env bash
# Installs and starts the system parts the tests talk to: CUPS with a PDF queue, a 4×6 in
# label PDF queue and a queue with trays (ipptool from cups-ipp-utils reads job names and
# states), Debian's Chromium and Xvfb (headed Chromium prints through its own print stack),
# poppler-utils (pdftotext/pdfinfo/pdftoppm) and zbar-tools (barcode decoding).
# Idempotent: safe to run again on a prepared machine.
set -euo pipefail

packages=(cups cups-client cups-bsd cups-ipp-utils printer-driver-cups-pdf poppler-utils chromium xvfb xauth zbar-tools fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji)
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
# A PDF queue the tests of paused printers disable and enable (cupsdisable/cupsenable):
# its own, so no other test's prints wait behind it.
lpstat -p PAUSABLE >/dev/null 2>&1 || lpadmin -p PAUSABLE -E -v cups-pdf:/ -m lsb/usr/cups-pdf/CUPS-PDF_opt.ppd
# A Zebra ZPL label printer as a packing station has one: CUPS's own Zebra driver on a
# JetDirect socket (port 9101 on loopback, where the ZPL test listens and reads the exact
# bytes a printer would receive). A file: device cannot stand in here: CUPS completes a raw
# job on a file: device without writing it.
lpstat -p ZPL >/dev/null 2>&1 || lpadmin -p ZPL -E -v socket://127.0.0.1:9101 -m drv:///sample.drv/zebra.ppd
# A cups-pdf queue whose default paper is a 4×6 in label: Chromium's kiosk printing prints on
# a queue's default paper, so the label check needs a queue that defaults to the label. The
# PPD is cups-pdf's own with one more page size, made the default.
label_ppd=/etc/cups/station-label-4x6.ppd
if [ ! -f "$label_ppd" ]; then
  sed -E \
    -e 's/^\*Default(PageSize|PageRegion|ImageableArea|PaperDimension): A4/*Default\1: w288h432/' \
    -e '/^\*PageSize A5\//a *PageSize w288h432/4x6in: "<</PageSize[288 432]/ImagingBBox null>>setpagedevice"' \
    -e '/^\*PageRegion A5\//a *PageRegion w288h432/4x6in: "<</PageSize[288 432]/ImagingBBox null>>setpagedevice"' \
    -e '/^\*ImageableArea A5\//a *ImageableArea w288h432/4x6in: "0 0 288 432"' \
    -e '/^\*PaperDimension A5\//a *PaperDimension w288h432/4x6in: "288 432"' \
    /usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd > "$label_ppd"
fi
lpstat -p LABEL4x6 >/dev/null 2>&1 || lpadmin -p LABEL4x6 -E -v cups-pdf:/ -P "$label_ppd"

# Chromium prints its own header and footer (title, URL, date) unless told not to; Electron's
# webContents.print does not. This policy makes the test browser print like Electron.
mkdir -p /etc/chromium/policies/managed
echo '{"PrintHeaderFooter": false}' > /etc/chromium/policies/managed/station-print.json

# CUPS turns PDFs into PostScript for cups-pdf; Ghostscript's conversion loses the text
# layer of Chromium's fonts, pdftocairo keeps it, so tests can read order numbers back.
lpadmin -p PDF -o pdftops-renderer-default=pdftocairo
lpadmin -p LABEL4x6 -o pdftops-renderer-default=pdftocairo
lpadmin -p PAUSABLE -o pdftops-renderer-default=pdftocairo
cupsenable PDF LABEL4x6 TRAYS ZPL PAUSABLE 2>/dev/null || true
cupsaccept PDF LABEL4x6 TRAYS ZPL PAUSABLE 2>/dev/null || true
echo "system parts ready: $(lpstat -p | tr '\n' ' ')"
