import type { PublishQueue } from '#shared/ports/publish-queue';
import { unwirePorts, wirePorts } from '#shared/ports/registry';
import { publishQueued, type QueuedTrigger } from '#shared/use-cases/publish-queued';
import { LEASE_SECONDS } from '#shared/use-cases/visibility-lease';

/**
 * One crash costs one post (issue 37, item 3): while a batch's runs live, each record is hidden
 * for at most 30 s ahead, renewed; so whenever the runtime kills the invocation (a timeout, out of
 * memory: no code runs after it), every record of the batch is visible again within 30 s, not after
 * the queue's 18-minute visibility timeout. The runs hang here (a platform call that never answers),
 * and the queue is a model of SQS visibility on jest's clock.
 */
const hanging: Array<() => void> = [];
let run: () => Promise<unknown> = () => new Promise((resolve) => hanging.push(() => resolve({})));
jest.mock('#shared/use-cases/publish-post', () => ({ publishPost: () => run() }));

/** SQS visibility per receipt handle, as the queue's 1,080 s timeout hid them at receipt. */
class VisibilityModel implements PublishQueue {
  readonly visibleAt = new Map<string, number>();
  constructor(handles: string[]) {
    for (const handle of handles) this.visibleAt.set(handle, Date.now() + 1_080_000);
  }
  async send(): Promise<void> {}
  async redeliverIn(receiptHandle: string, seconds: number): Promise<void> {
    this.visibleAt.set(receiptHandle, Date.now() + seconds * 1000);
  }
  async holdFor(receiptHandle: string, seconds: number): Promise<void> {
    this.visibleAt.set(receiptHandle, Date.now() + seconds * 1000);
  }
}

const records: QueuedTrigger[] = Array.from({ length: 10 }, (_, index) => ({
  messageId: `message-${index}`,
  receiptHandle: `handle-${index}`,
  body: JSON.stringify({ post_id: `3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a${String(index).padStart(2, '0')}` }),
  receiveCount: 1,
}));

beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-11-28T12:00:00Z') }));
afterEach(() => {
  jest.useRealTimers();
  unwirePorts('publishQueue');
  hanging.length = 0;
});

it('a killed run gives back every record of its batch within 30 s, at whatever moment it is killed', async () => {
  const queue = new VisibilityModel(records.map((record) => record.receiptHandle!));
  wirePorts({ publishQueue: () => queue });
  const batch = publishQueued(records);
  await jest.advanceTimersByTimeAsync(0);
  expect(hanging).toHaveLength(10);
  // Three minutes of a run that never ends (the publisher's timeout): a kill at any second leaves
  // each record visible again within the lease.
  for (let second = 0; second < 180; second += 1) {
    for (const at of queue.visibleAt.values()) {
      expect(at - Date.now()).toBeGreaterThan(0);
      expect(at - Date.now()).toBeLessThanOrEqual(LEASE_SECONDS * 1000);
    }
    await jest.advanceTimersByTimeAsync(1_000);
  }
  // The runs finish: the lease ends with them (the event source deletes the records), nothing renews it.
  hanging.forEach((finish) => finish());
  expect(await batch).toEqual([]);
  const after = new Map(queue.visibleAt);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(queue.visibleAt).toEqual(after);
});

it('a run that fails comes back on its retry delay: the lease ends before the redelivery is set', async () => {
  const queue = new VisibilityModel(['handle-0']);
  wirePorts({ publishQueue: () => queue });
  let fail: (error: Error) => void = () => undefined;
  run = () => new Promise((_resolve, reject) => (fail = reject));
  const batch = publishQueued([records[0]]);
  await jest.advanceTimersByTimeAsync(25_000);
  fail(new Error('store unavailable'));
  expect(await batch).toEqual(['message-0']);
  // The first failure's retry: 2 s (docs/decisions/0033-publish-retries-in-seconds.md), not the lease's 30.
  expect(queue.visibleAt.get('handle-0')! - Date.now()).toBe(2_000);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(queue.visibleAt.get('handle-0')! - Date.now()).toBe(2_000 - 60_000);
});
