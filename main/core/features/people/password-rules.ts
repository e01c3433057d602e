import { z } from 'zod';

/** A password: 10 to 200 characters (any characters: passphrases, every script). */
export const passwordSchema = z.string().min(10, 'A password has at least 10 characters').max(200, 'A password has at most 200 characters');
