import type { CfnTemplate } from './template';

/** One stack of the app as `cdk synth` wrote it: its CloudFormation name and template. */
export interface SynthesizedStack {
  name: string;
  template: CfnTemplate;
}

/**
 * The app's stacks as one deployment, the way CloudFormation deploys them in order (the data
 * stack, then the service stack): each `Fn::ImportValue` is replaced by the value of the export it
 * names, which an earlier stack must declare (CloudFormation refuses an import of an export that
 * does not exist yet), and the resources are put together. The export's value refers to its own
 * stack's resources by logical id, so a logical id may be used by one stack only; both are checked.
 * A stack that imports from a later one (a cycle, or the wrong order) fails here as its deploy would.
 */
export function joinStacks(stacks: SynthesizedStack[]): CfnTemplate {
  const exported = new Map<string, unknown>();
  const resources: CfnTemplate['Resources'] = {};
  for (const { name, template } of stacks) {
    const imported = replaceImports(template.Resources, exported, name) as CfnTemplate['Resources'];
    for (const [logicalId, resource] of Object.entries(imported)) {
      if (logicalId in resources) throw new Error(`${name}: logical id ${logicalId} is also another stack's`);
      resources[logicalId] = resource;
    }
    for (const [outputId, output] of Object.entries(template.Outputs ?? {})) {
      if (output.Export === undefined) continue;
      const exportName = String(output.Export.Name);
      if (exported.has(exportName)) throw new Error(`${name}: export ${exportName} is already another stack's`);
      exported.set(exportName, replaceImports(output.Value, exported, `${name} output ${outputId}`));
    }
  }
  return { Resources: resources };
}

/** The names a stack imports (`Fn::ImportValue`), to show which exports it depends on. */
export function importedNames(template: CfnTemplate): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if ('Fn::ImportValue' in record) names.add(String(record['Fn::ImportValue']));
      else Object.values(record).forEach(visit);
    }
  };
  visit(template.Resources);
  visit(template.Outputs);
  return [...names].sort();
}

function replaceImports(value: unknown, exported: Map<string, unknown>, where: string): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceImports(item, exported, where));
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === 'Fn::ImportValue') {
    const exportName = record['Fn::ImportValue'];
    if (typeof exportName !== 'string') throw new Error(`${where}: Fn::ImportValue of a computed name is not emulated`);
    if (!exported.has(exportName)) throw new Error(`${where}: imports ${exportName}, which no stack deployed before it exports`);
    return exported.get(exportName);
  }
  return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, replaceImports(child, exported, where)]));
}
