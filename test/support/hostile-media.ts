/**
 * Hostile media for the sandbox tests (issue 38): files that are valid but for one declaration.
 */

/** The offset of the first box of `type` anywhere in `bytes` (its size field), found by its four-letter name. */
export function findBox(bytes: Buffer, type: string, from = 0): number {
  const at = bytes.indexOf(Buffer.from(type, 'latin1'), from + 4);
  if (at < 4) throw new Error(`no ${type} box`);
  return at - 4;
}

/**
 * The 2,838-byte MP4 of issue 38: a valid clip whose first `stts` entry declares 0xFFFFFFFF samples,
 * which made mediabunny build one object per declared sample until the heap ran out.
 */
export function withSttsSampleCount(mp4: Buffer, count = 0xffffffff): Buffer {
  const copy = Buffer.from(mp4);
  const stts = findBox(copy, 'stts');
  // size(4) type(4) version+flags(4) entry_count(4), then the first entry's sample_count.
  copy.writeUInt32BE(count, stts + 16);
  return copy;
}

/**
 * A clip whose first `stsc` entry puts 0xFFFFFFFF samples in each chunk: mediabunny 1.61 then loops
 * (found on 2026-11-28 while building the sanity checks; the worker's timeout cut it off at 8 s).
 */
export function withStscSamplesPerChunk(mp4: Buffer, count = 0xffffffff): Buffer {
  const copy = Buffer.from(mp4);
  const stsc = findBox(copy, 'stsc');
  // size(4) type(4) version+flags(4) entry_count(4), then first_chunk(4), samples_per_chunk(4).
  copy.writeUInt32BE(count, stsc + 20);
  return copy;
}
