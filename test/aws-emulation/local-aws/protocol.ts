import type { IncomingHttpHeaders } from 'node:http';
import type { AuthorizationRequest } from '../iam-policy';
import type { Principal } from '../role-policies';

/** Who signed a request: a function's role session, or the operator (the admin command, the test's own setup). */
export type Caller = { kind: 'role'; principal: Principal } | { kind: 'operator' };

/** One signed request to the local AWS endpoint, as a service emulation sees it. */
export interface AwsCall {
  /** The signing name from the SigV4 credential scope: dynamodb, kms, sqs, scheduler, s3... */
  service: string;
  caller: Caller;
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The operation of a JSON-protocol request (`X-Amz-Target: Service.Operation`). */
  operation?: string;
  /** Checks IAM for a role caller (rejects with AccessDenied); the operator may do anything. */
  authorize(action: string, resource: string, context?: AuthorizationRequest['context']): Promise<void>;
  /**
   * The same for an operation authorized as the IAM action of its name (iam-policy.ts,
   * `operationAction`): the request's own (`X-Amz-Target`), or the one a REST route names.
   */
  authorizeOperation(resource: string, options?: { operation?: string; context?: AuthorizationRequest['context'] }): Promise<void>;
}

export interface AwsAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type AwsService = (call: AwsCall) => Promise<AwsAnswer>;

/** An error a service answers with, in its own protocol's shape (see `errorAnswer`). */
export class AwsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type Protocol = 'json' | 'rest-json' | 'rest-xml';

/** The wire shape of an error: JSON `__type`, REST-JSON `x-amzn-ErrorType`, S3's XML `<Error><Code>`. */
export function errorAnswer(protocol: Protocol, status: number, code: string, message: string): AwsAnswer {
  if (protocol === 'rest-xml') {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>local</RequestId></Error>`;
    return { status, headers: { 'content-type': 'application/xml' }, body: xml };
  }
  if (protocol === 'rest-json') {
    return {
      status,
      headers: { 'content-type': 'application/json', 'x-amzn-errortype': code },
      body: JSON.stringify({ Message: message }),
    };
  }
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ __type: code, message, Message: message }),
  };
}

export const jsonAnswer = (value: unknown, contentType = 'application/x-amz-json-1.0'): AwsAnswer => ({
  status: 200,
  headers: { 'content-type': contentType },
  body: JSON.stringify(value),
});

export const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

export const parseJsonBody = <T>(call: AwsCall): T => (call.body.length ? JSON.parse(call.body.toString('utf8')) : {}) as T;
