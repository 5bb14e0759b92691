/** Progress lines on stderr (stdout is the summary), and phases that fail the run instead of ending it. */
const started = performance.now();

export const elapsedSeconds = (): number => (performance.now() - started) / 1000;

export const log = (message: string): void => {
  process.stderr.write(`[bench ${elapsedSeconds().toFixed(0).padStart(3)} s] ${message}\n`);
};

/** Runs one phase; a crash becomes a failure of the run, and the other phases still report. */
export async function phase<T>(name: string, failures: string[], run: () => Promise<T>): Promise<T | undefined> {
  log(name);
  try {
    return await run();
  } catch (error) {
    failures.push(`${name} crashed: ${String((error as Error).message ?? error).split('\n')[0]}`);
    log(`${name} crashed: ${String((error as Error).stack ?? error)}`);
    return undefined;
  }
}
