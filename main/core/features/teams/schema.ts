import { MEMBER_ROLES } from './people-store';
import { canonicalLocale } from '../../foundations/locale';
import { z } from 'zod';

/** POST /api/teams/merchants */
export const createMerchantSchema = z.object({
  name: z.string().trim().min(1, 'A merchant name is required').max(100, 'A merchant name has at most 100 characters').regex(/\S/, 'A merchant name is required'),
  email: z.email().max(320).optional(),
});

/** POST /admin/api/teams: a team the station admin makes (a merchant is made under its 3PL). */
export const createTeamSchema = z.strictObject({
  name: createMerchantSchema.shape.name,
  type: z.enum(['standard', 'three_pl']).default('standard'),
  /** Invited as the team's admin (they set their password from the invitation). */
  adminEmail: z.email().max(320).optional(),
});

/** POST /api/teams/merchants/{id}/invitations */
export const invitationSchema = z.object({ email: z.email().max(320) });

/** POST /admin/api/teams/{id}/invitations: the role defaults to `admin`, as the contract's invitations are. */
export const teamInvitationSchema = invitationSchema.extend({ role: z.enum(MEMBER_ROLES).default('admin') });

/** PUT /api/teams/merchants/{id}: the key is required; null clears the assignment. */
export const accountManagerSchema = z.object({ accountManagerUserId: z.string().min(1).max(100).nullable() });

/** PUT /admin/api/teams/{id}/onboarding/{kind} */
export const taskDoneSchema = z.object({ done: z.boolean() });

/** PUT /admin/api/teams/{id}/locale: a BCP 47 locale Intl knows (stored canonical), or null for the station's. */
/** PUT /admin/api/teams/{id}/type: a team of its own becomes a 3PL (it may then have merchants), or standard again. */
export const teamTypeSchema = z.strictObject({ type: z.enum(['standard', 'three_pl']) });

export const teamLocaleSchema = z.strictObject({
  locale: z
    .string()
    .trim()
    .min(2)
    .max(35)
    .nullable()
    .transform((value, ctx) => {
      if (value === null) return null;
      const canonical = canonicalLocale(value);
      if (!canonical) {
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a locale (e.g. de-DE, ja, pt-BR)` });
        return z.NEVER;
      }
      return canonical;
    }),
});
