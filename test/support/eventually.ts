/**
 * Polls an assertion until it passes, for what a test can only observe by asking again (a post's
 * status over HTTP, a row another process writes): `await eventually(async () => expect(...))`.
 * Returns the assertion's value from the attempt that passed; past `timeoutMs` it throws the last
 * attempt's error, so a failure reads as the assertion's own. Waiting for an event the code emits,
 * or for the clock port, needs no polling and should not use this.
 */
export interface EventuallyOptions {
  /** How long to keep trying; the last attempt may start just before this runs out. Default 5 s. */
  timeoutMs?: number;
  /** The pause between attempts. Default 50 ms. */
  intervalMs?: number;
}

export async function eventually<T>(assertion: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<T> {
  const { timeoutMs = 5_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolveWait) => setTimeout(resolveWait, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
    }
  }
}
