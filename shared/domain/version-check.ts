import { DomainError } from './errors';

/**
 * The versions a caller pins a change to (docs/api.md, "Versions and If-Match"): the change goes
 * ahead only while the thing is at one of them. `If-Match` may list several entity tags; a body's
 * `expected_version` is one. No pin (`undefined`): the change behaves as it did before versions.
 */
export interface ExpectedVersion {
  versions: readonly number[];
}

/** VERSION_MISMATCH with `current_version`, for a pin the thing is no longer at. */
export const versionMismatch = (current: number): DomainError => new DomainError('VERSION_MISMATCH', { current_version: current });

/**
 * Throws VERSION_MISMATCH when `current` is not a pinned version. Call it on the read the write is
 * conditional on (the write's condition on that same version closes the gap between the two), never
 * on a read the write does not depend on.
 */
export function checkExpectedVersion(expected: ExpectedVersion | undefined, current: number): void {
  if (expected && !expected.versions.includes(current)) throw versionMismatch(current);
}
