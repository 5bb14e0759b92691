import { assumedRoleArn } from './aws-names';
import { evaluate, type AuthorizationRequest, type PolicyStatement } from './iam-policy';
import type { PhysicalResources } from './physical-resources';
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

/** An AWS call refused by IAM: the error the emulated service answers with. */
export class AccessDenied extends Error {
  constructor(
    readonly principal: Principal,
    readonly request: AuthorizationRequest,
    reason: string,
  ) {
    super(
      `User: ${assumedRoleArn(principal.roleName, principal.sessionName)} is not authorized to perform: ${request.action} on resource: ${request.resource} because ${reason} the ${request.action} action`,
    );
    this.name = 'AccessDenied';
  }
}

export interface AuthorizationRecord {
  role: string;
  session: string;
  action: string;
  resource: string;
  allowed: boolean;
}

/**
 * Every role's policies as the template attaches them, and the decisions made with them. A test may
 * take statements away (`withoutStatement`) while everything runs: IAM evaluates the role's current
 * policies on each request, as AWS does once a policy change has propagated.
 */
export class RolePolicies {
  private readonly statements = new Map<string, RoleStatement[]>();
  private readonly removed = new Set<string>();
  readonly decisions: AuthorizationRecord[] = [];

  constructor(
    private readonly template: CfnTemplate,
    private readonly physical: PhysicalResources,
  ) {}

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

  /** Throws AccessDenied unless the principal's current policies allow the request. */
  authorize(principal: Principal, request: AuthorizationRequest): void {
    const decision = this.decide(principal, request);
    if (!decision.allowed) throw new AccessDenied(principal, request, decision.reason);
  }

  /** The same check for a call AWS makes on the role's behalf (log delivery, destinations): the answer, recorded, not thrown. */
  allows(principal: Principal, request: AuthorizationRequest): boolean {
    return this.decide(principal, request).allowed;
  }

  private decide(principal: Principal, request: AuthorizationRequest) {
    const current = this.of(principal.roleLogicalId)
      .filter((entry) => !this.removed.has(entry.id))
      .map((entry) => entry.statement);
    const decision = evaluate(current, request);
    this.decisions.push({
      role: principal.roleName,
      session: principal.sessionName,
      action: request.action,
      resource: request.resource,
      allowed: decision.allowed,
    });
    return decision;
  }
}
