import { ACCOUNT, assumedRoleArn, PARTITION, REGION } from './aws-names';
import {
  evaluate,
  type AuthorizationRequest,
  type Decision,
  type Evaluation,
  type PolicyDocument,
  type PolicyStatement,
} from './iam-policy';
import type { PhysicalResources } from './physical-resources';
import { ResourcePolicies } from './resource-policies';
import { rolePolicyDocuments, type CfnTemplate } from './template';

/** One statement of a role's identity policies, resolved to physical ARNs, with where it was written. */
export interface RoleStatement {
  /** `<policy logical id>#<index>`, stable for a template. */
  id: string;
  statement: PolicyStatement;
}

export interface Principal {
  roleLogicalId: string;
  roleName: string;
  /** The role session's name (Lambda uses the function's name). */
  sessionName: string;
}

/** The session name API Gateway's calls with an integration's credentials role carry here. */
export const API_GATEWAY_SESSION = 'apigateway';

/** An AWS call refused by IAM: the error the emulated service answers with. */
export class AccessDenied extends Error {
  constructor(
    readonly caller: string,
    readonly request: AuthorizationRequest,
    reason: string,
  ) {
    super(`User: ${caller} is not authorized to perform: ${request.action} on resource: ${request.resource} ${reason}`);
    this.name = 'AccessDenied';
  }
}

export interface AuthorizationRecord {
  /** The role's name, or the service principal. */
  role: string;
  session: string;
  action: string;
  resource: string;
  allowed: boolean;
}

/**
 * What every request carries about its caller, as IAM fills it in: a role session of this account
 * calling the service's regional endpoint over TLS (the bundles use the SDK's default HTTPS endpoints
 * in AWS; only the tests point them at the local one).
 */
export function callerContext(principal: Principal): Record<string, string> {
  return {
    'aws:PrincipalArn': `arn:${PARTITION}:iam::${ACCOUNT}:role/${principal.roleName}`,
    'aws:PrincipalAccount': ACCOUNT,
    'aws:PrincipalType': 'AssumedRole',
    'aws:RequestedRegion': REGION,
    'aws:SecureTransport': 'true',
    'aws:ViaAWSService': 'false',
  };
}

/** A call an AWS service makes as itself (`scheduler.amazonaws.com` assuming a role, `apigateway.amazonaws.com` invoking a function). */
export interface ServiceRequest extends AuthorizationRequest {
  service: string;
  /** The resource of the caller's own on whose behalf it calls (a schedule group, an API route): `aws:SourceArn`. */
  sourceArn: string;
}

/**
 * Every role's policies as the template attaches them, every resource's policy, and the decisions
 * made with them by the engine (iam-policy.ts). A test may take statements away (`withoutStatement`)
 * while everything runs: IAM evaluates the role's current policies on each request, as AWS does once
 * a policy change has propagated.
 */
export class RolePolicies {
  private readonly statements = new Map<string, RoleStatement[]>();
  private readonly removed = new Set<string>();
  /** Statements changed while everything runs (`withoutResource`), by statement id. */
  private readonly changed = new Map<string, PolicyStatement>();
  readonly resourcePolicies: ResourcePolicies;
  readonly decisions: AuthorizationRecord[] = [];
  /** Time spent in the engine, all decisions together (ms). */
  engineMs = 0;

  constructor(
    private readonly template: CfnTemplate,
    private readonly physical: PhysicalResources,
  ) {
    this.resourcePolicies = new ResourcePolicies(template, physical);
  }

  /** The role's statements as deployed (resolved once). */
  of(roleLogicalId: string): RoleStatement[] {
    let found = this.statements.get(roleLogicalId);
    if (!found) {
      found = rolePolicyDocuments(this.template, roleLogicalId).flatMap(({ source, document }) =>
        (document.Statement as unknown[]).map((statement, index) => ({
          id: `${source}#${index}`,
          statement: this.physical.resolve(statement) as PolicyStatement,
        })),
      );
      this.statements.set(roleLogicalId, found);
    }
    return found;
  }

  /** Takes one statement out of its role's policy until the returned function puts it back. */
  withoutStatement(statementId: string): () => void {
    this.removed.add(statementId);
    return () => this.removed.delete(statementId);
  }

