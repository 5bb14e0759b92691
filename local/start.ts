/**
 * `npm start`: DynamoDB Local persisted under $DATA_DIR, the single table, a demo account on
 * first start, then the local API on 127.0.0.1:$PORT serving the Lambda handlers.
 */
import { resolve } from 'node:path';
import { startLocalStack } from './local-stack';

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR || '.data');
  const port = Number(process.env.PORT || 3000);
  const stack = await startLocalStack({ dataDir, port, log: (line) => process.stdout.write(`${line}\n`) });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping...\n`);
    stack
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${(error as Error).message}\n`);
  process.exit(1);
});
