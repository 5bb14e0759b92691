import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** The name of the one inline policy the role's grants go into. */
export const INLINE_POLICY_NAME = 'Grants';

/**
 * IAM limits the inline policies of one role to 10,240 characters in total (whitespace not
 * counted), after CloudFormation has resolved every reference to its ARN. Checked by
 * test/stack/stack-size.cases.ts on the resolved template, since only a deployment knows the names.
 */
export const INLINE_POLICY_SIZE_LIMIT = 10_240;

/**
 * A role whose grants (`addToPrincipalPolicy`, so every `grant*` and `addToRolePolicy`) go into
 * an inline policy of the role itself instead of a separate AWS::IAM::Policy resource (CDK's
 * `DefaultPolicy`): one resource per role instead of two (docs/decisions/0051-stack-size-inline-role-policies-and-one-invoke-role.md). The statements are the same; what depends on the role
 * (the function) depends on its policy too, since the policy is part of the role's resource.
 * Unlike CDK's default policy, nothing overflows into managed policies: the size is checked.
 */
export class InlinePolicyRole extends iam.Role {
  private readonly inlineDocument: iam.PolicyDocument;

  constructor(scope: Construct, id: string, props: iam.RoleProps) {
    const grants = new iam.PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, [INLINE_POLICY_NAME]: grants } });
    this.inlineDocument = grants;
    // An empty document renders no PolicyDocument at all, which CloudFormation refuses.
    this.node.addValidation({
      validate: () => (grants.isEmpty ? [`${this.node.path}: the role has no grants for its inline policy ${INLINE_POLICY_NAME}`] : []),
    });
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.inlineDocument.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
