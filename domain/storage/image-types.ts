/** The image types avatars and logos may be, with their extension and content type. */
export const ACCEPTED_IMAGE_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type ImageType = keyof typeof ACCEPTED_IMAGE_TYPES;

/** File extension per type, used in the object key. */
export const IMAGE_EXTENSIONS: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/**
 * The image type read from the first bytes (the magic numbers), or null. The declared content
 * type and the file name are the client's claims; the bytes are what a browser will decode.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], offset = 0) =>
    bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * The image as a `data:` URI for html that loads nothing from elsewhere (the portal, emails,
 * documents), typed from its bytes; null when they are not an accepted image.
 */
export function imageDataUri(bytes: Uint8Array): string | null {
  const type = detectImageType(bytes);
  return type ? `data:${ACCEPTED_IMAGE_TYPES[type]};base64,${Buffer.from(bytes).toString('base64')}` : null;
}

/** Only a base64 `data:` URI of an accepted image type may become an image's source in our html. */
export function isImageDataUri(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/.test(value);
}

/**
 * The pixel size of a png or jpeg (what a docx needs to place it); null for another type or
 * bytes too short or malformed to tell.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const u16 = (i: number) => (bytes[i] << 8) | bytes[i + 1];
  const u32 = (i: number) => ((bytes[i] << 24) >>> 0) + (bytes[i + 1] << 16) + (bytes[i + 2] << 8) + bytes[i + 3];
  const type = detectImageType(bytes);
  if (type === 'png') return bytes.length >= 24 ? positive(u32(16), u32(20)) : null;
  if (type !== 'jpeg') return null;
  // Walk the segments to the frame header (SOFn: C0–CF but C4, C8 and CC), which holds the size.
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return positive(u16(i + 7), u16(i + 5));
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    i += 2 + u16(i + 2);
  }
  return null;
}

const positive = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
