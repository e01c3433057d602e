import { z } from 'zod';

/** A password: 10 to 200 characters (any characters: passphrases, every script). */
export const passwordSchema = z.string().min(10, 'A password has at least 10 characters').max(200, 'A password has at most 200 characters');

/**
 * The PINs people choose most (DataGenetics' analysis of 3.4 million four-digit PINs, and the
 * six-digit ones leaked lists lead with): the first a guesser at a bench would type.
 */
const COMMON_PINS = new Set(['1234', '1111', '0000', '1212', '7777', '1004', '2000', '4444', '2222', '6969', '9999', '3333', '5555', '6666', '1122', '1313', '8888', '4321', '2001', '1010', '123456', '654321', '121212', '112233', '123123', '696969', '159753', '147258', '789456', '102030']);

/** Why a PIN is too easy to guess, or undefined: one digit repeated, a run up or down (1234, 9876), or a most common one. */
export function weakPinReason(pin: string): string | undefined {
  if (/^(\d)\1+$/.test(pin)) return 'A PIN of one digit repeated is the first a guesser tries';
  const steps = [...pin].slice(1).map((digit, index) => (Number(digit) - Number(pin[index]) + 10) % 10);
  if (steps.every((step) => step === 1) || steps.every((step) => step === 9)) return 'A run of digits (like 1234 or 9876) is the first a guesser tries';
  if (COMMON_PINS.has(pin)) return 'That PIN is among the most common ones: choose another';
  return undefined;
}

/** A bench PIN: 4 to 8 digits (a number pad at the bench), as it is typed at sign-in. */
export const pinSchema = z.string().regex(/^[0-9]{4,8}$/, 'A PIN is 4 to 8 digits');

/** A new PIN: 4 to 8 digits, and not one a guesser tries first. */
export const newPinSchema = pinSchema.superRefine((pin, ctx) => {
  const weak = weakPinReason(pin);
  if (weak) ctx.addIssue({ code: 'custom', message: weak });
});

/**
 * A badge: `STAFF-` and 24 characters of base32 (A–Z, 2–7), 120 random bits. The prefix is
 * how the bench's scan box tells a badge from an order number (docs/api/dashboard.md).
 */
export const BADGE_PATTERN = /^STAFF-[A-Z2-7]{24}$/;
export const badgeSchema = z.string().regex(BADGE_PATTERN, 'A badge is STAFF- and 24 letters and digits');
