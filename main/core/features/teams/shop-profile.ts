import { z } from 'zod';

// One line of printable text: no control characters (C0, DEL, C1) but tab, no line breaks
// (LF, CR, U+2028/2029); trimmed; empty means "not set".
const line = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]*$/, 'One line, without control characters')
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));

export const shopAddressSchema = z.strictObject({
  address1: line(500),
  address2: line(500),
  city: line(200),
  state: line(200),
  postalCode: line(50),
  country: line(100),
});

/** The largest logo kept: it is inlined in every document the shop prints. */
export const LOGO_MAX_BYTES = 256 * 1024;

// Raster images only: an SVG can carry script and external references.
const LOGO_PATTERN = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The first bytes every file of a type starts with: a logo must be what its data: URL says. */
const LOGO_SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  gif: (bytes) => /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1')),
  webp: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * Whether a logo's base64 is whole (a length of 4n, padding only where needed: what decodes is
 * exactly what was sent) and its bytes start as its declared type does.
 */
function logoIsWhatItSays(logo: string): boolean {
  // Zod runs this after a failed pattern too: a value the pattern refused is its issue alone.
  const match = LOGO_PATTERN.exec(logo);
  if (!match) return true;
  const [type, data] = [match[1]!, logo.slice(logo.indexOf(',') + 1)];
  if (data.length % 4 !== 0) return false;
  const bytes = Buffer.from(data, 'base64');
  return bytes.toString('base64') === data && (LOGO_SIGNATURES[type]?.(bytes) ?? false);
}

/** PUT /admin/api/teams/{id}/shop: every field optional; an empty string clears it. */
export const shopProfileSchema = z.strictObject({
  /** The shop's name as printed; absent: the team's name. */
  name: line(200),
  address: shopAddressSchema.optional(),
  /** Where returns go (the label's FROM block); absent: the address. */
  returnAddress: shopAddressSchema.optional(),
  /** A data: URL of a PNG, JPEG, WebP or GIF image. */
  logo: z
    .string()
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40, `A logo of at most ${LOGO_MAX_BYTES / 1024} KB`)
    .regex(LOGO_PATTERN, 'A PNG, JPEG, WebP or GIF image as a data: URL')
    .refine(logoIsWhatItSays, 'The image is not what its data: URL says: whole base64 of a PNG, JPEG, WebP or GIF file')
    .or(z.literal(''))
    .optional()
    .transform((value) => (value ? value : undefined)),
  taxNumber: line(100),
  email: line(320),
  phone: line(50),
  website: line(300),
});

export type ShopAddress = Partial<z.infer<typeof shopAddressSchema>>;
/** A saved profile: what the schema leaves, every field optional. */
export type ShopProfile = Partial<Omit<z.infer<typeof shopProfileSchema>, 'address' | 'returnAddress'>> & { address?: ShopAddress; returnAddress?: ShopAddress };

/** What the documents see as `shop`: the profile with the team's name and the address as fallbacks. */
export interface ShopView {
  name: string;
  address: ShopAddress;
  returnAddress: ShopAddress;
  logo?: string;
  taxNumber?: string;
  email?: string;
  phone?: string;
  website?: string;
}

const hasLines = (address: ShopAddress | undefined): address is ShopAddress => Boolean(address && Object.values(address).some(Boolean));

export function shopView(teamName: string, profile: ShopProfile | undefined): ShopView {
  const address = hasLines(profile?.address) ? profile!.address! : {};
  return {
    name: profile?.name ?? teamName,
    address,
    returnAddress: hasLines(profile?.returnAddress) ? profile!.returnAddress! : address,
    ...(profile?.logo ? { logo: profile.logo } : {}),
    ...(profile?.taxNumber ? { taxNumber: profile.taxNumber } : {}),
    ...(profile?.email ? { email: profile.email } : {}),
    ...(profile?.phone ? { phone: profile.phone } : {}),
    ...(profile?.website ? { website: profile.website } : {}),
  };
}
