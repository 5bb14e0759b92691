/**
 * Cheap checks of an MP4's declarations before mediabunny parses it (docs/decisions/0143-mp4-and-image-sanity-checks.md):
 * every box's size against its parent and the file, and each sample table's entry count against
 * its box. mediabunny trusts the counts it reads (a `stts` entry declaring 0xFFFFFFFF samples makes it
 * build one object per sample); these checks refuse such a file in microseconds, and the worker's
 * heap cap and timeout catch whatever they miss.
 */
export type ReadAt = (start: number, end: number) => Promise<Uint8Array>;

/** Top-level boxes walked; past this (a fragmented file with many fragments) the worker's bounds alone apply. */
const MAX_TOP_LEVEL_BOXES = 1024;
/** A `moov` or `moof` read whole to be checked: a 3-minute video's `moov` is a few hundred KB. */
export const MAX_METADATA_BOX_BYTES = 32 * 1024 * 1024;
/** Boxes whose payload is a list of boxes, on the way to the sample tables (ISO/IEC 14496-12). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf', 'edts']);
/** The first box of a file this check applies to; anything else is left to mediabunny's own sniffing. */
const ISO_FIRST_BOXES = new Set(['ftyp', 'styp', 'moov', 'mdat', 'free', 'skip', 'wide']);

export class ImpossibleMp4 extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImpossibleMp4';
  }
}

interface Box {
  type: string;
  /** Offset of the payload, and the box's end, both relative to the buffer or file it was read from. */
  payload: number;
  end: number;
}

const u32 = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
const typeAt = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);

/** A box's header at `at` (absolute `base + at`), its size checked against `limit` (the parent's end). */
function header(bytes: Uint8Array, at: number, limit: number, topLevel: boolean): Box {
  if (at + 8 > bytes.length) throw new ImpossibleMp4(`a box header at ${at} runs past its parent`);
  const type = typeAt(bytes, at + 4);
  let size = u32(bytes, at);
  let payload = at + 8;
  if (size === 1) {
    if (at + 16 > bytes.length) throw new ImpossibleMp4(`the 64-bit size of ${type} runs past its parent`);
    size = u32(bytes, at + 8) * 2 ** 32 + u32(bytes, at + 12);
    payload = at + 16;
  } else if (size === 0) {
    // "Extends to the end of the file": only meaningful for a top-level box.
    if (!topLevel) throw new ImpossibleMp4(`${type} declares size 0 inside a box`);
    size = limit - at;
  }
  if (size < payload - at) throw new ImpossibleMp4(`${type} declares ${size} bytes, less than its header`);
  if (at + size > limit) throw new ImpossibleMp4(`${type} declares ${size} bytes, past the end of its parent or the file`);
  return { type, payload, end: at + size };
}

/** Walks the top-level boxes by their headers, then checks `moov` and each `moof` inside. */
export async function checkMp4Declarations(fileSize: number, read: ReadAt): Promise<void> {
  const first = await read(0, Math.min(fileSize, 8));
  if (first.length < 8 || !ISO_FIRST_BOXES.has(typeAt(first, 4))) return;
  let offset = 0;
  for (let count = 0; offset < fileSize && count < MAX_TOP_LEVEL_BOXES; count += 1) {
    const bytes = await read(offset, Math.min(fileSize, offset + 16));
    // Fewer than 8 bytes left: trailing padding that no reader looks at.
    if (bytes.length < 8) return;
    const box = header(bytes, 0, fileSize - offset, true);
    if (box.type === 'moov' || box.type === 'moof') {
      const size = box.end;
      if (size > MAX_METADATA_BOX_BYTES) throw new ImpossibleMp4(`${box.type} declares ${size} bytes`);
      const whole = await read(offset, offset + size);
      checkChildren(whole, box.payload, whole.length, fileSize);
    }
    offset += box.end;
  }
}

