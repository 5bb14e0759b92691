import { LocalScheduler } from '../local/local-scheduler';
import { invokePublisher } from '../local/publisher-invoker';
import { clock, offsetClock, useClock } from '#shared/ports/clock';
import { getPostItem } from '#shared/store/posts';
import type { BenchEnvironment } from './environment';
import type { BenchAccount } from './fixtures';
import { callService } from './http-client';
import { summarize, type LatencySummary } from './stats';
import type { TimingPublisher } from './timing-publisher';

export interface PublishDelayFigures {
  posts: number;
  /** Publisher call time − the post's due time, in the clock's frame. */
  delay: LatencySummary;
  /** Its two parts: the scheduler noticing the post is due (tick), then the publisher's reads and claims before the call. */
  schedulerLag: LatencySummary;
  publisherPrework: LatencySummary;
  /** One publisher invocation (the publish-post handler, in-process), platform call excluded. */
  publisherRun: LatencySummary;
  published: number;
  /** A post that went through, for its item size. */
  samplePostId?: string;
  /** Platform calls per post: must be exactly 1 each. */
  duplicateCalls: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Schedules `count` posts through the API with due times `spreadMs` apart, moves the clock
 * port forward so they fall due one after another within seconds (no minute of waiting),
 * and lets the local scheduler run the real publisher handler for each.
 */
export async function measurePublishDelay(
  env: BenchEnvironment,
  account: BenchAccount,
  publisher: TimingPublisher,
  post: { count: number; spreadMs: number; content: string },
): Promise<PublishDelayFigures> {
  const { count, spreadMs, content } = post;
  const runs: number[] = [];
  const invokedAt = new Map<string, number>();
  const scheduler = new LocalScheduler(async (trigger) => {
    invokedAt.set(trigger.post_id, clock.now().getTime());
    const started = performance.now();
    await invokePublisher(trigger);
    runs.push(performance.now() - started);
  });
  await scheduler.start();
  env.scheduler.use(scheduler);
  try {
    const firstDue = Date.now() + 65_000;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const scheduledFor = new Date(firstDue + index * spreadMs).toISOString();
      const created = await callService(env.baseUrl, 'POST', '/posts', account.apiKey, {
        content,
        platforms: ['bluesky'],
        scheduled_for: scheduledFor,
      });
      if (created.status !== 201)
        throw new Error(`publish-delay setup: POST /posts gave ${created.status} ${JSON.stringify(created.json)}`);
      ids.push(created.json.post.id as string);
    }
    // "Now" becomes 300 ms before the first due time.
    useClock(offsetClock(firstDue - 300 - Date.now()));
    const deadline = Date.now() + 20_000 + count * spreadMs;
    while (new Set(publisher.calls.map((call) => call.postId)).size < count && Date.now() < deadline) await sleep(50);
    await sleep(300);
    await scheduler.stop();
    const ours = new Set(ids);
    const calls = publisher.calls.filter((call) => ours.has(call.postId));
    let published = 0;
    for (const id of ids) if ((await getPostItem(id))?.status === 'published') published += 1;
    return {
      posts: count,
      delay: summarize(calls.map((call) => call.calledAtMs - call.dueAtMs)),
      schedulerLag: summarize(calls.map((call) => (invokedAt.get(call.postId) ?? Number.NaN) - call.dueAtMs)),
      publisherPrework: summarize(calls.map((call) => call.calledAtMs - (invokedAt.get(call.postId) ?? Number.NaN))),
      publisherRun: summarize(runs),
      published,
      samplePostId: ids[0],
      duplicateCalls: calls.length - new Set(calls.map((call) => call.postId)).size,
    };
  } finally {
    await scheduler.stop();
    env.scheduler.use(undefined);
    useClock();
  }
}
