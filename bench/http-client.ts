import { Agent, request } from 'node:http';

/** One call to the local service (fetch: the races and the seeding). */
export async function callService(
  baseUrl: string,
  method: string,
  path: string,
  apiKey: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/**
 * A bare keep-alive HTTP client, for sequential latency measurements where fetch's own cost
 * would blur a sub-millisecond difference. Resolves with the status; the body is drained.
 */
export function keepAliveCaller(baseUrl: string): {
  call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<number>;
  close(): void;
} {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  return {
    call: (method, path, headers, body) =>
      new Promise((resolve, reject) => {
        const outgoing = request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path,
            agent,
            headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      }),
    close: () => agent.destroy(),
  };
}