function checkChildren(bytes: Uint8Array, start: number, end: number, fileSize: number): void {
  const declared = new Map<string, number>();
  for (let at = start; at < end;) {
    const box = header(bytes.subarray(0, end), at, end, false);
    if (CONTAINERS.has(box.type)) checkChildren(bytes, box.payload, box.end, fileSize);
    else checkTable(bytes, box, fileSize, declared);
    at = box.end;
  }
  // Within one stbl, against the samples the sizes table holds (or, without one, the file's bytes:
  // a sample takes at least one): neither the durations nor a single chunk may describe more.
  const samples = declared.get('stsz');
  const bound = samples ?? fileSize;
  const what = samples === undefined ? `a ${fileSize}-byte file` : `stsz ${samples}`;
  const timed = declared.get('stts');
  if (timed !== undefined && timed > bound) throw new ImpossibleMp4(`stts declares ${timed} samples, ${what}`);
  const perChunk = declared.get('stsc');
  if (perChunk !== undefined && perChunk > bound) throw new ImpossibleMp4(`stsc declares ${perChunk} samples in a chunk, ${what}`);
}

/** Bytes per entry of the tables whose layout is version/flags, entry count, entries. */
const ENTRY_BYTES: Record<string, number> = { stts: 8, ctts: 8, stsc: 12, stco: 4, co64: 8, stss: 4, elst: 12 };

function checkTable(bytes: Uint8Array, box: Box, fileSize: number, declared: Map<string, number>): void {
  const room = box.end - box.payload;
  const need = (bytesNeeded: number, what: string) => {
    if (bytesNeeded > room) throw new ImpossibleMp4(`${box.type} declares ${what} in a ${room}-byte box`);
  };
  const entryBytes = ENTRY_BYTES[box.type];
  if (entryBytes !== undefined) {
    need(8, 'a header');
    const count = u32(bytes, box.payload + 4);
    // elst version 1 has 20-byte entries.
    const perEntry = box.type === 'elst' && bytes[box.payload] === 1 ? 20 : entryBytes;
    need(8 + count * perEntry, `${count} entries`);
    if (box.type === 'stts') {
      let samples = 0;
      for (let entry = 0; entry < count; entry += 1) samples += u32(bytes, box.payload + 8 + entry * 8);
      declared.set('stts', samples);
    } else if (box.type === 'stsc') {
      // Entries are first_chunk, samples_per_chunk, sample_description_index.
      let most = 0;
      for (let entry = 0; entry < count; entry += 1) most = Math.max(most, u32(bytes, box.payload + 12 + entry * 12));
      declared.set('stsc', most);
    }
  } else if (box.type === 'stsz') {
    need(12, 'a header');
    const sampleSize = u32(bytes, box.payload + 4);
    const count = u32(bytes, box.payload + 8);
    if (sampleSize === 0) need(12 + count * 4, `${count} sample sizes`);
    else if (sampleSize * count > fileSize) throw new ImpossibleMp4(`stsz declares ${count} samples of ${sampleSize} bytes`);
    declared.set('stsz', count);
  } else if (box.type === 'stz2') {
    need(12, 'a header');
    const fieldBits = bytes[box.payload + 7];
    const count = u32(bytes, box.payload + 8);
    need(12 + Math.ceil((count * fieldBits) / 8), `${count} sample sizes`);
    declared.set('stsz', count);
  } else if (box.type === 'trun') {
    need(8, 'a header');
    const flags = (bytes[box.payload + 1] << 16) | (bytes[box.payload + 2] << 8) | bytes[box.payload + 3];
    const count = u32(bytes, box.payload + 4);
    const fixed = 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
    const perSample = [0x100, 0x200, 0x400, 0x800].filter((flag) => flags & flag).length * 4;
    // Samples without fields of their own still each take at least a byte of the file.
    if (perSample) need(fixed + count * perSample, `${count} samples`);
    else if (count > fileSize) throw new ImpossibleMp4(`trun declares ${count} samples`);
  }
}
