import type { Template } from 'aws-cdk-lib/assertions';
import { MCP_TOOL_OPERATIONS } from '../../lib/mcp-function';
import type { ServiceStack } from '../../lib/service-stack';
import { MCP_OPERATION, routeKey, routes } from '#shared/http/routes';
import { mcpTools } from '#shared/mcp/tools.gen';
import { buildStack } from './build-stack';
import { actionsOf, functionLogicalId, functionStatements, functionVariables } from './template-queries';

/**
 * The MCP function (POST /mcp) runs every public API-key operation's route handler in its own
 * process (docs/decisions/0046-mcp.md): whatever any of those functions may do or is told, it may
 * do and is told too. A grant added for a new operation without the MCP function fails here.
 */
let stack: ServiceStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = buildStack());
});

it('serves POST /mcp from a function of its own', () => {
  const mcpRoute = routes.find((route) => route.operation === MCP_OPERATION)!;
  const targets = Object.values(template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>) // eslint-disable-line @typescript-eslint/no-explicit-any
    .filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route' && resource.Properties.RouteKey === routeKey(mcpRoute));
  expect(targets).toHaveLength(1);
  expect(functionLogicalId(stack, MCP_OPERATION)).toEqual(expect.any(String));
});

it('runs exactly the operations its tools call', () => {
  expect([...new Set(mcpTools.map((tool) => tool.operation))].sort()).toEqual([...MCP_TOOL_OPERATIONS].sort());
});

it('holds every action and every setting of the functions whose operations it runs', () => {
  const mcpActions = new Set(functionStatements(stack, template, MCP_OPERATION).flatMap(actionsOf));
  const mcpVariables = functionVariables(stack, template, MCP_OPERATION);
  for (const operation of MCP_TOOL_OPERATIONS) {
    const missingActions = functionStatements(stack, template, operation)
      .flatMap(actionsOf)
      .filter((action) => !mcpActions.has(action));
    expect({ [operation]: missingActions }).toEqual({ [operation]: [] });
    const missingVariables = Object.keys(functionVariables(stack, template, operation)).filter((name) => !(name in mcpVariables));
    expect({ [operation]: missingVariables }).toEqual({ [operation]: [] });
  }
});
