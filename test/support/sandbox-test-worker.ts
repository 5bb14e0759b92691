import { serve } from '#shared/media/sandbox/worker-runtime';
import type { Host } from '#shared/media/sandbox/protocol';

/**
 * A sandbox worker with misbehaving jobs, for test/unit/media-sandbox.test.ts: what a hostile
 * file can make a parser do (allocate without end, loop without yielding, crash), and the plain
 * jobs the pool must still answer afterwards.
 */
serve({
  echo: async (input: { value: unknown }) => input.value,
  sum: async (input: { size: number }, host: Host) => {
    const bytes = await host.read(0, input.size);
    return bytes.reduce((total, byte) => total + byte, 0);
  },
  readPast: async (_input: unknown, host: Host) =>
    host.read(0, 1 << 30).then(
      () => 'read',
      (error: Error) => error.message,
    ),
  hog: async () => {
    const kept: unknown[] = [];
    for (;;) kept.push({ index: kept.length, label: `sample ${kept.length}` });
  },
  spin: async () => {
    for (;;);
  },
  crash: async () => {
    setImmediate(() => {
      throw new Error('outside the job');
    });
    return new Promise(() => undefined);
  },
  fail: async () => {
    throw new Error('the job says no');
  },
});
