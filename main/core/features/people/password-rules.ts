import { z } from 'zod';

/** A password: 10 to 200 characters (any characters: passphrases, every script). */
export const passwordSchema = z.string().min(10, 'A password has at least 10 characters').max(200, 'A password has at most 200 characters');

/** A bench PIN: 4 to 8 digits (a number pad at the bench). */
export const pinSchema = z.string().regex(/^[0-9]{4,8}$/, 'A PIN is 4 to 8 digits');

/**
 * A badge: `STAFF-` and 24 characters of base32 (A–Z, 2–7), 120 random bits. The prefix is
 * how the bench's scan box tells a badge from an order number (docs/api/dashboard.md).
 */
export const BADGE_PATTERN = /^STAFF-[A-Z2-7]{24}$/;
export const badgeSchema = z.string().regex(BADGE_PATTERN, 'A badge is STAFF- and 24 letters and digits');
