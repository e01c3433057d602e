/**
 * What the CUPS backend asks CUPS over IPP through `ipptool`: the test files it runs and a
 * reader for their `-c` (CSV) output.
 */

/**
 * IPP Get-Jobs with the job names: `lpstat` shows ids and owners, never titles. CUPS shows
 * a job's name only to its owner (JobPrivateValues), hence the requesting user. An ipptool
 * test file (`-d which=all|not-completed`; ipptool fills `$user` with the caller): CSV of id, state, name.
 */
export const GET_JOBS_TEST = `{
  OPERATION Get-Jobs
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR naturalLanguage attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR name requesting-user-name $user
  ATTR keyword which-jobs $which
  ATTR keyword requested-attributes job-id,job-state,job-state-reasons,job-name
  STATUS successful-ok
  DISPLAY job-id
  DISPLAY job-state
  DISPLAY job-state-reasons
  DISPLAY job-name
}
`;

/** IPP Get-Printer-Attributes for what the printer says about itself (out of paper, door open…). */
export const GET_PRINTER_TEST = `{
  OPERATION Get-Printer-Attributes
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR naturalLanguage attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR name requesting-user-name $user
  ATTR keyword requested-attributes printer-state,printer-state-reasons
  STATUS successful-ok
  DISPLAY printer-state
  DISPLAY printer-state-reasons
}
`;

/** One line of ipptool -c output: fields split on commas outside quotes, "" an escaped quote. */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}
