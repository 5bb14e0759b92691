import sharp from 'sharp';
import { sniffImageType } from '#shared/media/image-variants';

/** Bluesky's lexicon limit for a blob, which the external embed's thumb must fit. */
export const MAX_THUMBNAIL_BYTES = 1_000_000;
/** Decoding more pixels than this is refused (a 50-megapixel "thumbnail" is an attack, not a picture). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface Thumbnail {
  bytes: Buffer;
  mimeType: 'image/jpeg';
  width: number;
  height: number;
}

export class ThumbnailRefused extends Error {
  constructor() {
    super('the image is not a JPEG, PNG, WebP or GIF');
    this.name = 'ThumbnailRefused';
  }
}

/**
 * The formats whose decoders a page's image may reach, judged by the bytes (never by the
 * Content-Type the page sends): libvips picks its loader from the same magic bytes, so SVG
 * (librsvg, an XML parser), TIFF and the rest are never parsed (docs/api.md, "Per-platform text,
 * preview and link cards").
 */
export function isThumbnailFormat(source: Buffer): boolean {
  const gif = source.subarray(0, 6).toString('latin1');
  return sniffImageType(source) !== undefined || gif === 'GIF87a' || gif === 'GIF89a';
}

/**
 * A card thumbnail from the page's image, if it is a JPEG, PNG, WebP or GIF (else ThumbnailRefused,
 * before sharp sees a byte): decoded (which also proves it is an image), turned
 * upright, every metadata block dropped (sharp writes none unless asked), scaled to fit 1200 px,
 * JPEG; smaller and smaller until it fits Bluesky's 1,000,000 bytes.
 */
export async function makeThumbnail(source: Buffer): Promise<Thumbnail> {
  if (!isThumbnailFormat(source)) throw new ThumbnailRefused();
  for (const [size, quality] of [
    [1200, 82],
    [1000, 75],
    [800, 70],
    [600, 65],
    [400, 60],
  ] as const) {
    const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= MAX_THUMBNAIL_BYTES) return { bytes: data, mimeType: 'image/jpeg', width: info.width, height: info.height };
  }
  throw new Error('the image does not fit a thumbnail');
}
