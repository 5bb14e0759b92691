import type { KeyScope } from '#shared/domain/key-scopes';

/**
 * What an OAuth client may be granted: a key scope below admin (contract section 18: "admin never
 * granted"). A client may ask for several (`scope=read draft write`, as MCP clients send the
 * resource's scopes_supported); the consent page preselects the highest asked for, and the person
 * chooses any of the three.
 */
export const OAUTH_SCOPES = ['read', 'draft', 'write'] as const satisfies readonly KeyScope[];
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const isOAuthScope = (value: unknown): value is OAuthScope => OAUTH_SCOPES.includes(value as OAuthScope);

/** The highest scope asked for; `draft` when none is; undefined when one asked for is unknown or admin. */
export function requestedScope(raw: string | undefined): OAuthScope | undefined {
  const asked = (raw ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) return 'draft';
  if (!asked.every(isOAuthScope)) return undefined;
  return [...OAUTH_SCOPES].reverse().find((scope) => asked.includes(scope));
}
