import { resolve } from 'node:path';
import { startLocalStack, type LocalStack } from '../../local/local-stack';

/**
 * The child side of ./child-service.ts for the crash tests' services: `npm start`'s local stack on
 * DATA_DIR with its own DynamoDB Local and a free port, then whatever the test's service adds
 * (`prepare`), then `READY <pid>` (the service's own process: tsx runs the script in a child of the
 * command the test spawns, and the test kills exactly this one). SIGTERM stops the stack cleanly.
 */
export function runLocalStackChild(name: string, prepare?: (stack: LocalStack) => Promise<void>): void {
  const main = async () => {
    const stack = await startLocalStack({
      dataDir: resolve(process.env.DATA_DIR as string),
      port: 0,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    await prepare?.(stack);
    process.stdout.write(`READY ${process.pid}\n`);
    process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
  };
  main().catch((error: unknown) => {
    process.stderr.write(`${name} failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
