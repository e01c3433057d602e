/**
 * The image types a document may show, each recognised by its first bytes. A fetched image
 * is inlined only when its server named one of these and its bytes carry the same type's
 * signature; the `data:` URL then takes the type from this table, never from the header
 * (a header is the image host's text and once rewrote a packing slip's markup).
 *
 * SVG is not among them: it is a document (scripts, styles, links to other resources), not a
 * picture, and a carrier or product host has a raster form of every image it serves.
 */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageType = (typeof IMAGE_TYPES)[keyof typeof IMAGE_TYPES];

const KNOWN = new Set<string>(Object.values(IMAGE_TYPES));

/** The table's entry for a Content-Type header (parameters and case ignored), or undefined. */
export function declaredImageType(header: string): ImageType | undefined {
  const type = header.split(';')[0]!.trim().toLowerCase();
  // image/jpg is what many servers say for JPEG.
  const normal = type === 'image/jpg' || type === 'image/pjpeg' ? IMAGE_TYPES.jpeg : type;
  return KNOWN.has(normal) ? (normal as ImageType) : undefined;
}

const startsWith = (body: Buffer, bytes: number[], at = 0) => body.length >= at + bytes.length && bytes.every((byte, index) => body[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the bytes' signature says (PNG, JPEG, GIF 87a/89a, WebP), or undefined. */
export function sniffImageType(body: Buffer): ImageType | undefined {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_TYPES.png;
  if (startsWith(body, [0xff, 0xd8, 0xff])) return IMAGE_TYPES.jpeg;
  if (startsWith(body, ascii('GIF87a')) || startsWith(body, ascii('GIF89a'))) return IMAGE_TYPES.gif;
  if (startsWith(body, ascii('RIFF')) && startsWith(body, ascii('WEBP'), 8)) return IMAGE_TYPES.webp;
  return undefined;
}

/**
 * A refused header as a document may say it: a plain media type ("image/svg+xml"), else only
 * that it was not one (the header's text is the image host's, and is not repeated).
 */
export function describeHeader(header: string): string {
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (!type) return 'no content type';
  return /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(type) ? type : 'a content type that is not a media type';
}
