import sharp, { type Sharp } from 'sharp';

/**
 * What `POST /media/{id}/complete` does to the uploaded bytes (docs/api.md, "Media"): checks them
 * (magic bytes, the declared type, at most 40 megapixels, decodable to the end) and makes the
 * variants the platforms receive. Every variant is re-encoded from the decoded pixels, turned
 * upright first: no metadata block (EXIF, GPS, XMP, ICC comments) and nothing appended to the
 * file (a polyglot's second payload) survives. Bluesky's variant is at most 1,000,000 bytes.
 */
import type { MediaType } from '#shared/domain/media-types';
import { declaredDimensions } from './image-header';

export type { MediaType };

export const MAX_PIXELS = 40_000_000;
/** app.bsky.embed.images: each image blob at most 1,000,000 bytes. */
export const BLUESKY_MAX_BYTES = 1_000_000;

export type ImageRejection = 'not_an_image' | 'type_mismatch' | 'too_many_pixels';

export class ImageRejected extends Error {
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

export interface Variant {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

export interface PreparedImage {
  width: number;
  height: number;
  /** LinkedIn takes JPEG, PNG or GIF: the image at full size, in one of those. */
  linkedin: Variant;
  /** At most 1,000,000 bytes, same aspect ratio. */
  bluesky: Variant;
}

/** The type the bytes themselves say, by their magic numbers. */
export function sniffImageType(bytes: Buffer): MediaType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

export async function prepareImage(bytes: Buffer, declaredType: MediaType): Promise<PreparedImage> {
  const actual = sniffImageType(bytes);
  if (!actual) throw new ImageRejected('not_an_image', 'The file is not a JPEG, PNG or WebP image');
  if (actual !== declaredType) throw new ImageRejected('type_mismatch', `The file is ${actual}, not the declared ${declaredType}`);
  // The header's own numbers first: a 50,000 x 50,000 PNG is refused before any decoder opens it.
  const declared = declaredDimensions(bytes, actual);
  if (declared && declared.width * declared.height > MAX_PIXELS) {
    const pixels = declared.width * declared.height;
    throw new ImageRejected('too_many_pixels', `The image has ${pixels} pixels; the maximum is ${MAX_PIXELS}`);
  }
  let header;
  try {
    header = await sharp(bytes).metadata();
  } catch {
    throw new ImageRejected('not_an_image', 'The image cannot be read');
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > MAX_PIXELS) throw new ImageRejected('too_many_pixels', `The image has ${pixels} pixels; the maximum is ${MAX_PIXELS}`);
  if (!pixels) throw new ImageRejected('not_an_image', 'The image has no pixels');

  const decode = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  const alpha = header.hasAlpha === true;
  let linkedin: Variant;
  try {
    linkedin = await encode(decode(), actual === 'image/png' || (actual === 'image/webp' && alpha) ? 'png' : 'jpeg', 90);
  } catch {
    // A truncated or corrupt file fails here, when the pixels are decoded.
    throw new ImageRejected('not_an_image', 'The image data is damaged or incomplete');
  }
  const bluesky =
    linkedin.bytes.length <= BLUESKY_MAX_BYTES ? linkedin : await fitUnder(bytes, BLUESKY_MAX_BYTES, alpha ? 'webp' : 'jpeg', linkedin);
  return { width: linkedin.width, height: linkedin.height, linkedin, bluesky };
}

async function encode(pipeline: Sharp, format: 'jpeg' | 'png' | 'webp', quality: number): Promise<Variant> {
  const encoded =
    format === 'png'
      ? pipeline.png({ compressionLevel: 9 })
      : format === 'webp'
        ? pipeline.webp({ quality })
        : pipeline.jpeg({ quality, mozjpeg: false, chromaSubsampling: '4:2:0' });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: `image/${format}`, width: info.width, height: info.height };
}

/**
 * Re-encodes until the image fits `maxBytes`: first at the size the byte ratio predicts (bytes
 * grow with the pixel count, so sides scale with its square root), then lower quality, then
 * 85 % of the sides at a time; the aspect ratio is kept throughout.
 */
export async function fitUnder(source: Buffer, maxBytes: number, format: 'jpeg' | 'webp', full: Variant): Promise<Variant> {
  let scale = Math.min(1, Math.sqrt(maxBytes / full.bytes.length) * 1.6);
  for (let step = 0; step < 25; step += 1) {
    for (const quality of [82, 70]) {
      const width = Math.max(1, Math.round(full.width * scale));
      const height = Math.max(1, Math.round(full.height * scale));
      const pipeline = sharp(source, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate().resize({ width, height, fit: 'fill' });
      const variant = await encode(pipeline, format, quality);
      if (variant.bytes.length <= maxBytes) return variant;
    }
    scale *= 0.85;
  }
  throw new Error('the image does not fit the size limit');
}
