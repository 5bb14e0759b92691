/**
 * `npm start` for the crash test (test/slow/webhooks-crash.test.ts), run as a child
 * process: the local stack on DATA_DIR with its own DynamoDB Local, a Bluesky publisher that
 * always succeeds (no PDS in the child), and a Bluesky profile for the demo account.
 *
 * With CRASH_AFTER_OUTBOX_WRITE=1 it stands in for a process that dies the instant a webhook
 * event's write commits: the announcement to the dispatcher is dropped and `OUTBOX_WRITTEN` is
 * printed instead, for the test to SIGKILL the whole process group before anything else runs.
 */
import { randomUUID } from 'node:crypto';
import { runLocalStackChild } from './local-stack-child';

runLocalStackChild('crash-test service', async (stack) => {
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
});
