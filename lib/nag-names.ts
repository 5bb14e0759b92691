import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag names `value` (an attribute of `owner`, such as a table's ARN) in a finding on
 * `consumer`: `<LogicalId.Arn>` when both are in one stack, the export's name when `owner` is in
 * another stack (the data stack), where the template reads it with Fn::ImportValue. A finding is
 * acknowledged by that exact name, so acknowledgments stay right whichever stack holds the resource.
 * Exporting here is what CDK does anyway when the consumer's template refers to the value.
 */
export function nagName(consumer: IConstruct, owner: IConstruct, value: string): string {
  const here = Stack.of(consumer);
  const producer = Stack.of(owner);
  return flatten(here.resolve(here === producer ? value : producer.exportValue(value)));
}

/** cdk-nag's rendering of a CloudFormation value (its flattenCfnReference): Fn::GetAtt as `<Id.Attribute>`, Ref as `<Id>`. */
function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const record = node as Record<string, unknown>;
  if (Array.isArray(record['Fn::Join'])) {
    const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
    return parts.map(flatten).join(separator);
  }
  if (record['Fn::Sub']) return flatten(record['Fn::Sub']);
  if (Array.isArray(record['Fn::GetAtt'])) {
    const [resource, attribute] = record['Fn::GetAtt'] as [unknown, unknown];
    return `<${flatten(resource)}.${flatten(attribute)}>`;
  }
  if (record['Fn::ImportValue']) return flatten(record['Fn::ImportValue']);
  if (record.Ref) return `<${flatten(record.Ref)}>`;
  return JSON.stringify(node);
}
