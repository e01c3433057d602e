import type Router from '@koa/router';
import { z } from 'zod';
import { StationError } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { SettingsUnreadableError, type SettingsStore } from '../../foundations/settings/settings-store';
import type { Mailer } from './mailer';
import { mailSettingsInput, mailSettingsView, mergeMailSettings } from './schema';

/** `POST /admin/api/settings/mail/test`: where the test message goes. */
export const mailTestBody = z.object({ to: z.email() });

/** Dashboard: SMTP settings (the password is write-only) and a test message. */
export function mailAdminRoutes(router: Router, settings: SettingsStore, mailer: Mailer): void {
  // A settings file edited into invalid JSON is the operator's to fix: say which file and
  // why (409), and overwrite nothing, rather than a 500 that hides the cause.
  router.use('/admin/api/settings/mail', async (_ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof SettingsUnreadableError) throw new StationError('conflict', 'settings_unreadable', error.message);
      throw error;
    }
  });

  router.get('/admin/api/settings/mail', (ctx) => {
    ctx.body = mailSettingsView(settings.get('mail'));
  });

  router.put('/admin/api/settings/mail', (ctx) => {
    const input = validate(mailSettingsInput, ctx.request.body, 'The mail settings are not valid');
    settings.set('mail', mergeMailSettings(input, settings.get('mail')));
    ctx.body = mailSettingsView(settings.get('mail'));
  });

  router.delete('/admin/api/settings/mail', (ctx) => {
    settings.set('mail', undefined);
    ctx.body = mailSettingsView(undefined);
  });

  router.post('/admin/api/settings/mail/test', async (ctx) => {
    const { to } = validate(mailTestBody, ctx.request.body);
    const result = await mailer.send({
      to,
      subject: 'Order Print Station: test message',
      text: 'This message shows that the station can send mail with its current settings.',
    });
    ctx.body = result.accepted ? { sent: true } : { sent: false, reason: result.reason };
  });
}
