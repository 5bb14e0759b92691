/**
 * `npm start` for the first-comment crash test (test/slow/first-comment-crash.test.ts), run
 * as a child process against the test's real PDS and fake LinkedIn (their URLs in the usual
 * settings). With CRASH_AT it stands in for a process about to die at a point of the first
 * comment: the store write named there never goes out (it hangs), and `CRASH_POINT <platform>` is
 * printed for the test to SIGKILL the service:
 *   - `claim`: the post is published and recorded, its comment not yet claimed (between the post and the comment);
 *   - `record`: the comment call has been made, its outcome not yet recorded.
 * With EXTRA_ACCOUNT=1 it also creates a pro account and prints its key (`account key: sk_…`).
 */
import { runLocalStackChild } from './local-stack-child';

const WRITES: Record<string, string> = {
  claim: 'SET results.#p.#fc = :claim',
  record: 'SET results.#p.#fc = :outcome',
};

runLocalStackChild('crash-comment service', async () => {
  // After the start (the store client is made for the stack it starts); a fresh store has nothing to publish before.
  const crashAt = WRITES[process.env.CRASH_AT ?? ''];
  if (crashAt) {
    const { db } = await import('#shared/store/client');
    db.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { UpdateExpression?: string; ExpressionAttributeNames?: Record<string, string> };
        if (input.UpdateExpression !== crashAt) return next(args);
        process.stdout.write(`CRASH_POINT ${input.ExpressionAttributeNames?.['#p']}\n`);
        return new Promise<never>(() => undefined);
      },
      { step: 'initialize', name: 'crash-at-first-comment' },
    );
  }
  if (process.env.EXTRA_ACCOUNT === '1') {
    // Another account on the same store, with its own LinkedIn spacing: printed like the demo's key.
    const { createAccount } = await import('#shared/use-cases/accounts');
    const { apiKey } = await createAccount({ name: 'Crash account', plan: 'pro' });
    process.stdout.write(`account key: ${apiKey}\n`);
  }
});
