import { createHash } from 'node:crypto';

/**
 * Deterministic record keys. Every part of a thread is written with an rkey computed from
 * the post, so a repeated publish (a retry after a timeout, a second invocation) writes to
 * the same key and collides instead of posting twice.
 *
 * An rkey is a TID: 64 bits (top bit 0, 53 bits of microseconds since the epoch, 10 bits of
 * clock id) in base32-sortable, 13 characters.
 */
const S32 = '234567abcdefghijklmnopqrstuvwxyz';
const MAX_MICROS = (1n << 53n) - 1n;

/** Encodes a TID from microseconds since the epoch and a clock id (0..1023). */
export function tidFromTime(micros: bigint, clockId: number): string {
  if (micros < 0n || micros > MAX_MICROS) throw new RangeError('TID timestamp out of range');
  if (!Number.isInteger(clockId) || clockId < 0 || clockId > 1023) throw new RangeError('TID clock id out of range');
  let value = (micros << 10n) | BigInt(clockId);
  let out = '';
  for (let index = 0; index < 13; index += 1) {
    out = S32[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/** The microseconds and clock id a TID carries. */
export function parseTid(tid: string): { micros: bigint; clockId: number } {
  let value = 0n;
  for (const char of tid) {
    const digit = S32.indexOf(char);
    if (digit < 0) throw new RangeError('not a TID');
    value = (value << 5n) | BigInt(digit);
  }
  return { micros: value >> 10n, clockId: Number(value & 1023n) };
}

const hash = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * The rkey of part `partIndex` of a post: the timestamp is the post time plus `partIndex`
 * milliseconds (the parts of a thread sort in order) plus a post-specific sub-millisecond
 * slot; the clock id is a hash of post, part and `probe`. Two posts due in the same
 * millisecond share a key with a chance of one in a million; `probe` > 0 then gives the next
 * candidate (the key is taken by a different record): a deterministic sequence, so a retry
 * finds the same keys again.
 */
export function partRecordKey(postId: string, postTime: Date, partIndex: number, probe = 0): string {
  const slot = hash(postId).readUInt32BE(0) % 1000;
  const micros = BigInt(postTime.getTime() + partIndex) * 1000n + BigInt(slot);
  const clockId = hash(`${postId}:${partIndex}:${probe}`).readUInt16BE(0) & 1023;
  return tidFromTime(micros, clockId);
}
