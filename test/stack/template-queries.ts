import { type CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { Template } from 'aws-cdk-lib/assertions';
import type { ServiceStack } from '../../lib/service-stack';

/** One IAM statement as written in the template, with where it was found. */
export interface FoundStatement {
  logicalId: string;
  resourceType: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  Resource?: unknown;
  Principal?: unknown;
  Condition?: unknown;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export const actionsOf = (statement: Pick<FoundStatement, 'Action'>): string[] => asList(statement.Action);

/** Every policy statement anywhere in the template: identity, trust and resource policies. */
export function allStatements(template: Template): FoundStatement[] {
  const found: FoundStatement[] = [];
  const visit = (value: unknown, logicalId: string, resourceType: string): void => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, logicalId, resourceType));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.Statement)) {
        for (const statement of record.Statement)
          found.push({ logicalId, resourceType, ...(statement as Omit<FoundStatement, 'logicalId' | 'resourceType'>) });
      }
      Object.values(record).forEach((child) => visit(child, logicalId, resourceType));
    }
  };
  for (const [logicalId, resource] of Object.entries(template.toJSON().Resources as Resources)) {
    visit(resource.Properties, logicalId, resource.Type);
  }
  return found;
}

export const logicalIdOf = (stack: ServiceStack, element: CfnElement): string => stack.getLogicalId(element);

/** The logical id of the function serving `operation`. */
export function functionLogicalId(stack: ServiceStack, operation: string): string {
  const fn = stack.functions.get(operation);
  if (!fn) throw new Error(`no function for ${operation}`);
  return logicalIdOf(stack, fn.function.node.defaultChild as CfnElement);
}

/** The environment variables of the function serving `operation`. */
export function functionVariables(stack: ServiceStack, template: Template, operation: string): Record<string, unknown> {
  return template.toJSON().Resources[functionLogicalId(stack, operation)].Properties.Environment.Variables;
}

/** Statements of the identity policies of the role of the function serving `operation` (inline or attached). */
export function functionStatements(stack: ServiceStack, template: Template, operation: string): FoundStatement[] {
  const role = stack.functions.get(operation)?.function.role;
  if (!role) throw new Error(`no role for ${operation}`);
  return roleStatements(template, logicalIdOf(stack, role.node.defaultChild as CfnElement));
}

/**
 * Statements of a role's identity policies (by its logical id): its inline policies (where
 * lib/inline-policy-role.ts puts every grant) and any AWS::IAM::Policy resource attached to it.
 */
export function roleStatements(template: Template, roleLogicalId: string): FoundStatement[] {
  const role = template.toJSON().Resources[roleLogicalId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${roleLogicalId} is not a role`);
  const inline = ((role.Properties?.Policies ?? []) as Array<{ PolicyDocument: { Statement: FoundStatement[] } }>).flatMap((policy) =>
    policy.PolicyDocument.Statement.map((statement) => ({ ...statement, logicalId: roleLogicalId, resourceType: 'AWS::IAM::Role' })),
  );
  const attached = Object.entries(template.findResources('AWS::IAM::Policy'))
    .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(`"${roleLogicalId}"`))
    .flatMap(([logicalId, policy]) =>
      (policy.Properties.PolicyDocument.Statement as FoundStatement[]).map((statement) => ({
        ...statement,
        logicalId,
        resourceType: 'AWS::IAM::Policy',
      })),
    );
  return [...inline, ...attached];
}

/** Every action a set of statements allows. */
export const allowedActions = (statements: FoundStatement[]): string[] =>
  [...new Set(statements.filter((statement) => statement.Effect === 'Allow').flatMap(actionsOf))].sort();

/** The statements that allow `action`. */
export const statementsAllowing = (statements: FoundStatement[], action: string): FoundStatement[] =>
  statements.filter((statement) => statement.Effect === 'Allow' && actionsOf(statement).includes(action));

/**
 * A value as `stack`'s template writes it, once the app is synthesized: `{Ref}` / `{Fn::GetAtt}` for
 * the stack's own resources, `{Fn::ImportValue}` of the data stack's export for the data stack's.
 */
export const writtenIn = (stack: Stack, value: string): unknown => stack.resolve(value);

/** The logical id of a construct's CloudFormation resource in its own stack. */
export const ownLogicalId = (construct: IConstruct): string => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);