  /**
   * Takes one resource out of the role's statements allowing `action` (one function of the invoke
   * role's list, say) until the returned function puts it back; a statement left without resources goes.
   */
  withoutResource(roleLogicalId: string, action: string, resource: string): () => void {
    const touched = this.of(roleLogicalId).filter(
      ({ statement }) =>
        statement.Effect === 'Allow' &&
        [statement.Action ?? []].flat().includes(action) &&
        [statement.Resource ?? []].flat().includes(resource),
    );
    if (touched.length === 0) throw new Error(`${roleLogicalId} has no statement allowing ${action} on ${resource}`);
    for (const { id, statement } of touched) {
      const rest = [statement.Resource ?? []].flat().filter((one) => one !== resource);
      if (rest.length === 0) this.removed.add(id);
      else this.changed.set(id, { ...statement, Resource: rest });
    }
    return () =>
      touched.forEach(({ id }) => {
        this.removed.delete(id);
        this.changed.delete(id);
      });
  }

  /** Rejects with AccessDenied unless IAM allows the request of the role's session. */
  async authorize(principal: Principal, request: AuthorizationRequest): Promise<void> {
    const decision = await this.decide(principal, request);
    if (!decision.allowed) throw new AccessDenied(assumedRoleArn(principal.roleName, principal.sessionName), request, decision.reason!);
  }

  /** The same check for a call AWS makes on the role's behalf (log delivery, destinations): the answer, recorded, not thrown. */
  async allows(principal: Principal, request: AuthorizationRequest): Promise<boolean> {
    return (await this.decide(principal, request)).allowed;
  }

  /**
   * A call a service makes as its own principal, allowed only by the resource's policy, with the
   * context such a call carries: `aws:SourceArn`, `aws:SourceAccount` (this account's resources
   * only here), and the service's name.
   */
  async authorizeService(request: ServiceRequest): Promise<void> {
    const context = {
      'aws:SourceArn': request.sourceArn,
      'aws:SourceAccount': ACCOUNT,
      'aws:PrincipalServiceName': request.service,
      'aws:PrincipalIsAWSService': 'true',
      'aws:SecureTransport': 'true',
      ...request.context,
    };
    const full = { action: request.action, resource: request.resource, context };
    const decision = await this.timed({
      principal: request.service,
      identityPolicies: [],
      resourcePolicy: this.resourcePolicies.of(request.resource),
      request: full,
    });
    this.record(request.service, request.service, full, decision);
    if (!decision.allowed) throw new AccessDenied(request.service, full, decision.reason!);
  }

  /**
   * API Gateway calling a route's function with its integration's credentials role: it assumes the
   * role (the role's trust policy, `aws:SourceArn` the route's execute-api ARN), then invokes the
   * function as the role's session (the role's identity policy; the function has no policy of its own).
   */
  async invokeWithCredentials(roleLogicalId: string, functionArn: string, sourceArn: string): Promise<void> {
    await this.authorizeService({
      service: 'apigateway.amazonaws.com',
      action: 'sts:AssumeRole',
      resource: this.physical.getAtt(roleLogicalId, 'Arn'),
      sourceArn,
    });
    await this.authorize(
      { roleLogicalId, roleName: this.physical.ref(roleLogicalId), sessionName: API_GATEWAY_SESSION },
      { action: 'lambda:InvokeFunction', resource: functionArn },
    );
  }

  /** Scheduler assuming a schedule's execution role (its trust policy) for a schedule of `groupArn`, as it does before each run. */
  assumeRoleForSchedule(roleArn: string, groupArn: string): Promise<void> {
    return this.authorizeService({ service: 'scheduler.amazonaws.com', action: 'sts:AssumeRole', resource: roleArn, sourceArn: groupArn });
  }

  private async decide(principal: Principal, request: AuthorizationRequest): Promise<Decision> {
    const current = this.of(principal.roleLogicalId)
      .filter((entry) => !this.removed.has(entry.id))
      .map((entry) => ({ id: entry.id, statement: this.changed.get(entry.id) ?? entry.statement }));
    const bySource = new Map<string, PolicyDocument>();
    for (const { id, statement } of current) {
      const source = id.split('#')[0];
      bySource.set(source, { Statement: [...(bySource.get(source)?.Statement ?? []), statement] });
    }
    const full = { ...request, context: { ...callerContext(principal), ...request.context } };
    const decision = await this.timed({
      principal: assumedRoleArn(principal.roleName, principal.sessionName),
      identityPolicies: [...bySource].map(([name, document]) => ({ name, document })),
      resourcePolicy: this.resourcePolicies.of(request.resource),
      request: full,
    });
    this.record(principal.roleName, principal.sessionName, request, decision);
    return decision;
  }

  private async timed(evaluation: Evaluation): Promise<Decision> {
    const started = performance.now();
    try {
      return await evaluate(evaluation);
    } finally {
      this.engineMs += performance.now() - started;
    }
  }

  private record(role: string, session: string, request: AuthorizationRequest, decision: Decision): void {
    this.decisions.push({ role, session, action: request.action, resource: request.resource, allowed: decision.allowed });
  }
}
