import { z } from 'zod';
import { shopAddressSchema, shopProfileSchema } from './shop-profile';
import { MEMBER_ROLES } from './people-store';
import { timestamp } from '../../foundations/answer-pieces';

/** What the dashboard's team operations answer (admin-routes.ts), as zod; teams, merchants and members are the API's resources. */

export const invitationAnswer = z.strictObject({
  id: z.string(),
  teamId: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  state: z.enum(['open', 'accepted', 'replaced', 'expired']),
  createdAt: timestamp,
  expiresAt: timestamp,
  sentAt: timestamp.nullable(),
  sendError: z.string().nullable(),
  mailQueued: z.boolean(),
  acceptedAt: timestamp.nullable(),
  acceptedBy: z.string().nullable(),
  acceptUrl: z.string().nullable().describe('The link to hand over while the invitation is open and its mail did not go out; null otherwise'),
});

/** A new invitation: its link this once (`acceptUrl`), and whether the mail went out. */
export const invitationCreatedAnswer = z.strictObject({ invitation: invitationAnswer.extend({ acceptUrl: z.string() }), invitationSent: z.boolean() });

/** The person joined, and a one-time login token that signs them in (`/#login=`). */
export const invitationAcceptedAnswer = z.strictObject({
  teamId: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  loginToken: z.string(),
});

export const onboardingTaskAnswer = z.strictObject({
  kind: z.string(),
  title: z.string(),
  owner: z.enum(['three_pl', 'merchant']),
  done: z.boolean(),
  completedAt: timestamp.nullable(),
  completedBy: z.string().nullable(),
  automatic: z.string().nullable(),
});

export const onboardingAnswer = z.strictObject({
  summary: z.strictObject({ total: z.number().int(), completed: z.number().int(), openThreePlTasks: z.number().int(), openMerchantTasks: z.number().int() }),
  tasks: z.array(onboardingTaskAnswer),
});

/** The profile as saved, and what documents print from it (`shop` in templates). */
export const shopAnswer = z.strictObject({
  profile: shopProfileSchema.partial(),
  printed: z.strictObject({
    name: z.string(),
    address: shopAddressSchema,
    returnAddress: shopAddressSchema,
    logo: z.string().optional(),
    taxNumber: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    website: z.string().optional(),
  }),
});
