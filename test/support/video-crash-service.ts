/**
 * `npm start` for the video crash test (test/integration/video-crash.test.ts), run as a child
 * process: the local stack on DATA_DIR with its own DynamoDB Local and the real publishers, the
 * Bluesky PDS and video service given by the test in BLUESKY_SERVICE_URL and
 * BLUESKY_VIDEO_SERVICE_URL. Prints `READY <pid>` for the test to SIGKILL this very process.
 */
import { resolve } from 'node:path';
import { startLocalStack } from '../../local/local-stack';

async function main(): Promise<void> {
  const stack = await startLocalStack({
    dataDir: resolve(process.env.DATA_DIR as string),
    port: 0,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`READY ${process.pid}\n`);
  process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`video crash service failed: ${(error as Error).message}\n`);
  process.exit(1);
});
