import { z } from 'zod';
import type { MailSettings } from '../../foundations/settings/settings-store';

/**
 * PUT /admin/api/settings/mail. `password` omitted keeps the stored one, `null` clears it:
 * the dashboard never receives the password, so it cannot send it back.
 */
export const mailSettingsInput = z.object({
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
  user: z.string().max(255).nullish(),
  password: z.string().max(1000).nullish(),
  from: z.string().trim().min(3).max(320),
  linkBaseUrl: z.url({ protocol: /^https?$/ }).nullish(),
});
export type MailSettingsInput = z.infer<typeof mailSettingsInput>;

/** What the admin API shows: everything but the password, which is reduced to a flag. */
export function mailSettingsView(settings: MailSettings | undefined): z.output<typeof mailSettingsAnswer> {
  if (!settings) return { configured: false as const };
  const { password, ...visible } = settings;
  return { configured: true as const, ...visible, passwordSet: Boolean(password) };
}

export function mergeMailSettings(input: MailSettingsInput, current: MailSettings | undefined): MailSettings {
  const password = input.password === undefined ? current?.password : (input.password ?? undefined);
  return {
    host: input.host,
    port: input.port,
    secure: input.secure,
    ...(input.user ? { user: input.user } : {}),
    ...(password ? { password } : {}),
    from: input.from,
    ...(input.linkBaseUrl ? { linkBaseUrl: input.linkBaseUrl.replace(/\/+$/, '') } : {}),
  };
}

/** What `GET|PUT|DELETE /admin/api/settings/mail` answer: the settings without the password. */
export const mailSettingsAnswer = z.union([
  z.strictObject({ configured: z.literal(false) }),
  z.strictObject({
    configured: z.literal(true),
    host: z.string(),
    port: z.number().int(),
    secure: z.boolean(),
    user: z.string().optional(),
    from: z.string(),
    linkBaseUrl: z.string().optional(),
    passwordSet: z.boolean(),
  }),
]);

/** `POST /admin/api/settings/mail/test`: whether the server took the mail, else why not. */
export const mailTestAnswer = z.union([z.strictObject({ sent: z.literal(true) }), z.strictObject({ sent: z.literal(false), reason: z.string() })]);
