import type { SettingsStore } from '../settings/settings-store';
import { noMailer, type Mailer } from './mailer';
import { smtpMailer } from './smtp-mailer';

/**
 * The station's mailer: SMTP with the settings of the moment, or none when mail is not
 * configured. Reading the settings per message means a change in the dashboard applies to
 * the next mail without a restart.
 */
export function settingsMailer(settings: SettingsStore): Mailer {
  return {
    send(message) {
      const mail = settings.get('mail');
      return (mail ? smtpMailer(mail) : noMailer).send(message);
    },
  };
}
