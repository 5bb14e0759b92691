/**
 * Rotating a webhook's signing secret (docs/api.md, "Webhooks", "Rotating the secret"): the new
 * secret signs every delivery at once, and each secret it replaced keeps signing beside it for
 * 24 hours, so a receiver can switch over at its own pace. Secrets here are as stored (sealed);
 * this module only decides which are still in force.
 */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
/**
 * The most replaced secrets kept in force at once: a burst of rotations within a day ends the
 * grace of the oldest early, so a delivery carries at most this many signatures and one more.
 */
export const MAX_PREVIOUS_SECRETS = 3;

/** A replaced secret (sealed) and when it stops signing (ISO 8601). */
export interface PreviousSecret {
  secret: string;
  until: string;
}

/** The replaced secrets still in force at `now`, newest first. */
export const previousSecretsInForce = (previous: readonly PreviousSecret[] | undefined, now: Date): PreviousSecret[] =>
  (previous ?? []).filter((entry) => Date.parse(entry.until) > now.getTime());

/** The replaced secrets after `current` is replaced at `now`: it first, for 24 h, then those still in force. */
export function previousSecretsAfterRotation(
  current: string,
  previous: readonly PreviousSecret[] | undefined,
  now: Date,
): PreviousSecret[] {
  const replaced = { secret: current, until: new Date(now.getTime() + ROTATION_GRACE_MS).toISOString() };
  return [replaced, ...previousSecretsInForce(previous, now)].slice(0, MAX_PREVIOUS_SECRETS);
}

/** Every secret a delivery at `now` is signed with: the current one first, then the replaced ones in force. */
export const signingSecrets = (webhook: { secret: string; previous_secrets?: readonly PreviousSecret[] }, now: Date): string[] => [
  webhook.secret,
  ...previousSecretsInForce(webhook.previous_secrets, now).map((entry) => entry.secret),
];
