import type { MediaType } from '#shared/domain/media-types';

/**
 * The width and height an image declares in its header, read without a decoder (PNG's IHDR, the
 * JPEG frame header, WebP's VP8/VP8L/VP8X chunk): prepareImage refuses too many pixels on these
 * numbers before sharp opens the file (docs/decisions/0143-mp4-and-image-sanity-checks.md).
 * Undefined when the header is not where it should be; the decoder then judges the file.
 */
export function declaredDimensions(bytes: Buffer, type: MediaType): { width: number; height: number } | undefined {
  if (type === 'image/png') return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined;
  if (type === 'image/webp') return webpDimensions(bytes);
  return jpegDimensions(bytes);
}

/** Markers SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC), which carry no frame header. */
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpegDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  // Segment by segment from SOI: each is FF, marker, 16-bit length (which counts itself).
  for (let at = 2; at + 9 <= bytes.length && bytes[at] === 0xff;) {
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (isFrameMarker(marker)) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (marker === 0xda) return undefined;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

function webpDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return undefined;
}
