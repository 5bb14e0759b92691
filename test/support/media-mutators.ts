import { crc32 } from 'node:zlib';

/**
 * Mutations of media files for the fuzz lane (test/slow/media-fuzz.test.ts): the ways a hostile or
 * broken upload differs from a good one (box and chunk sizes, table counts, declared dimensions,
 * truncations, random bytes). Each takes the seed and a seeded random source, so a run repeats
 * exactly; each says what it did, so a failure names its mutant.
 */
export type Random = () => number;
export interface Mutant {
  bytes: Buffer;
  how: string;
}
type Mutator = (seed: Buffer, random: Random) => Mutant;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const below = (random: Random, limit: number) => Math.floor(random() * limit);
/** 32-bit values that break arithmetic: zero, one, signed and unsigned edges, powers of two, the random. */
const interesting32 = (random: Random) =>
  pick(random, [0, 1, 2, 0xff, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 1_000_000, below(random, 2 ** 32)]);
const interesting16 = (random: Random) => pick(random, [0, 1, 0x7fff, 0x8000, 0xffff, 16383, 50_000, below(random, 65_536)]);

export const flipBytes: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const count = 1 + below(random, 8);
  for (let i = 0; i < count; i += 1) bytes[below(random, bytes.length)] = below(random, 256);
  return { bytes, how: `${count} random bytes` };
};

export const truncate: Mutator = (seed, random) => {
  const length = below(random, seed.length);
  return { bytes: seed.subarray(0, length), how: `truncated to ${length}` };
};

export const insertBytes: Mutator = (seed, random) => {
  const at = below(random, seed.length);
  const count = 1 + below(random, 64);
  const filler = Buffer.from(Array.from({ length: count }, () => below(random, 256)));
  return { bytes: Buffer.concat([seed.subarray(0, at), filler, seed.subarray(at)]), how: `${count} bytes inserted at ${at}` };
};

export const duplicateRange: Mutator = (seed, random) => {
  const start = below(random, seed.length);
  const end = Math.min(seed.length, start + 1 + below(random, 512));
  const at = below(random, seed.length);
  return {
    bytes: Buffer.concat([seed.subarray(0, at), seed.subarray(start, end), seed.subarray(at)]),
    how: `[${start}, ${end}) copied to ${at}`,
  };
};

/** Every box of an ISO BMFF file, containers walked, as [offset, type]. */
export function mp4Boxes(bytes: Buffer, start = 0, end = bytes.length): Array<[number, string]> {
  const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'mvex', 'moof', 'traf', 'dinf', 'udta']);
  const found: Array<[number, string]> = [];
  for (let at = start; at + 8 <= end;) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size < 8 || at + size > end) break;
    found.push([at, type]);
    if (containers.has(type)) found.push(...mp4Boxes(bytes, at + 8, at + size));
    else if (type === 'stsd') found.push(...mp4Boxes(bytes, at + 16, at + size));
    at += size;
  }
  return found;
}

const mp4BoxSize: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const [at, type] = pick(random, mp4Boxes(seed));
  const original = bytes.readUInt32BE(at);
  const size = pick(random, [interesting32(random), original + 1, original - 1, original * 2, seed.length - at + 1, 7]) >>> 0;
  bytes.writeUInt32BE(size, at);
  return { bytes, how: `${type} at ${at}: size ${original} -> ${size}` };
};

const TABLES = new Set([
  'stts',
  'stsz',
  'stsc',
  'stco',
  'co64',
  'ctts',
  'stss',
  'elst',
  'sdtp',
  'sgpd',
  'sbgp',
  'trun',
  'tfhd',
  'mdhd',
  'mvhd',
  'tkhd',
  'avcC',
  'avc1',
]);

/** A 32-bit field of a table box set to an interesting value: entry counts, sample counts, durations. */
const mp4TableField: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const tables = mp4Boxes(seed).filter(([, type]) => TABLES.has(type));
  const [at, type] = pick(random, tables);
  const size = bytes.readUInt32BE(at);
  const field = at + 12 + 4 * below(random, Math.max(1, Math.min(8, Math.floor((size - 12) / 4))));
  if (field + 4 > at + size) return flipBytes(seed, random);
  const value = interesting32(random);
  bytes.writeUInt32BE(value >>> 0, field);
  return { bytes, how: `${type} at ${at}: field at +${field - at} = ${value >>> 0}` };
};

/** The visual sample entry's (avc1) width and height, and tkhd's 16.16 ones. */
const mp4Dimensions: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const entries = mp4Boxes(seed).filter(([, type]) => type === 'avc1' || type === 'tkhd');
  const [at, type] = pick(random, entries);
  const [width, height] = [interesting16(random), interesting16(random)];
  if (type === 'avc1') {
    bytes.writeUInt16BE(width, at + 32);
    bytes.writeUInt16BE(height, at + 34);
  } else {
    const end = at + bytes.readUInt32BE(at);
    bytes.writeUInt32BE(width * 65536, end - 8);
    bytes.writeUInt32BE(height * 65536, end - 4);
  }
  return { bytes, how: `${type} at ${at}: ${width}x${height}` };
};

