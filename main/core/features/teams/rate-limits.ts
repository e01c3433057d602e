import type Router from '@koa/router';
import { z } from 'zod';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';
import { validate } from '../../foundations/validate';

/**
 * A 3PL's hourly mail budget (docs/api/teams.md, Limits on a 3PL key): the invitation mails
 * its key sends through the station's mail server. Merchants themselves are not counted: a
 * 3PL moving 200 merchants in one run creates all of them; past the budget their invitation
 * mails wait in the outbox (teams/invitations.ts) and go out as it frees. The count is the
 * invitations table itself, so a restart keeps it and the outbox.
 */
export interface ThreePlLimits {
  invitationsPerHour: number;
}

declare module '../../foundations/settings/settings-store' {
  interface StationSettings {
    /** A 3PL team's hourly invitation mail budget (Settings → Limits). */
    limits?: ThreePlLimits;
  }
}

export const DEFAULT_THREE_PL_LIMITS: ThreePlLimits = { invitationsPerHour: 30 };

export const threePlLimits = (settings: SettingsStore): ThreePlLimits => ({ ...DEFAULT_THREE_PL_LIMITS, ...readSetting(settings, 'limits') });

export const limitsInput = z.strictObject({ invitationsPerHour: z.number().int().min(1, 'At least 1 an hour').max(10_000, 'At most 10,000 an hour') });
export const limitsAnswer = z.strictObject({ invitationsPerHour: z.number().int() });

/** Settings → Limits: the station admin sets the 3PL mail budget. */
export function limitsAdminRoutes(router: Router, settings: SettingsStore): void {
  router.get('/admin/api/settings/limits', (ctx) => {
    ctx.body = threePlLimits(settings);
  });
  router.put('/admin/api/settings/limits', (ctx) => {
    settings.set('limits', validate(limitsInput, ctx.request.body, 'The limits are not valid'));
    ctx.body = threePlLimits(settings);
  });
}
