import { readFileSync } from 'node:fs';

/**
 * CPU time spent, rather than wall time: on a shared 2-CPU machine wall times swing with
 * whatever else runs, while the CPU a request costs this process (HTTP server, middleware,
 * SDK) and the DynamoDB Local JVM stays put. Linux only for the engine (/proc); undefined elsewhere.
 */
export interface CpuSnapshot {
  selfMs: number;
  engineMs?: number;
}

/** USER_HZ: the unit of /proc/<pid>/stat times; 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

function engineCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export function cpuSnapshot(enginePid: number | undefined): CpuSnapshot {
  const { user, system } = process.cpuUsage();
  return { selfMs: (user + system) / 1000, engineMs: engineCpuMs(enginePid) };
}

export interface CpuPerRequest {
  /** This process: the local server and handlers (service run) or the SDK calls (floor run). */
  selfMs: number;
  /** The DynamoDB Local JVM. */
  engineMs?: number;
  /** The load generator (autocannon's process): the service side only. */
  clientMs?: number;
}

export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  return {
    selfMs: (after.selfMs - before.selfMs) / requests,
    engineMs: before.engineMs === undefined || after.engineMs === undefined ? undefined : (after.engineMs - before.engineMs) / requests,
  };
}
