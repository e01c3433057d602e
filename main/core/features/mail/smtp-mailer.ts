import type { MailSettings } from '../../foundations/settings/settings-store';
import type { Mailer } from './mailer';

// A request waits for the mail (the answer says whether it was accepted): fail in seconds,
// not in nodemailer's default two minutes.
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/** nodemailer, loaded at the first mail sent: ~85 ms a station start or a command would pay for mail it may never send. */
let nodemailerLibrary: Promise<typeof import('nodemailer')> | undefined;
const loadNodemailer = async () => (await (nodemailerLibrary ??= import('nodemailer'))).default;

/** Sends through one SMTP server with nodemailer. */
export function smtpMailer(settings: MailSettings): Mailer {
  const connect = async () => (await loadNodemailer()).createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(message) {
      const transport = await connect();
      try {
        const info = await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
        const accepted = (info.accepted as Array<string | { address: string }>).map((address) =>
          (typeof address === 'string' ? address : address.address).toLowerCase(),
        );
        if (!accepted.includes(message.to.toLowerCase())) {
          return { accepted: false, reason: `The SMTP server did not accept ${message.to}: ${info.response}` };
        }
        return { accepted: true, messageId: info.messageId };
      } catch (error) {
        return { accepted: false, reason: (error as Error).message };
      } finally {
        transport.close();
      }
    },
  };
}
