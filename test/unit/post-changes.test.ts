import { spacingBucket } from '#shared/domain/linkedin-spacing';
import { editRefusal, retryRefusal } from '#shared/domain/post-change';
import { applyEdit, readEdit } from '#shared/domain/post-edit';
import { applyRetry, platformsToRetry } from '#shared/domain/post-retry';
import { pendingResult } from '#shared/domain/post-view';
import type { PlatformResult, Post } from '#shared/domain/post';
import { moveSpacingSlotItems } from '#shared/store/spacing-slots';

/** The pure rules of edits and retries (docs/api.md, "Editing, rescheduling and retrying"), and the slot move they write. */
const now = new Date('2026-11-23T10:00:00.000Z');
const at = (minutes: number, seconds = 0) => new Date(now.getTime() + minutes * 60_000 + seconds * 1000);
const failed = (code: string): PlatformResult => ({
  status: 'failed',
  url: null,
  platform_post_id: null,
  published_at: null,
  error: { code, message: code },
});
const published: PlatformResult = {
  status: 'published',
  url: 'https://x',
  platform_post_id: 'x',
  published_at: now.toISOString(),
  error: null,
};

function post(overrides: Partial<Post> = {}): Post {
  const time = at(60);
  return {
    id: 'p1',
    account_id: 'a1',
    content: 'Hello',
    platforms: ['linkedin', 'bluesky'],
    status: 'scheduled',
    scheduled_for: time.toISOString(),
    created_at: now.toISOString(),
    published_at: null,
    results: { linkedin: pendingResult(), bluesky: pendingResult() },
    post_time: time.toISOString(),
    spacing_bucket: spacingBucket(time),
    ...overrides,
  };
}

describe('applyEdit', () => {
  it('changes nothing (undefined) for {} or the same values', () => {
    expect(applyEdit(post(), readEdit({}, now), now)).toBeUndefined();
    expect(
      applyEdit(
        post(),
        readEdit({ content: 'Hello', platforms: ['linkedin', 'bluesky', 'bluesky'], scheduled_for: at(60).toISOString() }, now),
        now,
      ),
    ).toBeUndefined();
  });

  it('bumps the version and moves the slot with the time, within a bucket or across', () => {
    const within = applyEdit(post(), readEdit({ scheduled_for: at(60, 10).toISOString() }, now), now)!;
    expect(within.next).toMatchObject({ version: 1, post_time: at(60, 10).toISOString(), spacing_bucket: spacingBucket(at(60)) });
    expect(within.slot).toEqual({
      from: { bucket: spacingBucket(at(60)), timeMs: at(60).getTime() },
      to: { bucket: spacingBucket(at(60)), timeMs: at(60, 10).getTime() },
    });
    const across = applyEdit(post({ version: 4 }), readEdit({ scheduled_for: at(61, 5).toISOString() }, now), now)!;
    expect(across.next.version).toBe(5);
    expect(across.slot?.to?.bucket).toBe(spacingBucket(at(60)) + 1);
  });

  it('claims a slot when LinkedIn is added, releases it when removed, and leaves it for a text-only edit', () => {
    const blueskyOnly = post({ platforms: ['bluesky'], results: { bluesky: pendingResult() }, spacing_bucket: undefined });
    expect(applyEdit(blueskyOnly, readEdit({ platforms: ['bluesky', 'linkedin'] }, now), now)!.slot).toEqual({
      from: undefined,
      to: { bucket: spacingBucket(at(60)), timeMs: at(60).getTime() },
    });
    const removed = applyEdit(post(), readEdit({ platforms: ['bluesky'] }, now), now)!;
    expect([removed.slot, removed.next.spacing_bucket]).toEqual([
      { from: { bucket: spacingBucket(at(60)), timeMs: at(60).getTime() }, to: undefined },
      undefined,
    ]);
    expect(applyEdit(post(), readEdit({ content: 'New' }, now), now)!.slot).toBeUndefined();
  });

  it('publishes now on scheduled_for null, and drops the text of a removed platform', () => {
    const edit = applyEdit(
      post({ platform_content: { linkedin: 'L', bluesky: 'B' } }),
      readEdit({ scheduled_for: null, platforms: ['bluesky'] }, now),
      now,
    )!;
    expect(edit.next).toMatchObject({
      status: 'publishing',
      scheduled_for: null,
      post_time: now.toISOString(),
      platform_content: { bluesky: 'B' },
      platforms: ['bluesky'],
    });
    expect(Object.keys(edit.next.results)).toEqual(['bluesky']);
  });

  it('refuses a platform text for a platform the post will not have, with or without platforms sent', () => {
    expect(() => readEdit({ platforms: ['bluesky'], platform_content: { linkedin: 'x' } }, now)).toThrow(
      expect.objectContaining({ code: 'INVALID_FIELD', extras: { field: 'platform_content.linkedin' } }),
    );
    const blueskyOnly = post({ platforms: ['bluesky'], results: { bluesky: pendingResult() }, spacing_bucket: undefined });
    expect(() => applyEdit(blueskyOnly, readEdit({ platform_content: { linkedin: 'x' } }, now), now)).toThrow(
      expect.objectContaining({ code: 'INVALID_FIELD' }),
    );
  });
});

