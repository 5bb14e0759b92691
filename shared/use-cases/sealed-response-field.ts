import type { SecretContext } from '#shared/ports/secret-box';
import { secretBox } from '#shared/ports/registry';

/**
 * The idempotency codec of a creation whose answer shows a secret once (POST /keys, POST /webhooks,
 * POST /webhooks/{id}/rotate-secret): a replay must show the same secret, but the stored answer may
 * not hold it in plain text. `conceal` replaces the field by `sealed_<field>` (sealed by the secret
 * box, bound to the account and the created item); `reveal` opens it back into the same place.
 */
export function sealedResponseField<Body extends object>(
  field: string,
  contextOf: (body: Body, accountId: string) => SecretContext,
): { conceal(body: string, accountId: string): Promise<string>; reveal(stored: string, accountId: string): Promise<string> } {
  const sealedField = `sealed_${field}`;
  return {
    async conceal(body, accountId) {
      const { [field]: value, ...rest } = JSON.parse(body) as Record<string, unknown>;
      if (typeof value !== 'string') return body;
      const sealed = await (await secretBox()).seal(value, contextOf(rest as Body, accountId));
      return JSON.stringify({ ...rest, [sealedField]: sealed });
    },
    async reveal(stored, accountId) {
      const { [sealedField]: sealed, ...rest } = JSON.parse(stored) as Record<string, unknown>;
      if (typeof sealed !== 'string') return stored;
      const value = await (await secretBox()).open(sealed, contextOf(rest as Body, accountId));
      // The secret back in its place after the item, as the first answer had it.
      return JSON.stringify({ ...rest, [field]: value });
    },
  };
}
