import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: The print server, and printers added by their address (routes.ts). */
export const PRINTER_OPERATIONS = adminOperations([
  ['GET', '/admin/api/settings/print-server', 'station-admin', 'The CUPS server the station prints through'],
  ['PUT', '/admin/api/settings/print-server', 'station-admin', 'Set the CUPS server (looks for printers there at once)'],
  ['POST', '/admin/api/printers', 'station-admin', 'Add a printer by its address (ipp://, ipps://, socket://)'],
  ['POST', '/admin/api/printers/probe', 'station-admin', 'What answers at a printer address, before adding it'],
]);
