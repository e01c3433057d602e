/**
 * What the printer said, in words: IPP `printer-state-reasons` and `job-state-reasons`
 * keywords (RFC 8011 §5.4.12 and §5.3.8, PWG 5100.9) mapped to a short sentence. Printer
 * reasons carry a severity suffix (`media-empty-error`); `-report` ones are informational.
 */
const PRINTER_REASONS: Record<string, string> = {
  'media-empty': 'the printer is out of paper',
  'media-needed': 'the printer needs paper loaded',
  'media-low': 'the printer is low on paper',
  'media-jam': 'paper is jammed in the printer',
  'door-open': 'a door of the printer is open',
  'cover-open': 'a cover of the printer is open',
  'interlock-open': 'a cover of the printer is open',
  offline: 'the printer is offline',
  shutdown: 'the printer is switched off',
  'toner-empty': 'the printer is out of toner',
  'toner-low': 'the printer is low on toner',
  'marker-supply-empty': 'the printer is out of ink or toner',
  'marker-supply-low': 'the printer is low on ink or toner',
  'input-tray-missing': 'a paper tray is missing',
  'output-tray-missing': 'the output tray is missing',
  'output-area-full': 'the output tray is full',
  'output-area-almost-full': 'the output tray is almost full',
  'fuser-over-temp': 'the printer is overheating',
  'connecting-to-device': 'the print system cannot reach the printer',
  'timed-out': 'the printer did not answer in time',
  paused: 'the printer queue is paused',
  'spool-area-full': 'the print system has no room to spool',
};

const JOB_REASONS: Record<string, string> = {
  'job-canceled-by-user': 'Cancelled at the print system by a user',
  'job-canceled-by-operator': 'Cancelled at the print system by an operator',
  'job-canceled-at-device': 'Cancelled at the printer',
  'aborted-by-system': 'The print system aborted the job',
  'document-format-error': 'The printer could not read the document',
  'document-unprintable-error': 'The printer could not print the document',
  'unsupported-document-format': 'The printer cannot take this document format',
  'unsupported-compression': 'The printer cannot take this document format',
  'job-completed-with-errors': 'Printed, but the printer reported errors',
  'job-completed-with-warnings': 'Printed, but the printer reported warnings',
  'printer-stopped': 'the printer is stopped',
  'printer-stopped-partly': 'the printer is partly stopped',
};

/** Keywords of a CSV cell or an IPP 1setOf value, `none` and empties dropped. */
export function reasonKeywords(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword && keyword !== 'none');
}

/** The printer's problems in words ("the printer is out of paper; a door of the printer is open"), or undefined. */
export function printerProblem(reasons: string[]): string | undefined {
  const words = new Set<string>();
  for (const reason of reasons) {
    if (reason.endsWith('-report')) continue;
    const keyword = reason.replace(/-(error|warning)$/, '');
    const known = PRINTER_REASONS[keyword];
    if (known) words.add(known);
    else if (reason.endsWith('-error')) words.add(`the printer reports ${keyword.replace(/-/g, ' ')}`);
  }
  return words.size ? [...words].join('; ') : undefined;
}

/** The job's own reason in words (cancelled, aborted, printed with errors…), or undefined. */
export function jobProblem(reasons: string[]): string | undefined {
  for (const reason of reasons) if (JOB_REASONS[reason]) return JOB_REASONS[reason];
  return undefined;
}

/** Why a job the print system still holds has not printed: "Waiting at the printer: the printer is out of paper". */
export function waitingReason(jobReasons: string[], printerReasons: string[]): string | undefined {
  const problem = printerProblem(printerReasons) ?? (jobReasons.includes('printer-stopped') ? JOB_REASONS['printer-stopped'] : undefined);
  return problem ? `Waiting at the printer: ${problem}` : undefined;
}

/** Why a job ended without printing: the job's reason, then what the printer said. */
export function failedReason(jobReasons: string[], printerReasons: string[], fallback: string): string {
  const job = jobProblem(jobReasons) ?? fallback;
  const printer = printerProblem(printerReasons);
  return printer ? `${job} (${printer})` : job;
}
