import { tableName } from './client';
import { publicVersionOf, versionOf, type Post } from '#shared/domain/post';
import { postItem } from './posts';

/**
 * The post's side of an edit or a retry (docs/api.md, "Editing, rescheduling and retrying"): whole-item writes conditional on
 * the status and version that were read, so of two changes made from the same read, or a change
 * and the publisher's claim, exactly one lands.
 */
const versionIs = (version: number): string => (version ? '#version = :version' : 'attribute_not_exists(#version)');
/** The public version read (docs/api.md, "Versions and If-Match"): an If-Match checked on the read holds at the write. */
const revisionIs = (previous: Post): string =>
  previous.revision === undefined ? 'attribute_not_exists(#revision)' : '#revision = :revision';

/**
 * Transaction item writing the changed post over the one it was planned from, conditional on the
 * status, the trigger version and the public version read: any write in between (an edit, the
 * publisher) cancels it, so a version the caller pinned is checked by the write itself.
 */
export function replacePostItem(next: Post, previous: Post) {
  const version = versionOf(previous);
  return {
    Put: {
      TableName: tableName,
      Item: postItem(next),
      ConditionExpression: `#status = :status AND ${versionIs(version)} AND ${revisionIs(previous)}`,
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version', '#revision': 'revision' },
      ExpressionAttributeValues: {
        ':status': previous.status,
        ...(version ? { ':version': version } : {}),
        ...(previous.revision === undefined ? {} : { ':revision': previous.revision }),
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/**
 * Transaction item putting the post back as it was before a change whose hand-over to the
 * scheduler failed: only while the change is untouched (same version and status, and no platform
 * the change made pending taken by a publisher since).
 */
export function restorePostItem(previous: Post, changed: Post) {
  const pending = changed.platforms.filter((platform) => changed.results[platform]?.status === 'pending');
  const untouched = pending.map((_, index) => ` AND results.#p${index}.#rs = :pending`).join('');
  return {
    Put: {
      TableName: tableName,
      // The content goes back, the public version never does: a client that saw the change must not
      // be able to pin the old number again (docs/decisions/0215-public-post-version-beside-the-trigger-version.md).
      Item: postItem({ ...previous, revision: publicVersionOf(changed) + 1 }),
      ConditionExpression: `#status = :status AND #version = :version${untouched}`,
      ExpressionAttributeNames: {
        '#status': 'status',
        '#version': 'version',
        ...(pending.length ? { '#rs': 'status' } : {}),
        ...Object.fromEntries(pending.map((platform, index) => [`#p${index}`, platform])),
      },
      ExpressionAttributeValues: {
        ':status': changed.status,
        ':version': versionOf(changed),
        ...(pending.length ? { ':pending': 'pending' } : {}),
      },
    },
  };
}
