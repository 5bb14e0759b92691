import { JOB_TIMEOUT_MS } from './limits';
import { runJob } from './pool';
import type { Host } from './protocol';
import type { JobName, Jobs } from './jobs';

/**
 * The typed door to the media worker: `runInSandbox('prepare-image', {...})` answers what the job
 * answers, or throws MediaUnreadable (the file ran over the bounds) or SandboxUnavailable (ours).
 * Only types come from jobs.ts: the parsers themselves load in the worker, not here.
 */
export async function runInSandbox<Name extends JobName>(
  name: Name,
  input: Parameters<Jobs[Name]>[0],
  host?: Host,
): Promise<Awaited<ReturnType<Jobs[Name]>>> {
  return (await runJob(name, input, JOB_TIMEOUT_MS[name], host)) as Awaited<ReturnType<Jobs[Name]>>;
}

export { MediaUnreadable, SandboxUnavailable } from './errors';
