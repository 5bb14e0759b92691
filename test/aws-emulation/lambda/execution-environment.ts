import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

export interface InvocationError {
  errorType: string;
  errorMessage: string;
  trace?: string[];
}

export type InvocationOutcome = { ok: true; result: unknown } | { ok: false; error: InvocationError };

export interface EnvironmentOptions {
  nodeBinary: string;
  environment: Record<string, string>;
  taskRoot: string;
  /** Each line the function writes, as the Lambda service collects it for the log stream. */
  onOutput: (line: string) => void;
  clockOffsetMs: () => number;
}

const SHIM = join(__dirname, '..', 'lambda-runtime-shim.cjs');

/**
 * One Lambda execution environment: a process of the runtime's Node.js running the runtime shim
 * with exactly the function's environment, started (and its bundle loaded: the cold start) once,
 * then serving one invocation at a time until it is stopped or an invocation times out or crashes
 * it (Lambda discards such an environment too).
 */
export class ExecutionEnvironment {
  busy = false;
  private nextId = 1;
  private readonly pending = new Map<number, (outcome: InvocationOutcome) => void>();
  private exited = false;

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: EnvironmentOptions,
    readonly runtime: { nodeVersion: string; arch: string; initMs: number },
  ) {}

  get alive(): boolean {
    return !this.exited;
  }

  /** Starts the process and runs the init phase; an init error stops it and is thrown. */
  static async start(options: EnvironmentOptions): Promise<ExecutionEnvironment> {
    const child = spawn(options.nodeBinary, [SHIM], {
      cwd: options.taskRoot,
      env: options.environment,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: false,
    });
    for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', options.onOutput);
    const ready = await new Promise<{ type: string; nodeVersion: string; arch: string; initMs: number; error?: InvocationError }>(
      (resolve) => {
        child.once('message', (message) => resolve(message as never));
        child.once('exit', (code, signal) =>
          resolve({
            type: 'init-error',
            nodeVersion: '',
            arch: '',
            initMs: 0,
            error: { errorType: 'Runtime.ExitError', errorMessage: `exited during init (${code ?? signal})` },
          }),
        );
        child.send({ type: 'init', clockOffsetMs: options.clockOffsetMs() });
      },
    );
    if (ready.type !== 'ready') {
      child.kill('SIGKILL');
      throw Object.assign(new Error(`${ready.error?.errorType}: ${ready.error?.errorMessage}`), { invocationError: ready.error });
    }
    const environment = new ExecutionEnvironment(child, options, {
      nodeVersion: ready.nodeVersion,
      arch: ready.arch,
      initMs: ready.initMs,
    });
    child.on('message', (message: { type: string; id: number; result?: unknown; error?: InvocationError }) => {
      const settle = environment.pending.get(message.id);
      if (!settle) return;
      environment.pending.delete(message.id);
      settle(message.type === 'result' ? { ok: true, result: message.result } : { ok: false, error: message.error! });
    });
    child.on('exit', (code, signal) => {
      environment.exited = true;
      for (const settle of environment.pending.values())
        settle({ ok: false, error: { errorType: 'Runtime.ExitError', errorMessage: `RequestId: exited (${code ?? signal})` } });
      environment.pending.clear();
    });
    return environment;
  }

  /** One invocation; past the timeout the environment is killed and the invocation fails as Lambda's does. */
  async invoke(event: unknown, context: Record<string, unknown>, timeoutMs: number, traceId: string): Promise<InvocationOutcome> {
    if (this.exited) return { ok: false, error: { errorType: 'Runtime.ExitError', errorMessage: 'environment is gone' } };
    const id = this.nextId++;
    this.busy = true;
    try {
      return await new Promise<InvocationOutcome>((resolve) => {
        const timer = setTimeout(() => {
          this.pending.delete(id);
          this.child.kill('SIGKILL');
          resolve({
            ok: false,
            error: { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds` },
          });
        }, timeoutMs);
        this.pending.set(id, (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        });
        this.child.send({ type: 'invoke', id, event, context, timeoutMs, traceId, clockOffsetMs: this.options.clockOffsetMs() });
      });
    } finally {
      this.busy = false;
    }
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}
