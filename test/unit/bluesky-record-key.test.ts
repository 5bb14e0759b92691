import { TID } from '@atproto/common-web';
import { isValidTid } from '@atproto/syntax';
import { parseTid, partRecordKey, tidFromTime } from '#shared/platforms/bluesky/record-key';

describe('TIDs', () => {
  it.each([
    [1_200_000_000_000_000n, 0],
    [1_700_000_000_000_000n, 5],
    [1_795_358_434_123_456n, 1023],
    [(1n << 53n) - 1n, 31],
  ])('encodes %s µs with clock id %s exactly as the atproto library does', (micros, clockId) => {
    const tid = tidFromTime(micros, clockId);
    expect(tid).toBe(TID.fromTime(Number(micros), clockId).toString());
    expect(isValidTid(tid)).toBe(true);
    expect(parseTid(tid)).toEqual({ micros, clockId });
  });

  it('refuses values outside the TID ranges', () => {
    expect(() => tidFromTime(-1n, 0)).toThrow(RangeError);
    expect(() => tidFromTime(1n << 53n, 0)).toThrow(RangeError);
    expect(() => tidFromTime(0n, 1024)).toThrow(RangeError);
  });
});

describe('partRecordKey', () => {
  const postTime = new Date('2026-11-23T10:00:00.000Z');
  const postId = '5b0c8f2e-6f1e-4d4c-9d62-0c8f4a1b2c3d';

  it('is deterministic: the same post and part always give the same valid key', () => {
    expect(partRecordKey(postId, postTime, 0)).toBe(partRecordKey(postId, new Date(postTime), 0));
    expect(isValidTid(partRecordKey(postId, postTime, 3))).toBe(true);
  });

  it('lies at the post time (+1 ms per part) and sorts the parts of a thread in order', () => {
    const keys = Array.from({ length: 12 }, (_, index) => partRecordKey(postId, postTime, index));
    expect([...keys].sort()).toEqual(keys);
    keys.forEach((key, index) => expect(parseTid(key).micros / 1000n).toBe(BigInt(postTime.getTime() + index)));
  });

  it('differs between posts, parts and probes', () => {
    const other = '0e6a4b9c-1234-4abc-8def-9876543210ab';
    const keys = new Set([
      partRecordKey(postId, postTime, 0),
      partRecordKey(postId, postTime, 1),
      partRecordKey(other, postTime, 0),
      partRecordKey(postId, postTime, 0, 1),
      partRecordKey(postId, new Date(postTime.getTime() + 1), 0),
    ]);
    expect(keys.size).toBe(5);
  });

  it('rarely gives two posts due in the same millisecond the same first key', () => {
    const keys = new Set(Array.from({ length: 2000 }, (_, index) => partRecordKey(`post-${index}`, postTime, 0)));
    // 2,000 posts in one millisecond make 2 million pairs; one pair in a million shares a key.
    expect(keys.size).toBeGreaterThanOrEqual(1995);
  });
});
