import { createHash } from 'node:crypto';

/**
 * How the station stores a secret it hands out (API keys, dashboard tokens, invitation
 * tokens): SHA-256, hex. The secrets are 256 random bits, so a fast unsalted hash is enough
 * to make a copy of the database useless for signing in. Kept free of other imports: the
 * migration runner uses it too (as the SQL function `hash_secret`).
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
