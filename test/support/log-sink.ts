import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_FILE_SUFFIX, secretScanDir } from './secret-registry';

/**
 * jest setupFiles: tees every write to stdout and stderr of this worker into
 * `<scan dir>/worker-<id>-<pid>.log` for the global teardown's secret grep
 * (test/support/secret-registry.ts), each test file's output headed with its path. Installed
 * once per worker process on the real streams. Tests that swap `process.stdout.write` for a
 * collector (test/support/log-capture.ts) are still teed: the property is an accessor that keeps
 * the tee in front of whatever is assigned. Run in band (one file, or jest -i), jest's reporter
 * writes to the same streams and is teed too: a failure message quoting a secret fails the run.
 * Not teed in a worker: jest's own `console` (it hands its output to the parent process rather
 * than write it; wrapping it would make every console line point at this file).
 */
type Write = (chunk: unknown, ...rest: unknown[]) => boolean;
interface Sink {
  /** The current test file's globals (expect's state there knows its path), until the path is read. */
  globals?: typeof globalThis;
}

const SINK = Symbol.for('social-posting.log-sink');
const dir = secretScanDir();

/** A data property's value; undefined for an accessor, which is how jest marks a finished file's globals. */
function liveValue(object: unknown, key: PropertyKey): unknown {
  if (object === null || typeof object !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

function heading(sink: Sink): string {
  // expect's state, where jest keeps the test path, read without touching anything jest already cleaned up.
  const state = liveValue(liveValue(sink.globals, Symbol.for('$$jest-matchers-object')), 'state');
  const testPath = liveValue(state, 'testPath');
  if (typeof testPath !== 'string') return '';
  sink.globals = undefined;
  return `# test file: ${testPath}\n`;
}

function append(sink: Sink, text: string): void {
  // The folder exists from jest.config.js until the global teardown removes it; late writes are dropped.
  if (!dir || !existsSync(dir)) return;
  const head = heading(sink);
  appendFileSync(join(dir, `worker-${process.env.JEST_WORKER_ID ?? '0'}-${process.pid}${LOG_FILE_SUFFIX}`), head + text);
}

const asText = (chunk: unknown): string =>
  typeof chunk === 'string'
    ? chunk
    : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array
      ? Buffer.from(chunk).toString('utf8')
      : String(chunk);

function teeStream(stream: NodeJS.WriteStream, sink: Sink): void {
  const original = stream.write.bind(stream) as Write;
  let inner: Write = original;
  let depth = 0;
  const tee: Write = function (this: unknown, chunk, ...rest) {
    // A test that saved `process.stdout.write.bind(...)` and restores it hands us ourselves back.
    if (depth > 0) return original(chunk, ...rest);
    depth += 1;
    try {
      append(sink, asText(chunk));
      return inner.call(stream, chunk, ...rest);
    } finally {
      depth -= 1;
    }
  };
  Object.defineProperty(stream, 'write', {
    configurable: true,
    get: () => tee,
    set: (replacement: Write) => void (inner = replacement),
  });
}

function install(): void {
  const streams = process.stdout as unknown as Record<symbol, Sink | undefined>;
  let sink = streams[SINK];
  if (!sink) {
    sink = {};
    streams[SINK] = sink;
    teeStream(process.stdout, sink);
    teeStream(process.stderr, sink);
  }
  sink.globals = globalThis;
}

install();
