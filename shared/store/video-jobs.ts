import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '#shared/domain/platforms';
import { db, tableName } from './client';
import { isExpired, toEpochSeconds, TTL_ATTRIBUTE } from './table';

/**
 * Video jobs: the id a platform's video service gave a post's video (Bluesky's
 * `app.bsky.video.uploadVideo`), written before the publisher waits for the job, so a run
 * after a crash resumes the job instead of uploading the video again (docs/api.md, "Video").
 * One item per post and platform; it outlives any retry and then expires.
 */
export const videoJobKey = (postId: string, platform: Platform) => ({ pk: `VIDEO_JOB#${postId}`, sk: platform });

/** A week: far beyond any publish and its retries; the service keeps jobs for less. */
const LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export async function getVideoJob(postId: string, platform: Platform, now: Date): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: videoJobKey(postId, platform), ConsistentRead: true }));
  if (!Item || isExpired(Item, now)) return undefined;
  return Item.job_id as string;
}

export async function putVideoJob(postId: string, platform: Platform, jobId: string, now: Date): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...videoJobKey(postId, platform),
        type: 'video_job',
        job_id: jobId,
        created_at: now.toISOString(),
        [TTL_ATTRIBUTE]: toEpochSeconds(new Date(now.getTime() + LIFETIME_MS)),
      },
    }),
  );
}
