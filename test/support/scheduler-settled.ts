import type { LocalScheduler } from '../../local/local-scheduler';

/**
 * After a test moves the clock: the running local scheduler hands over whatever is now due and
 * every publisher run under way (and any it starts) ends. What has not happened by then is not
 * going to happen at this time: no sleep, however slow the machine.
 */
export async function schedulerSettled(): Promise<void> {
  const { scheduler } = await import('#shared/ports/scheduler');
  const local = (await scheduler()) as unknown as LocalScheduler;
  if (typeof local.settle !== 'function') throw new Error('schedulerSettled() needs the local scheduler (local/local-scheduler.ts)');
  await local.settle();
}
