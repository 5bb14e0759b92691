import { targetRuns, type BenchResults } from './results';
import { TARGETS } from './settings';
import { formatNumber } from './tables';

/** What the figures say, computed from them (no opinion that the numbers do not carry). */
export function readings(results: BenchResults): string[] {
  const notes: string[] = [];
  const c = results.load.connections;
  for (const { name, placement, service, floor, cpu } of results.endpoints) {
    const cpus =
      placement.kind === 'separate' ? 'with the load generator on its own CPU' : `with everything sharing ${results.machine.cpus} CPUs`;
    const engine =
      cpu.floor.engineMs === undefined
        ? ''
        : ` DynamoDB Local spends ${formatNumber(cpu.floor.engineMs)} ms of CPU per request against ${formatNumber(cpu.floor.selfMs)} ms for the node side of the floor and ${formatNumber(cpu.service.selfMs)} ms for the whole service (server, middleware, handler, SDK): the JVM is the largest CPU consumer per request, and throughput is CPU-bound.`;
    const client =
      cpu.service.clientMs === undefined || placement.kind === 'separate'
        ? ''
        : ` Here the service side also carries the load generator's ${formatNumber(cpu.service.clientMs)} ms of CPU per request on those same CPUs, which the floor (its own client) does not: part of the latency ratio is the HTTP client, not the service, which is why the target figures come from the run with the load generator on a CPU of its own.`;
    notes.push(
      `${name} ${cpus}: the floor alone does ${formatNumber(floor.requestsPerSecond)} req/s with ${c} loops, so by Little's law each request waits about ${formatNumber((c / floor.requestsPerSecond) * 1000)} ms whatever the service adds; the service does ${formatNumber(service.requestsPerSecond)} req/s (${formatNumber((service.requestsPerSecond / floor.requestsPerSecond) * 100)} % of the floor).${engine}${client}`,
    );
  }
  const create = targetRuns(results).find((endpoint) => endpoint.name.startsWith('POST /posts'));
  if (create && create.floor.latencies.p99 >= TARGETS.createPostP99Ms) {
    notes.push(
      `POST /posts p99 < ${TARGETS.createPostP99Ms} ms cannot be met under ${c} connections on this engine: the floor's own p99 is ${formatNumber(create.floor.latencies.p99)} ms (DynamoDB Local runs transactions one after another). The one-request-at-a-time p99 in the overhead table is the figure to hold against that target here.`,
    );
  }
  const createAlone = results.overhead.find((figures) => figures.name.startsWith('POST /posts'));
  if (createAlone && createAlone.http.p99 >= TARGETS.createPostP99Ms && createAlone.floor.p99 >= TARGETS.createPostP99Ms * 0.8) {
    notes.push(
      `Even one request at a time, POST /posts p99 is ${formatNumber(createAlone.http.p99)} ms against a floor p99 of ${formatNumber(createAlone.floor.p99)} ms: the slowest 1 % are the engine's (TransactWriteItems on DynamoDB Local, plus scheduling hiccups of a busy machine), not the service's; p50 is ${formatNumber(createAlone.http.p50)} ms.`,
    );
  }
  const withAjv = results.bundles.filter((bundle) => bundle.largest?.some((part) => part.name === 'ajv'));
  if (withAjv.length) {
    const kb = (bundle: (typeof withAjv)[number]) =>
      (bundle.largest ?? []).filter((part) => part.name === 'ajv' || part.name === 'fast-uri').reduce((sum, part) => sum + part.kb, 0);
    notes.push(
      `ajv (with fast-uri) is ${Math.max(...withAjv.map(kb))} KB of ${withAjv.length} of the ${results.bundles.length} bundles, about ${formatNumber((100 * kb(withAjv[0])) / (withAjv[0].sizeKb ?? 1))} % of an API function's bundle; it is also work at module load (Ajv instances, schema compilation).`,
    );
  }
  if (results.sdkLoadMs !== undefined) {
    notes.push(
      `Module load: @aws-sdk/client-dynamodb + lib-dynamodb alone take ${formatNumber(results.sdkLoadMs)} ms of each handler's load time (from the runtime's copy in Lambda); the rest is the bundle's own code and its module-scope work.`,
    );
  }
  for (const bundle of results.bundles.filter((b) => b.status === 'ok' && (b.sizeKb ?? 0) >= TARGETS.bundleKb)) {
    notes.push(
      `${bundle.operation} is ${formatNumber(bundle.sizeKb ?? 0)} KB, mostly ${(bundle.largest ?? []).map((part) => `${part.name} (${part.kb} KB)`).join(', ')}.`,
    );
  }
  return notes;
}
