import { farEnough, nextAvailable, spacingBucket, SPACING_MS } from '#shared/domain/linkedin-spacing';

const at = (time: string) => new Date(`2026-11-23T${time}.000Z`);

describe('LinkedIn spacing rule', () => {
  it('gives the example of docs/api.md (Limits): existing 10:00:00 and 10:01:30, request 10:00:30 → 10:02:30', () => {
    expect(nextAvailable(at('10:00:30'), [at('10:00:00'), at('10:01:30')])).toEqual(at('10:02:30'));
  });

  it('walks a chain of five posts whatever order they come in', () => {
    const chain = ['10:00:00', '10:01:00', '10:02:05', '10:03:10', '10:04:10'].map(at);
    expect(nextAvailable(at('10:00:20'), [...chain].reverse())).toEqual(at('10:05:10'));
    expect(nextAvailable(at('09:59:00'), chain)).toEqual(at('09:59:00'));
    expect(nextAvailable(at('09:59:30'), chain)).toEqual(at('10:05:10'));
  });

  it('keeps the requested time when it is free, and allows exactly 60 s', () => {
    expect(nextAvailable(at('10:05:00'), [at('10:04:00'), at('10:06:00')])).toEqual(at('10:05:00'));
    expect(farEnough(0, SPACING_MS)).toBe(true);
    expect(farEnough(0, SPACING_MS - 1)).toBe(false);
  });

  it('puts two times in one bucket only when they are under 60 s apart', () => {
    expect(spacingBucket(at('10:00:00'))).toBe(spacingBucket(at('10:00:59')));
    expect(spacingBucket(at('10:01:00'))).toBe(spacingBucket(at('10:00:00')) + 1);
  });
});
