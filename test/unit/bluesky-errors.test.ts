import { XRPCError } from '@atproto/api';
import { BlueskyAuthExpiredError, failureKind, retryAfterSeconds } from '#shared/platforms/bluesky/errors';

describe('failureKind', () => {
  it.each([
    [new XRPCError(401, 'AuthenticationRequired', 'Invalid identifier or password'), 'auth'],
    [new XRPCError(400, 'ExpiredToken', 'Token has been revoked'), 'auth'],
    [new XRPCError(400, 'InvalidToken', 'Token could not be verified'), 'auth'],
    [new BlueskyAuthExpiredError(), 'auth'],
    [new XRPCError(429, 'RateLimitExceeded'), 'unavailable'],
    [new XRPCError(500, 'InternalServerError'), 'unavailable'],
    [new XRPCError(504, 'UpstreamTimeout'), 'unavailable'],
    [XRPCError.from(new TypeError('fetch failed')), 'unavailable'],
    [XRPCError.from(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), 'unavailable'],
    [new Error('something else'), 'unavailable'],
    [new XRPCError(404, 'XRPCNotSupported'), 'not-a-pds'],
    [new XRPCError(400, 'InvalidRequest', 'Invalid app.bsky.feed.post record'), 'rejected'],
  ])('%s is %s', (error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});

describe('retryAfterSeconds', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');
  it('reads retry-after, else the atproto ratelimit-reset time, else nothing', () => {
    expect(retryAfterSeconds(new XRPCError(429, 'RateLimitExceeded', undefined, { 'retry-after': '30' }), now)).toBe(30);
    const reset = String(now.getTime() / 1000 + 90.2);
    expect(retryAfterSeconds(new XRPCError(429, 'RateLimitExceeded', undefined, { 'ratelimit-reset': reset }), now)).toBe(91);
    expect(
      retryAfterSeconds(new XRPCError(429, 'RateLimitExceeded', undefined, { 'ratelimit-reset': String(now.getTime() / 1000 - 5) }), now),
    ).toBe(1);
    expect(retryAfterSeconds(new XRPCError(503, 'NotEnoughResources', undefined, {}), now)).toBeUndefined();
    expect(retryAfterSeconds(new Error('x'), now)).toBeUndefined();
  });
});
