import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Where the processes of a load run may execute. A load generator on the same CPUs as the
 * service takes CPU the floor's run does not have to share (the floor is its own client):
 * benchmarks put the load generator on other hardware for that reason. Here the last CPU is
 * kept for it and the service's process and DynamoDB Local get the others; the floor's run
 * gets exactly the same CPUs, so service and floor are compared on equal resources.
 */
export interface CpuPlacement {
  /** 'separate': the load generator has a CPU of its own; 'shared': everything on every CPU. */
  kind: 'separate' | 'shared';
  /** taskset's CPU list for the load generator, when it is placed. */
  loadGeneratorCpus?: string;
  /** For the report: who runs where. */
  description: string;
}

const cpuList = (first: number, last: number) => (first === last ? String(first) : `${first}-${last}`);

/** Sets the CPU affinity of every thread of a process (Linux taskset); false when that is not possible. */
function setAffinity(pid: number, cpus: string): boolean {
  const result = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], { stdio: 'ignore' });
  return result.status === 0;
}

export const SHARED: CpuPlacement = { kind: 'shared', description: 'service, DynamoDB Local and load generator share every CPU' };

/**
 * Gives the load generator the last CPU and `pids` (this process, DynamoDB Local) the others.
 * Returns the placement and how to undo it; with one CPU or without taskset, nothing moves
 * and the placement says so.
 */
export function separateLoadGenerator(pids: number[]): { placement: CpuPlacement; restore(): void } {
  const count = availableParallelism();
  const all = cpuList(0, count - 1);
  const restore = () => pids.forEach((pid) => setAffinity(pid, all));
  if (count < 2) return { placement: { ...SHARED, description: `${SHARED.description} (one CPU: nothing to separate)` }, restore };
  const serviceCpus = cpuList(0, count - 2);
  const loadGeneratorCpus = String(count - 1);
  if (!pids.every((pid) => setAffinity(pid, serviceCpus))) {
    restore();
    return { placement: { ...SHARED, description: `${SHARED.description} (taskset unavailable)` }, restore };
  }
  return {
    placement: {
      kind: 'separate',
      loadGeneratorCpus,
      description: `node (service or floor) and DynamoDB Local on CPU ${serviceCpus}, the load generator alone on CPU ${loadGeneratorCpus}`,
    },
    restore,
  };
}
