/**
 * `npm start` for the inbox reply crash test (test/slow/inbox-appview.test.ts), as a child process
 * against the test's real PDS (BLUESKY_SERVICE_URL). With CRASH_AT=record it stands in for a
 * process about to die after a reply's platform call: the transaction that records the reply's
 * outcome never goes out (it hangs), and `CRASH_POINT inbox-reply` is printed for the test to
 * SIGKILL the service. With INBOX_ROUND_MS the collection round also runs that often (the test
 * need not wait 5 minutes of real time for the round that takes a stopped reply over).
 */
import { runLocalStackChild } from './local-stack-child';

runLocalStackChild('crash-inbox service', async () => {
  const roundMs = Number(process.env.INBOX_ROUND_MS ?? 0);
  if (roundMs > 0) {
    const { scheduler } = await import('#shared/ports/registry');
    const { invokeInboxCollector } = await import('../../local/webhook-invokers');
    ((await scheduler()) as unknown as { every(ms: number, job: () => Promise<void>): void }).every(roundMs, invokeInboxCollector);
  }
  if (process.env.CRASH_AT !== 'record') return;
  const { db } = await import('#shared/store/client');
  db.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { TransactItems?: { Update?: { UpdateExpression?: string; ConditionExpression?: string } }[] };
      const first = input.TransactItems?.[0]?.Update;
      const recordsReply =
        first?.UpdateExpression?.startsWith('SET reply = :reply') && first.ConditionExpression?.startsWith('reply.claim_id');
      if (!recordsReply) return next(args);
      process.stdout.write('CRASH_POINT inbox-reply\n');
      return new Promise<never>(() => undefined);
    },
    { step: 'initialize', name: 'crash-at-inbox-reply-record' },
  );
});
