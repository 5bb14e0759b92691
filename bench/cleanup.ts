/**
 * Everything the run starts registers how to undo it here: an async undo for the normal
 * path, and a synchronous one for when the process is interrupted (Ctrl-C, a crash), so no
 * java process or temp directory outlives the benchmark.
 */
interface Undo {
  name: string;
  run: () => Promise<void>;
  runNow?: () => void;
}

const undos: Undo[] = [];
let cleaned = false;

export function onCleanup(name: string, run: () => Promise<void>, runNow?: () => void): void {
  undos.push({ name, run, runNow });
}

/** Undoes everything registered, newest first; never throws. */
export async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const undo of [...undos].reverse()) {
    try {
      await undo.run();
    } catch (error) {
      process.stderr.write(`cleanup of ${undo.name} failed: ${String(error)}\n`);
    }
  }
}

function cleanUpNow(): void {
  if (cleaned) return;
  cleaned = true;
  for (const undo of [...undos].reverse()) {
    try {
      undo.runNow?.();
    } catch {
      // Best effort on the way out.
    }
  }
}

/** Installs the last-resort handlers: exit, SIGINT, SIGTERM. */
export function installCleanupHandlers(): void {
  process.once('exit', cleanUpNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: cleaning up\n`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}
