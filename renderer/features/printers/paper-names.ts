/** Names people know for the PWG paper names printers report (PWG 5101.1's self-describing names). */
const KNOWN: Record<string, string> = {
  iso_a3: 'A3',
  iso_a4: 'A4',
  iso_a5: 'A5',
  iso_a6: 'A6',
  iso_b5: 'B5',
  iso_c5: 'C5 envelope',
  iso_dl: 'DL envelope',
  jis_b5: 'B5 (JIS)',
  na_letter: 'Letter',
  na_legal: 'Legal',
  na_executive: 'Executive',
  na_ledger: 'Ledger',
  'na_number-10': '#10 envelope',
  'na_index-4x6': 'Index card 4×6',
  'na_5x7': '5×7',
};

/**
 * A paper as a person reads it: `na_letter_8.5x11in` → "Letter (8.5×11 in)",
 * `iso_a4_210x297mm` → "A4 (210×297 mm)", `oe_4x6-label_4x6in` → "4x6 label (4×6 in)". A name
 * that is not a PWG name (a PPD's "A4") is shown as it is.
 */
export function paperName(pwg: string): string {
  const match = /^([a-z]+)_(.+)_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)$/.exec(pwg);
  if (!match) return pwg;
  const [, prefix, name, width, height, unit] = match as unknown as [string, string, string, string, string, string];
  const known = KNOWN[`${prefix}_${name}`] ?? name.replace(/[-_]/g, ' ').replace(/^./, (first) => first.toUpperCase());
  return `${known} (${width}×${height} ${unit})`;
}
