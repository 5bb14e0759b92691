import { cpuPerRequest, cpuSnapshot, type CpuPerRequest, type CpuSnapshot } from './cpu';
import { runHttpLoad, type LoadFigures, type LoadSpec } from './http-load';
import { closedLoop, summarize, type LoopResult } from './stats';

export interface Comparison {
  service: LoadFigures;
  floor: LoopResult;
  cpu: { service: CpuPerRequest; floor: CpuPerRequest };
}

/**
 * Service and floor under the same load, in alternating slices (service, floor, floor,
 * service, ...) so that whatever else the machine does at a given moment weighs on both sides
 * alike. Each side warms up before its first slice.
 */
export async function compareWithFloor(
  spec: Omit<LoadSpec, 'durationSeconds' | 'warmupSeconds'>,
  floorStep: () => Promise<void>,
  options: { durationSeconds: number; warmupSeconds: number; slices: number; enginePid: number | undefined; loadGeneratorCpus?: string },
): Promise<Comparison> {
  const sliceSeconds = options.durationSeconds / options.slices;
  const service = {
    samples: [] as number[],
    statuses: {} as Record<string, number>,
    errors: 0,
    seconds: 0,
    clientCpuMs: 0,
    cpu: [] as [CpuSnapshot, CpuSnapshot, number][],
  };
  const floor = {
    samples: [] as number[],
    errors: 0,
    seconds: 0,
    firstError: undefined as string | undefined,
    cpu: [] as [CpuSnapshot, CpuSnapshot, number][],
  };
  const runService = async (slice: number) => {
    const before = cpuSnapshot(options.enginePid);
    const run = await runHttpLoad({
      ...spec,
      durationSeconds: sliceSeconds,
      warmupSeconds: slice === 0 ? options.warmupSeconds : 0,
      cpus: options.loadGeneratorCpus,
    });
    const responses = Object.values(run.statuses).reduce((sum, n) => sum + n, 0);
    service.cpu.push([before, cpuSnapshot(options.enginePid), responses]);
    service.samples.push(...run.samples);
    service.errors += run.errors;
    service.seconds += run.elapsedSeconds;
    service.clientCpuMs += run.clientCpuMs;
    for (const [status, n] of Object.entries(run.statuses)) service.statuses[status] = (service.statuses[status] ?? 0) + n;
  };
  const runFloor = async (slice: number) => {
    if (slice === 0) await closedLoop(spec.connections, options.warmupSeconds * 1000, floorStep);
    const before = cpuSnapshot(options.enginePid);
    const loop = await closedLoop(spec.connections, sliceSeconds * 1000, floorStep);
    floor.cpu.push([before, cpuSnapshot(options.enginePid), loop.samples.length + loop.errors]);
    floor.samples.push(...loop.samples);
    floor.errors += loop.errors;
    floor.seconds += loop.elapsedSeconds;
    floor.firstError ??= loop.firstError;
  };
  // ABBA order (service, floor, floor, service, ...): a drift over the run (the JVM still
  // compiling, the machine getting busier) weighs on both sides alike instead of on whichever
  // side always goes first.
  for (let slice = 0; slice < options.slices; slice += 1) {
    if (slice % 2 === 0) {
      await runService(slice);
      await runFloor(slice);
    } else {
      await runFloor(slice);
      await runService(slice);
    }
  }
  const non2xx = Object.entries(service.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    service: {
      latencies: summarize(service.samples),
      requestsPerSecond: service.samples.length / service.seconds,
      non2xx,
      errors: service.errors,
      statuses: service.statuses,
    },
    floor: {
      latencies: summarize(floor.samples),
      requestsPerSecond: floor.samples.length / floor.seconds,
      errors: floor.errors,
      firstError: floor.firstError,
      samples: [],
      elapsedSeconds: floor.seconds,
    },
    cpu: {
      service: { ...totalCpu(service.cpu), clientMs: service.clientCpuMs / service.cpu.reduce((sum, [, , n]) => sum + n, 0) },
      floor: totalCpu(floor.cpu),
    },
  };
}

/** CPU per request over all slices (each slice's difference, summed). */
function totalCpu(slices: [CpuSnapshot, CpuSnapshot, number][]): CpuPerRequest {
  const requests = slices.reduce((sum, [, , n]) => sum + n, 0);
  const parts = slices.map(([before, after]) => cpuPerRequest(before, after, 1));
  const engine = parts.every((part) => part.engineMs !== undefined)
    ? parts.reduce((sum, part) => sum + (part.engineMs ?? 0), 0) / requests
    : undefined;
  return { selfMs: parts.reduce((sum, part) => sum + part.selfMs, 0) / requests, engineMs: engine };
}
