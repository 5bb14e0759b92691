import sharp from 'sharp';

/**
 * Test images made on the spot with sharp. `photo` is a camera-like JPEG: smooth gradients with
 * grain (compresses like a photo, not like noise) and EXIF with GPS coordinates.
 */
export async function photo(width: number, height: number, options: { quality?: number; gps?: boolean } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = (y * width + x) * 3;
      const grain = ((index * 2654435761) >>> 24) & 0x3f;
      pixels[index] = ((x * 256) / width + grain) & 255;
      pixels[index + 1] = ((y * 256) / height + grain) & 255;
      pixels[index + 2] = (((x + y) * 128) / (width + height) + grain) & 255;
    }
  }
  const exif =
    options.gps === false
      ? {}
      : {
          IFD0: { Make: 'TestCam', Model: 'T-1' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
        };
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif(exif)
    .jpeg({ quality: options.quality ?? 92 })
    .toBuffer();
}

/** A flat PNG (tiny file, any number of pixels: a 50-megapixel one is a few kilobytes). */
export const flatPng = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

export const smallJpeg = (width = 64, height = 48): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

/** Whether an EXIF block points to a GPS IFD (tag 0x8825, in the block's byte order). */
export function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const littleEndian = exif.includes(Buffer.from('II*\0', 'latin1'));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}
