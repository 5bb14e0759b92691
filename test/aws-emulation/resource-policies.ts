import type { PolicyDocument, PolicyStatement } from './iam-policy';
import type { PhysicalResources } from './physical-resources';
import { referencedId, resourcesOfType, type CfnTemplate } from './template';

/**
 * The resource-based policies the template gives its resources, resolved to this deployment's
 * ARNs, keyed by the ARN of the resource they guard: queue policies (SQS), bucket policies (S3,
 * for the bucket and every object in it), key policies (KMS), each function's policy as Lambda
 * builds it from its permissions (AWS::Lambda::Permission: one statement each, `ArnLike` on
 * `AWS:SourceArn`, `StringEquals` on `AWS:SourceAccount`; the stack has none since API Gateway
 * invokes with a credentials role, role-policies.ts `invokeWithCredentials`), and each role's trust
 * policy (sts:AssumeRole on the role's ARN).
 */
export class ResourcePolicies {
  private readonly byArn = new Map<string, PolicyDocument>();
  private readonly buckets = new Map<string, PolicyDocument>();
  private readonly replaced = new Map<string, PolicyDocument | undefined>();

  constructor(template: CfnTemplate, physical: PhysicalResources) {
    const add = (arn: string, statements: PolicyStatement[]) => {
      const existing = this.byArn.get(arn);
      this.byArn.set(arn, { Statement: [...(existing?.Statement ?? []), ...statements] });
    };
    const documentOf = (value: unknown) => physical.resolve(value) as PolicyDocument;
    for (const [, { Properties: p = {} }] of resourcesOfType(template, 'AWS::SQS::QueuePolicy'))
      for (const queue of p.Queues as unknown[]) add(physical.getAtt(referencedId(queue)!, 'Arn'), documentOf(p.PolicyDocument).Statement);
    for (const [, { Properties: p = {} }] of resourcesOfType(template, 'AWS::S3::BucketPolicy'))
      this.buckets.set(physical.getAtt(referencedId(p.Bucket)!, 'Arn'), documentOf(p.PolicyDocument));
    for (const [logicalId, { Properties: p = {} }] of resourcesOfType(template, 'AWS::KMS::Key'))
      if (p.KeyPolicy) add(physical.getAtt(logicalId, 'Arn'), documentOf(p.KeyPolicy).Statement);
    for (const [logicalId, { Properties: p = {} }] of resourcesOfType(template, 'AWS::IAM::Role'))
      add(physical.getAtt(logicalId, 'Arn'), documentOf(p.AssumeRolePolicyDocument).Statement);
    for (const [logicalId, { Properties: p = {} }] of resourcesOfType(template, 'AWS::Lambda::Permission')) {
      const functionArn = physical.resolveString(p.FunctionName);
      const principal = String(p.Principal);
      const condition: Record<string, Record<string, string>> = {};
      if (p.SourceArn !== undefined) condition.ArnLike = { 'AWS:SourceArn': physical.resolveString(p.SourceArn) };
      if (p.SourceAccount !== undefined) condition.StringEquals = { 'AWS:SourceAccount': physical.resolveString(p.SourceAccount) };
      add(functionArn, [
        {
          Sid: logicalId,
          Effect: 'Allow',
          Principal: principal.endsWith('.amazonaws.com') ? { Service: principal } : { AWS: principal },
          Action: String(p.Action),
          Resource: functionArn,
          ...(Object.keys(condition).length ? { Condition: condition } : {}),
        },
      ]);
    }
  }

  /** The policy on this resource (for an S3 object, its bucket's), if it has one. */
  of(resourceArn: string): PolicyDocument | undefined {
    if (this.replaced.has(resourceArn)) return this.replaced.get(resourceArn);
    const bucket = /^(arn:[^:]+:s3:::[^/]+)(\/.*)?$/.exec(resourceArn)?.[1];
    return bucket ? this.buckets.get(bucket) : this.byArn.get(resourceArn);
  }

  /** A resource's policy replaced (or taken away: undefined) while everything runs, until the returned function puts it back. */
  replace(resourceArn: string, document: PolicyDocument | undefined): () => void {
    this.replaced.set(resourceArn, document);
    return () => void this.replaced.delete(resourceArn);
  }
}
