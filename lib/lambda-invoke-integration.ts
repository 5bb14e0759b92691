import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { InlinePolicyRole } from './inline-policy-role';

/**
 * The most functions one invoke role names. A function ARN is at most about 120 characters (a
 * 64-character generated name in a long region name), and a role's inline policies at most 10,240:
 * 80 ARNs in one statement stay under it with room to spare. A 81st function gets a second role.
 */
export const FUNCTIONS_PER_INVOKE_ROLE = 80;

interface InvokeRole {
  role: iam.Role;
  statement: iam.PolicyStatement;
  functions: Set<lambda.IFunction>;
}

/**
 * The role API Gateway invokes the route functions with (the integrations' credentials): trusted
 * by API Gateway only, allowed `lambda:InvokeFunction` on exactly the functions it was given, in
 * one statement. It replaces one AWS::Lambda::Permission per function (docs/decisions/0051-stack-size-inline-role-policies-and-one-invoke-role.md). One role up to FUNCTIONS_PER_INVOKE_ROLE
 * functions, then one more (`Role2`, ...), so the policy never outgrows IAM's size limit.
 */
export class ApiInvokeRole extends Construct {
  private readonly shards: InvokeRole[] = [];

  /** The roles, in order; the first is the only one until FUNCTIONS_PER_INVOKE_ROLE functions. */
  get roles(): iam.Role[] {
    return this.shards.map((shard) => shard.role);
  }

  /** The integration of a route served by `handler`, invoked with an invoke role that may invoke `handler` from now on. */
  integration(id: string, handler: lambda.IFunction): apigwv2.HttpRouteIntegration {
    return new CredentialedLambdaIntegration(id, handler, this.roleFor(handler));
  }

  private roleFor(handler: lambda.IFunction): iam.Role {
    const holder = this.shards.find((shard) => shard.functions.has(handler));
    if (holder) return holder.role;
    let shard = this.shards.at(-1);
    if (!shard || shard.functions.size >= FUNCTIONS_PER_INVOKE_ROLE) {
      const index = this.shards.length + 1;
      shard = {
        role: new InlinePolicyRole(this, index === 1 ? 'Role' : `Role${index}`, {
          description: 'Assumed by API Gateway to invoke the functions of the HTTP API routes',
          assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        }),
        statement: new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'] }),
        functions: new Set(),
      };
      this.shards.push(shard);
    }
    shard.statement.addResources(handler.functionArn);
    if (shard.functions.size === 0) shard.role.addToPrincipalPolicy(shard.statement);
    shard.functions.add(handler);
    return shard.role;
  }
}

/**
 * A Lambda proxy integration (payload format 2.0) that API Gateway calls with a credentials role
 * instead of the function's resource policy: HttpLambdaIntegration without its Lambda permission.
 */
export class CredentialedLambdaIntegration extends apigwv2.HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: lambda.IFunction,
    private readonly role: iam.IRole,
  ) {
    super(id);
  }

  bind(): apigwv2.HttpRouteIntegrationConfig {
    return {
      type: apigwv2.HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      credentials: apigwv2.IntegrationCredentials.fromRole(this.role),
    };
  }
}