/** PNG chunks as [offset of the length field, type]. */
function pngChunks(bytes: Buffer): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    found.push([at, bytes.toString('latin1', at + 4, at + 8)]);
    at += 12 + bytes.readUInt32BE(at);
  }
  return found;
}

/** A PNG's IHDR width and height, its CRC made right again so the decoder believes them. */
export function pngWithDimensions(seed: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(seed);
  bytes.writeUInt32BE(width >>> 0, 16);
  bytes.writeUInt32BE(height >>> 0, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

const pngDimensions: Mutator = (seed, random) => {
  const [width, height] = [pick(random, [interesting32(random), 50_000]), pick(random, [interesting32(random), 50_000])];
  return { bytes: pngWithDimensions(seed, width, height), how: `IHDR ${width >>> 0}x${height >>> 0}, CRC fixed` };
};

const pngChunkLength: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const [at, type] = pick(random, pngChunks(seed));
  const value = interesting32(random) >>> 0;
  bytes.writeUInt32BE(value, at);
  return { bytes, how: `${type} length ${value}` };
};

/** JPEG's SOFn frame header height and width. */
const jpegDimensions: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const sof = [0xc0, 0xc1, 0xc2].map((marker) => bytes.indexOf(Buffer.from([0xff, marker]))).find((at) => at >= 0) ?? -1;
  if (sof < 0) return flipBytes(seed, random);
  const [height, width] = [interesting16(random), interesting16(random)];
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return { bytes, how: `SOF ${width}x${height}` };
};

/** A JPEG segment's length field. */
const jpegSegmentLength: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const markers: number[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda; at += 2 + bytes.readUInt16BE(at + 2))
    markers.push(at);
  if (!markers.length) return flipBytes(seed, random);
  const at = pick(random, markers);
  const value = interesting16(random);
  bytes.writeUInt16BE(value, at + 2);
  return { bytes, how: `segment 0x${bytes[at + 1].toString(16)} length ${value}` };
};

/** WebP: the RIFF size, and the canvas size of VP8X or the frame size of VP8/VP8L. */
const webpHeader: Mutator = (seed, random) => {
  const bytes = Buffer.from(seed);
  const chunk = bytes.toString('latin1', 12, 16);
  const choice = below(random, 3);
  if (choice === 0) {
    const value = interesting32(random) >>> 0;
    bytes.writeUInt32LE(value, 4);
    return { bytes, how: `RIFF size ${value}` };
  }
  if (choice === 1) {
    const value = interesting32(random) >>> 0;
    bytes.writeUInt32LE(value, 16);
    return { bytes, how: `${chunk} chunk size ${value}` };
  }
  const [width, height] = [interesting16(random) & 0x3fff, interesting16(random) & 0x3fff];
  if (chunk === 'VP8 ') {
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    // The signature byte, then 14 bits of width - 1 and 14 of height - 1 (the top 4 bits kept).
    const packed = (bytes.readUInt32LE(21) & 0xf0000000) | ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
    bytes[20] = 0x2f;
    bytes.writeUInt32LE(packed >>> 0, 21);
  } else {
    bytes.writeUIntLE(width, 24, 3);
    bytes.writeUIntLE(height, 27, 3);
  }
  return { bytes, how: `${chunk} ${width}x${height}` };
};

const GENERIC: Mutator[] = [flipBytes, truncate, insertBytes, duplicateRange];
export const MUTATORS: Record<'mp4' | 'jpeg' | 'png' | 'webp', Mutator[]> = {
  mp4: [...GENERIC, mp4BoxSize, mp4BoxSize, mp4TableField, mp4TableField, mp4TableField, mp4Dimensions],
  jpeg: [...GENERIC, jpegDimensions, jpegDimensions, jpegSegmentLength],
  png: [...GENERIC, pngDimensions, pngDimensions, pngChunkLength],
  webp: [...GENERIC, webpHeader, webpHeader],
};

/** One mutant of `seed`: one to three mutations in a row. */
export function mutate(kind: keyof typeof MUTATORS, seed: Buffer, random: Random): Mutant {
  let current: Mutant = { bytes: seed, how: '' };
  const rounds = 1 + below(random, 3);
  for (let round = 0; round < rounds; round += 1) {
    const base = current.bytes.length >= 16 ? current.bytes : seed;
    const mutator = pick(random, MUTATORS[kind]);
    let next: Mutant;
    try {
      next = mutator(base, random);
    } catch {
      // The structure this mutator looks for is gone (an earlier round broke it): bytes instead.
      next = flipBytes(base, random);
    }
    current = { bytes: next.bytes, how: current.how ? `${current.how}; ${next.how}` : next.how };
  }
  return current;
}