describe('refusals by status', () => {
  it('edits only scheduled posts; a failed one is pointed to retry', () => {
    expect(editRefusal('scheduled')).toBeUndefined();
    expect(editRefusal('failed')).toMatchObject({ code: 'INVALID_POST_STATE', extras: { status: 'failed' } });
    for (const status of ['publishing', 'published', 'partially_published'] as const)
      expect(editRefusal(status)?.code).toBe('POST_PUBLISHED');
  });
  it('retries only failed and partially published posts', () => {
    expect([retryRefusal('failed'), retryRefusal('partially_published')]).toEqual([undefined, undefined]);
    for (const status of ['scheduled', 'publishing', 'published'] as const)
      expect(retryRefusal(status)).toMatchObject({ code: 'INVALID_POST_STATE', extras: { status } });
  });
});

describe('applyRetry', () => {
  const failedPost = post({
    status: 'failed',
    scheduled_for: null,
    post_time: now.toISOString(),
    spacing_bucket: undefined,
    results: { linkedin: failed('PLATFORM_REJECTED'), bluesky: failed('PLATFORM_OUTCOME_UNKNOWN') },
  });

  it('retries failed platforms but those with an unknown outcome, unless asked', () => {
    expect(platformsToRetry(failedPost, false)).toEqual(['linkedin']);
    expect(platformsToRetry(failedPost, true)).toEqual(['linkedin', 'bluesky']);
    const retry = applyRetry(failedPost, {}, at(30), now);
    expect(retry.next).toMatchObject({
      status: 'scheduled',
      scheduled_for: at(30).toISOString(),
      version: 1,
      results: { linkedin: pendingResult(), bluesky: failed('PLATFORM_OUTCOME_UNKNOWN') },
    });
    expect(retry.slot).toEqual({ from: undefined, to: { bucket: spacingBucket(at(30)), timeMs: at(30).getTime() } });
  });

  it('keeps the slot of a partially published post whose LinkedIn went out, and moves no slot for a Bluesky retry', () => {
    const partial = post({ status: 'partially_published', results: { linkedin: published, bluesky: failed('PLATFORM_UNAVAILABLE') } });
    const retry = applyRetry(partial, {}, null, now);
    expect([retry.slot, retry.next.spacing_bucket, retry.next.status]).toEqual([undefined, partial.spacing_bucket, 'publishing']);
  });

  it('refuses content on a partially published post and a retry with nothing to retry', () => {
    const partial = post({ status: 'partially_published', results: { linkedin: published, bluesky: failed('PLATFORM_OUTCOME_UNKNOWN') } });
    expect(() => applyRetry(partial, { content: 'x' }, null, now)).toThrow(
      expect.objectContaining({ code: 'INVALID_POST_STATE', extras: { status: 'partially_published' } }),
    );
    expect(() => applyRetry(partial, {}, null, now)).toThrow(expect.objectContaining({ code: 'INVALID_POST_STATE' }));
  });
});

describe('moveSpacingSlotItems (the transaction items)', () => {
  const kinds = (items: { Put?: unknown; ConditionCheck?: unknown; Delete?: unknown }[]) =>
    items.map(
      (item) =>
        Object.keys(item)[0] +
        ':' +
        String(
          (
            (Object.values(item)[0] as { Key?: { sk: string }; Item?: { sk: string } }).Key ??
            (Object.values(item)[0] as { Item: { sk: string } }).Item
          ).sk.slice(-3),
        ),
    );

  it('claims the new bucket with both neighbours checked and releases the old one, far apart', () => {
    const move = moveSpacingSlotItems('a1', 'p1', 100, { bucket: 200, timeMs: 200 * 60_000 });
    expect([kinds(move.items), move.claims]).toEqual([['Put:200', 'ConditionCheck:199', 'ConditionCheck:201', 'Delete:100'], 3]);
  });

  it('never checks the post against its own old bucket when that is a neighbour', () => {
    const move = moveSpacingSlotItems('a1', 'p1', 100, { bucket: 101, timeMs: 101 * 60_000 + 5_000 });
    expect([kinds(move.items), move.claims]).toEqual([['Put:101', 'ConditionCheck:102', 'Delete:100'], 2]);
  });

  it('rewrites the slot in place within one bucket, and puts it back without checks for a rollback', () => {
    expect(kinds(moveSpacingSlotItems('a1', 'p1', 100, { bucket: 100, timeMs: 100 * 60_000 + 10_000 }).items)).toEqual([
      'Put:100',
      'ConditionCheck:099',
      'ConditionCheck:101',
    ]);
    expect(kinds(moveSpacingSlotItems('a1', 'p1', 101, { bucket: 100, timeMs: 100 * 60_000 }, { checkNeighbours: false }).items)).toEqual([
      'Put:100',
      'Delete:101',
    ]);
    expect(moveSpacingSlotItems('a1', 'p1', 100, undefined)).toEqual({
      items: [expect.objectContaining({ Delete: expect.anything() })],
      claims: 0,
    });
  });
});
