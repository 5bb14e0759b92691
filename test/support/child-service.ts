import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { engineRecord } from '../../local/engine-file';

/**
 * A service run as a child process, as a user runs `npm start`: the script under tsx on a free port,
 * its output collected, ready when a line says so. One harness for every test that starts one (the
 * crash tests' services in test/support/crash-*-service.ts and video-crash-service.ts, `npm start`
 * itself in test/slow/npm-start.test.ts and ./npm-start-child.ts), so killing, waiting for an
 * exit and cleaning up are written once. A `ChildServices` group remembers what it started and its
 * data folders, for one `afterAll(() => services.cleanup())`.
 */
const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

export interface ChildServiceOptions {
  /** The script tsx runs, relative to the repository root (test/support/crash-test-service.ts, local/start.ts). */
  script: string;
  /** Added to this process's environment (PORT is 0 unless given). */
  env?: NodeJS.ProcessEnv;
  /** Taken out of the environment the child inherits (the suite's shared engine, its table). */
  unset?: string[];
  /** The output that says the service is up, on stdout or stderr. */
  ready: RegExp;
  readyTimeoutMs?: number;
  /**
   * Its own process group, so one kill of `-pid` takes the service and the children it started
   * (its DynamoDB Local) together.
   */
  detached?: boolean;
}

export interface ChildService {
  process: ChildProcess;
  /**
   * The service's own process when its readiness line names it (`READY <pid>`: tsx runs the script
   * in a child of `process`), else the spawned process.
   */
  servicePid: number;
  /** `http://127.0.0.1:<port>` from its "listening on" line, when it printed one. */
  baseUrl: string;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once `pattern` is in the output; fails when the child exits first or after `timeoutMs`. */
  waitForOutput(pattern: RegExp, timeoutMs: number, message?: () => string): Promise<void>;
  /** Resolves when the spawned process has exited (at once if it has), with its exit code. */
  exited(): Promise<number | null>;
  /** SIGTERM, then its exit. */
  stop(): Promise<number | null>;
}

/** Whether a process with this id is still there (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when `child` has exited (at once if it already has), with its exit code. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolveExit) =>
    child.exitCode !== null || child.signalCode !== null ? resolveExit(child.exitCode) : child.once('exit', (code) => resolveExit(code)),
  );
}

/** API keys the services print, kept out of failure messages (the teardown's secret grep would fail the run on them). */
const withoutKeys = (text: string): string => text.replace(/sk_\S+/g, 'sk_…');

export async function startChildService(options: ChildServiceOptions): Promise<ChildService> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', ...options.env };
  for (const name of options.unset ?? []) delete env[name];
  const child = spawn(TSX, [options.script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached ?? false });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const waitForOutput = (pattern: RegExp, timeoutMs: number, message = () => `${pattern} did not appear`): Promise<void> =>
    new Promise((resolveWait, rejectWait) => {
      const done = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        child.off('exit', onExit);
        if (error) rejectWait(error);
        else resolveWait();
      };
      const check = () => {
        if (pattern.test(output)) done();
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        // Whatever it printed last may have come with its exit.
        pattern.test(output) ? done() : done(new Error(`exited with ${code ?? signal}: ${message()}\n${withoutKeys(output)}`));
      const timer = setTimeout(() => done(new Error(`${message()} within ${timeoutMs} ms:\n${withoutKeys(output)}`)), timeoutMs);
      listeners.add(check);
      if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
      else child.once('exit', onExit);
      check();
    });

  try {
    await waitForOutput(options.ready, options.readyTimeoutMs ?? 90_000, () => `${options.script} did not come up`);
  } catch (error) {
    await killTree(child, options.detached ?? false);
    throw error;
  }
  const readyPid = /READY (\d+)/.exec(output)?.[1];
  return {
    process: child,
    servicePid: readyPid ? Number(readyPid) : child.pid!,
    baseUrl: /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '',
    output: () => output,
    waitForOutput,
    exited: () => exited(child),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited(child);
    },
  };
}

/**
 * Ends a child that is still running, and what it started: SIGKILL to its whole group when it has
 * one of its own; else SIGTERM, which tsx passes on to the script's process (a SIGKILL would leave
 * that process behind), and SIGKILL if it is still there 10 s later.
 */
async function killTree(child: ChildProcess, detached: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (detached) process.kill(-child.pid!, 'SIGKILL');
    else child.kill('SIGTERM');
  } catch {
    return; // already gone
  }
  const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited(child);
  clearTimeout(forced);
}

/**
 * The services a test file started, and the data folders they ran on: `cleanup()` kills what is
 * still running (its whole group when detached), the DynamoDB Local a killed local stack left
 * behind in a data folder (`engine.json`), and removes the folders.
 */
export class ChildServices {
  private readonly started: { service: ChildService; detached: boolean }[] = [];
  private readonly dataDirs: string[] = [];

  async start(options: ChildServiceOptions): Promise<ChildService> {
    const service = await startChildService(options);
    this.started.push({ service, detached: options.detached ?? false });
    return service;
  }

  /** A data folder to remove at clean-up, with any engine left running on it. */
  track(dataDir: string): string {
    this.dataDirs.push(dataDir);
    return dataDir;
  }

  async cleanup(): Promise<void> {
    for (const { service, detached } of this.started) await killTree(service.process, detached);
    for (const dir of this.dataDirs) {
      const enginePid = engineRecord(dir).engine_pid;
      if (enginePid && alive(enginePid)) process.kill(enginePid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
