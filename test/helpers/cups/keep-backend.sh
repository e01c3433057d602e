#!/bin/sh
# A CUPS backend for the suite's private scheduler: `keep:/DIR` writes every job, byte for
# byte as the queue received it (the queues' PPDs pass PDF through unfiltered, raw jobs are
# raw), to DIR/<queue>-job_<id>.job, and beside it <queue>-job_<id>.options: the job's title
# on the first line, its options (InputSlot=…, media=…) on the second. Each file appears
# whole (written aside, then renamed), so a reader that sees it can read it.
# CUPS calls a backend with no arguments to ask what it is.
if [ $# -eq 0 ]; then
  echo 'direct keep "Unknown" "Keeps each job as received (test suite)"'
  exit 0
fi
umask 022
dir="${DEVICE_URI#keep:}"
base="$dir/${PRINTER}-job_$1"
printf '%s\n%s\n' "$3" "$5" > "$base.options.part" || exit 1
if [ -n "$6" ]; then cat "$6" > "$base.job.part"; else cat > "$base.job.part"; fi || exit 1
mv "$base.options.part" "$base.options" && mv "$base.job.part" "$base.job"
