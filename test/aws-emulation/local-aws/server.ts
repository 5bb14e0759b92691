import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationAction, type AuthorizationRequest } from '../iam-policy';
import { AccessDenied, type Principal } from '../role-policies';
import { AwsError, errorAnswer, type AwsAnswer, type AwsCall, type AwsService, type Caller, type Protocol } from './protocol';

/** How each emulated service speaks, and the code AWS gives an IAM refusal in it. */
const PROTOCOLS: Record<string, { protocol: Protocol; accessDenied: [number, string] }> = {
  dynamodb: { protocol: 'json', accessDenied: [400, 'com.amazon.coral.service#AccessDeniedException'] },
  kms: { protocol: 'json', accessDenied: [400, 'AccessDeniedException'] },
  secretsmanager: { protocol: 'json', accessDenied: [400, 'AccessDeniedException'] },
  sqs: { protocol: 'json', accessDenied: [400, 'com.amazon.coral.service#AccessDeniedException'] },
  scheduler: { protocol: 'rest-json', accessDenied: [403, 'AccessDeniedException'] },
  s3: { protocol: 'rest-xml', accessDenied: [403, 'AccessDenied'] },
};

/** A fault a test switches on: every call of this service by this session answers 500 until removed. */
export interface Fault {
  service: string;
  session?: string;
}

export interface LocalAwsServer {
  url: string;
  /** Access key id -> who holds it (each function gets its own, as each role session has its own). */
  callers: Map<string, Caller>;
  services: Map<string, AwsService>;
  /** Every call: service, operation, session, answer status. */
  calls: Array<{ service: string; operation: string; session: string; status: number }>;
  addFault(fault: Fault): () => void;
  stop(): Promise<void>;
}

/**
 * One HTTP endpoint for every AWS service the functions call (AWS_ENDPOINT_URL points the SDK at
 * it). The SigV4 credential scope names the service and the access key the caller; the service
 * emulation checks IAM for each resource it touches and answers in its protocol, so the SDK inside
 * the bundle raises what it would raise in AWS (AccessDeniedException, ResourceNotFoundException...).
 * Signatures are not verified: identity is the access key, the subject here is authorization.
 */
export async function startLocalAws(
  authorize: (principal: Principal, request: AuthorizationRequest) => Promise<void>,
): Promise<LocalAwsServer> {
  const callers = new Map<string, Caller>();
  const services = new Map<string, AwsService>();
  const calls: LocalAwsServer['calls'] = [];
  let faults: Fault[] = [];

  async function answer(
    request: IncomingMessage,
    body: Buffer,
  ): Promise<AwsAnswer & { service: string; operation: string; session: string }> {
    const url = new URL(request.url ?? '/', 'http://local-aws');
    const credential =
      /Credential=([^,\s]+)/.exec(request.headers.authorization ?? '')?.[1] ?? url.searchParams.get('X-Amz-Credential') ?? '';
    const [accessKeyId, , , service = 'unknown'] = credential.split('/');
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.includes('.') ? target.split('.').pop()! : `${request.method} ${url.pathname.split('/')[1] ?? ''}`;
    const caller = callers.get(accessKeyId);
    const session = caller?.kind === 'role' ? caller.principal.sessionName : 'operator';
    const shape = PROTOCOLS[service] ?? { protocol: 'json' as const, accessDenied: [400, 'AccessDeniedException'] as [number, string] };
    const base = { service, operation, session };
    if (!caller)
      return {
        ...base,
        ...errorAnswer(shape.protocol, 403, 'UnrecognizedClientException', 'The security token included in the request is invalid.'),
      };
    const handler = services.get(service);
    if (!handler)
      return { ...base, ...errorAnswer(shape.protocol, 400, 'UnknownOperationException', `service ${service} is not emulated`) };
    if (faults.some((fault) => fault.service === service && (fault.session === undefined || fault.session === session))) {
      return {
        ...base,
        ...errorAnswer(shape.protocol, 500, 'InternalServerError', 'Internal server error (a fault the test switched on)'),
      };
    }
    const call: AwsCall = {
      service,
      caller,
      method: request.method ?? 'GET',
      url,
      headers: request.headers,
      body,
      operation: target.includes('.') ? operation : undefined,
      authorize: async (action, resource, context) => {
        if (caller.kind === 'role') await authorize(caller.principal, { action, resource, context });
      },
      authorizeOperation: async (resource, { operation = call.operation, context } = {}) => {
        if (caller.kind !== 'role') return;
        if (!operation) throw new Error(`${service} ${call.method} ${url.pathname}: no operation name to authorize`);
        await authorize(caller.principal, { action: await operationAction(service, operation), resource, context });
      },
    };
    try {
      return { ...base, ...(await handler(call)) };
    } catch (error) {
      if (error instanceof AccessDenied)
        return { ...base, ...errorAnswer(shape.protocol, shape.accessDenied[0], shape.accessDenied[1], error.message) };
      if (error instanceof AwsError) return { ...base, ...errorAnswer(shape.protocol, error.status, error.code, error.message) };
      return { ...base, ...errorAnswer(shape.protocol, 500, 'InternalFailure', `local AWS emulation failed: ${(error as Error).stack}`) };
    }
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void answer(request, Buffer.concat(chunks)).then(({ service, operation, session, status, headers = {}, body }) => {
        calls.push({ service, operation, session, status });
        response.writeHead(status, { 'x-amzn-requestid': `local-${calls.length}`, ...headers });
        response.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    callers,
    services,
    calls,
    addFault: (fault) => {
      faults.push(fault);
      return () => void (faults = faults.filter((other) => other !== fault));
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
