/**
 * What an API key may do (docs/api.md, "Key scopes"): one scope per key, each including the
 * rights of those before it. `read` sees everything and previews; `draft` also uploads media and
 * proposes drafts; `write` also creates, schedules, edits, retries and deletes any post; `admin`
 * also manages profiles, webhooks and keys. Keys made before scopes existed, and the dashboard
 * session, are `admin`.
 */
export const KEY_SCOPES = ['read', 'draft', 'write', 'admin'] as const;

export type KeyScope = (typeof KEY_SCOPES)[number];

/** The scope a key gets when none is asked for, and the scope of a key stored without one. */
export const DEFAULT_KEY_SCOPE: KeyScope = 'admin';

export function isKeyScope(value: unknown): value is KeyScope {
  return typeof value === 'string' && (KEY_SCOPES as readonly string[]).includes(value);
}

/** Whether a key holding `held` may do what needs `required`. */
export function scopeAllows(held: KeyScope, required: KeyScope): boolean {
  return KEY_SCOPES.indexOf(held) >= KEY_SCOPES.indexOf(required);
}
