import type { SettingsStore } from '../../foundations/settings/settings-store';
import { noMailer, type Mailer } from './mailer';
import { smtpMailer } from './smtp-mailer';

/**
 * The station's mailer: SMTP with the settings of the moment, or none when mail is not
 * configured. Reading the settings per message means a change in the dashboard applies to
 * the next mail without a restart.
 */
export function settingsMailer(settings: SettingsStore): Mailer {
  return {
    // async: unreadable settings (a hand-edited settings.json) reject like any mail failure.
    async send(message) {
      const mail = settings.get('mail');
      return (mail ? smtpMailer(mail) : noMailer).send(message);
    },
  };
}

/**
 * The configured base of links put in mails, or undefined when none is set or
 * settings.json cannot be read: a link on the station's own address still works, and the
 * mail that needed the settings fails with the reason.
 */
export function configuredLinkBase(settings: SettingsStore): string | undefined {
  try {
    return settings.get('mail')?.linkBaseUrl;
  } catch {
    return undefined;
  }
}
