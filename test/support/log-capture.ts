/**
 * Captures everything written to stdout and stderr (Powertools writes its JSON lines there)
 * so tests can grep the logs for secrets. Output is still collected when tests are silent.
 */
export interface LogCapture {
  text(): string;
  restore(): void;
}

export function captureLogs(): LogCapture {
  const chunks: string[] = [];
  const originalOut = process.stdout.write.bind(process.stdout);
  const originalErr = process.stderr.write.bind(process.stderr);
  const collect = (chunk: unknown) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    return true;
  };
  process.stdout.write = collect as typeof process.stdout.write;
  process.stderr.write = collect as typeof process.stderr.write;
  return {
    text: () => chunks.join(''),
    restore: () => {
      process.stdout.write = originalOut;
      process.stderr.write = originalErr;
    },
  };
}
