import { MAX_VISIBILITY_SECONDS, redeliveryDelaySeconds } from '#shared/domain/publish-redelivery';

/** When a publish-queue record the publisher gives back becomes visible again. */
describe('publish redelivery delay', () => {
  it('brings a failed run back after 2, 4, 8 and 16 seconds by its receive count', () => {
    expect([1, 2, 3, 4].map((receiveCount) => redeliveryDelaySeconds({ reason: 'failed', receiveCount }))).toEqual([2, 4, 8, 16]);
  });

  it('keeps 16 seconds past the fourth receive and reads a missing or malformed count as the first', () => {
    expect(redeliveryDelaySeconds({ reason: 'failed', receiveCount: 5 })).toBe(16);
    expect(redeliveryDelaySeconds({ reason: 'failed', receiveCount: 40 })).toBe(16);
    expect(redeliveryDelaySeconds({ reason: 'failed', receiveCount: 0 })).toBe(2);
    expect(redeliveryDelaySeconds({ reason: 'failed', receiveCount: Number.NaN })).toBe(2);
  });

  it('brings a held record back one second after the claim lease ends, rounding up to whole seconds', () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    expect(redeliveryDelaySeconds({ reason: 'held', now, heldUntil: new Date('2026-11-25T10:05:00.000Z') })).toBe(301);
    expect(redeliveryDelaySeconds({ reason: 'held', now, heldUntil: new Date('2026-11-25T10:00:00.200Z') })).toBe(2);
  });

  it('waits at least one second for a lease already over, and at most twelve hours', () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    expect(redeliveryDelaySeconds({ reason: 'held', now, heldUntil: new Date('2026-11-25T09:59:00.000Z') })).toBe(1);
    expect(redeliveryDelaySeconds({ reason: 'held', now, heldUntil: now })).toBe(1);
    expect(redeliveryDelaySeconds({ reason: 'held', now, heldUntil: new Date('2026-11-27T10:00:00.000Z') })).toBe(MAX_VISIBILITY_SECONDS);
  });
});
