/**
 * A small IAM identity-policy evaluator, as AWS evaluates a role's own policies for a request in
 * the same account with no boundary, SCP or session policy: an explicit Deny wins, else any Allow,
 * else the implicit deny. Statements are matched on Action / NotAction (case-insensitive, `*` and
 * `?`), Resource / NotResource (case-sensitive; wildcards stay inside their ARN segment unless
 * they end it, and span `/` and `:` in the resource part, as the IAM reference describes) and the
 * Condition operators the stack uses (String*, Arn*, Bool, with IfExists and ForAnyValue /
 * ForAllValues). An operator it does not know is an error, never a silent match.
 */
export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, string | string[] | boolean>>;
}

export interface AuthorizationRequest {
  action: string;
  resource: string;
  /** Request context keys (`iam:PassedToService`, `dynamodb:EnclosingOperation`...), case-insensitive. */
  context?: Record<string, string | string[]>;
}

export type Decision =
  | { allowed: true; statement: PolicyStatement }
  | { allowed: false; reason: 'explicit deny' | 'no identity-based policy allows'; statement?: PolicyStatement };

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const escape = (char: string): string => char.replace(/[.+^${}()|[\]\\/]/g, '\\$&');

/** A glob over the whole string: `*` any run of characters, `?` any one. */
function glob(pattern: string, flags = ''): RegExp {
  return new RegExp(`^${[...pattern].map((char) => (char === '*' ? '.*' : char === '?' ? '.' : escape(char))).join('')}$`, flags);
}

/** ARN glob: inside the first five segments a wildcard stays in its segment unless it ends it. */
function resourcePattern(pattern: string): RegExp {
  let colons = 0;
  let source = '';
  [...pattern].forEach((char, index) => {
    const inResourcePart = colons >= 5;
    const endsSegment = index === pattern.length - 1 || pattern[index + 1] === ':';
    if (char === ':') colons += 1;
    if (char === '*') source += inResourcePart || endsSegment ? '.*' : '[^:]*';
    else if (char === '?') source += inResourcePart ? '.' : '[^:]';
    else source += escape(char);
  });
  return new RegExp(`^${source}$`);
}

export const actionMatches = (pattern: string, action: string): boolean => glob(pattern, 'i').test(action);
export const resourceMatches = (pattern: string, resource: string): boolean => pattern === '*' || resourcePattern(pattern).test(resource);

type Comparator = (policyValue: string, requestValue: string) => boolean;
const COMPARATORS: Record<string, Comparator> = {
  StringEquals: (expected, actual) => expected === actual,
  StringEqualsIgnoreCase: (expected, actual) => expected.toLowerCase() === actual.toLowerCase(),
  StringLike: (pattern, actual) => glob(pattern).test(actual),
  ArnEquals: (expected, actual) => expected === actual,
  ArnLike: (pattern, actual) => resourceMatches(pattern, actual),
  Bool: (expected, actual) => expected.toLowerCase() === actual.toLowerCase(),
};

function conditionHolds(operatorName: string, key: string, policyValues: string[], context: Record<string, string | string[]>): boolean {
  let operator = operatorName;
  const set = /^(ForAnyValue|ForAllValues):/.exec(operator)?.[1];
  if (set) operator = operator.slice(set.length + 1);
  const ifExists = operator.endsWith('IfExists');
  if (ifExists) operator = operator.slice(0, -'IfExists'.length);
  const negated = /^(String|Arn)Not/.test(operator);
  const base = operator.replace(/^(String|Arn)Not/, '$1');
  const compare = COMPARATORS[base === 'ArnNotEquals' ? 'ArnEquals' : base];
  if (!compare) throw new Error(`IAM condition operator ${operatorName} is not evaluated by this emulation`);
  const entry = Object.entries(context).find(([name]) => name.toLowerCase() === key.toLowerCase());
  if (entry === undefined) return ifExists || negated || set === 'ForAllValues';
  const requestValues = list(entry[1]);
  const matchesOne = (value: string) => policyValues.some((policyValue) => compare(policyValue, value));
  const holds = set === 'ForAllValues' ? requestValues.every(matchesOne) : requestValues.some(matchesOne);
  return negated ? !holds : holds;
}

function statementApplies(statement: PolicyStatement, request: AuthorizationRequest): boolean {
  const actionListed = (patterns: string[]) => patterns.some((pattern) => actionMatches(pattern, request.action));
  const resourceListed = (patterns: string[]) => patterns.some((pattern) => resourceMatches(pattern, request.resource));
  if (statement.Action !== undefined ? !actionListed(list(statement.Action)) : actionListed(list(statement.NotAction))) return false;
  if (statement.Resource !== undefined ? !resourceListed(list(statement.Resource)) : resourceListed(list(statement.NotResource)))
    return false;
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, values]) => conditionHolds(operator, key, list(values).map(String), request.context ?? {})),
  );
}

/** The decision for one request against a principal's identity-policy statements. */
export function evaluate(statements: readonly PolicyStatement[], request: AuthorizationRequest): Decision {
  const applicable = statements.filter((statement) => statementApplies(statement, request));
  const deny = applicable.find((statement) => statement.Effect === 'Deny');
  if (deny) return { allowed: false, reason: 'explicit deny', statement: deny };
  const allow = applicable.find((statement) => statement.Effect === 'Allow');
  return allow ? { allowed: true, statement: allow } : { allowed: false, reason: 'no identity-based policy allows' };
}
