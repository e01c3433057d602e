export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What became of a message. `accepted` is true only when an SMTP server took it for delivery. */
export type MailResult = { accepted: true; messageId: string } | { accepted: false; reason: string };

/**
 * Outgoing mail. The station chooses the implementation at its composition root: SMTP when
 * configured, otherwise none (callers then fall back to showing links in the dashboard).
 */
export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
}

/** No mail configured: nothing is sent and callers are told so. */
export const noMailer: Mailer = {
  send: async () => ({ accepted: false, reason: 'Mail is not configured on this station' }),
};
