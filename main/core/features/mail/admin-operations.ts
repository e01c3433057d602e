import { adminOperations } from '../../foundations/admin-operation';

/** The dashboard operations of this room: The station's mail settings (admin-routes.ts). */
export const MAIL_OPERATIONS = adminOperations([
  ['GET', '/admin/api/settings/mail', 'station-admin', 'Mail settings (never the password)'],
  ['PUT', '/admin/api/settings/mail', 'station-admin', 'Save mail settings'],
  ['DELETE', '/admin/api/settings/mail', 'station-admin', 'Forget the mail settings'],
  ['POST', '/admin/api/settings/mail/test', 'station-admin', 'Send a test mail'],
]);
