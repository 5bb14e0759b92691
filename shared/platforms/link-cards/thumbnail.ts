import sharp from 'sharp';

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

/**
 * A card thumbnail from the page's image: decoded (which also proves it is an image), turned
 * upright, every metadata block dropped (sharp writes none unless asked), scaled to fit 1200 px,
 * JPEG; smaller and smaller until it fits Bluesky's 1,000,000 bytes.
 */
export async function makeThumbnail(source: Buffer): Promise<Thumbnail> {
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
