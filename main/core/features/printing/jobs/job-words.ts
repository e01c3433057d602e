/**
 * Words a job's reason starts with, shared by the queue that writes them and the dashboard
 * that reads them (kept free of imports: the renderer bundles this file).
 */

/** A job waiting on a print system that is not running (CUPS restarting) says so. */
export const WAITING_FOR_PRINT_SYSTEM = 'Waiting for the print system';

/** A job waiting for a browser to render it in (Chromium not installed) says so, with what to install. */
export const WAITING_FOR_BROWSER = 'Waiting for Chromium to be installed';
