import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { onCleanup } from './cleanup';
import type { LatencySummary } from './stats';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  /** 0: no warm-up. */
  warmupSeconds: number;
  /** A taskset CPU list the load generator is confined to (bench/cpu-placement.ts). */
  cpus?: string;
}

/** One autocannon run: every 2xx response time (ms), and every status seen (warm-up included). */
export interface LoadSlice {
  samples: number[];
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  elapsedSeconds: number;
  /** CPU the load generator itself spent on these requests (warm-up included). */
  clientCpuMs: number;
}

export interface LoadFigures {
  /** 2xx responses of the measured runs only. */
  latencies: LatencySummary;
  requestsPerSecond: number;
  /** Non-2xx responses, warm-up included (every one is a failure). */
  non2xx: number;
  /** Connection errors and timeouts, warm-up included. */
  errors: number;
  statuses: Record<string, number>;
}

const running = new Set<ReturnType<typeof spawn>>();
const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
onCleanup('load clients', async () => killAll(), killAll);

/** Runs autocannon in a child process (bench/load-client.ts), on the given CPUs if any. */
export function runHttpLoad(spec: LoadSpec): Promise<LoadSlice> {
  const command = [process.execPath, '--import', 'tsx', join(__dirname, 'load-client.ts'), JSON.stringify(spec)];
  const [program, ...args] = spec.cpus ? ['taskset', '--cpu-list', spec.cpus, ...command] : command;
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: join(__dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      running.delete(child);
      const line = output.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line) return reject(new Error(`load client exited with code ${code}`));
      resolve(JSON.parse(line) as LoadSlice);
    });
  });
}
