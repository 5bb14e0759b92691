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
