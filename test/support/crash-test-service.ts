/**
 * `npm start` for the crash test (test/integration/webhooks-crash.test.ts), run as a child
 * process: the local stack on DATA_DIR with its own DynamoDB Local, a Bluesky publisher that
 * always succeeds (no PDS in the child), and a Bluesky profile for the demo account.
 *
 * With CRASH_AFTER_OUTBOX_WRITE=1 it stands in for a process that dies the instant a webhook
 * event's write commits: the announcement to the dispatcher is dropped and `OUTBOX_WRITTEN` is
 * printed instead, for the test to SIGKILL the whole process group before anything else runs.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { startLocalStack } from '../../local/local-stack';

async function main(): Promise<void> {
  const stack = await startLocalStack({
    dataDir: resolve(process.env.DATA_DIR as string),
    port: 0,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const { usePlatformPublisher } = await import('#shared/platforms/registry');
  const { ScriptedPublisher } = await import('./fake-publishers');
  usePlatformPublisher('bluesky', new ScriptedPublisher('bluesky'));
  if (stack.demo) {
    const { createProfileItem } = await import('#shared/store/profiles');
    await createProfileItem({
      id: randomUUID(),
      account_id: stack.demo.accountId,
      platform: 'bluesky',
      handle: 'crash.test',
      display_name: null,
      platform_user_id: 'did:plc:crash',
      connected_at: new Date().toISOString(),
      expires_at: null,
      needs_reconnect: false,
      credentials: 'unused',
    });
  }
  if (process.env.CRASH_AFTER_OUTBOX_WRITE === '1') {
    const { useWebhookEventFeed } = await import('#shared/ports/webhook-event-feed');
    useWebhookEventFeed((events) => process.stdout.write(`OUTBOX_WRITTEN ${events.map((event) => event.id).join(',')}\n`));
  }
  // The service's own process (tsx runs this file in a child of the command the test spawns).
  process.stdout.write(`READY ${process.pid}\n`);
  process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`crash-test service failed: ${(error as Error).message}\n`);
  process.exit(1);
});
