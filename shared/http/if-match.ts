import { DomainError } from '#shared/domain/errors';
import type { ExpectedVersion } from '#shared/domain/version-check';

/**
 * The version a request pins (docs/api.md, "Versions and If-Match"), from its `If-Match` header
 * and its body's `expected_version`, for any operation whose resource carries a version and sends
 * it as `ETag: "v{n}"` (posts; the inbox's reply approval reuses it).
 *
 * - `If-Match: "v3"`, or a list `"v3", "v4"`: the change goes ahead at any of them.
 * - A weak tag `W/"v3"` counts as `"v3"`: the tag names a version of the resource, not its bytes, so
 *   a proxy that weakened it (as compressing proxies do) changes nothing we compare
 *   (docs/decisions/0216-if-match-and-expected-version.md).
 * - `If-Match: *` asks only that the resource exists, which the operation checks anyway: no pin.
 * - Anything else is 400 INVALID_FIELD with `field: "if-match"`, before the resource is read.
 * - Both given: they must agree (the body's number among the header's), else INVALID_FIELD
 *   `expected_version`; a request that says two things is refused rather than one of them guessed.
 */
const ENTITY_TAG = /^(?:W\/)?"v([1-9][0-9]{0,14})"$/;

export function expectedVersionOf(ifMatch: string | undefined, expectedVersion: number | undefined): ExpectedVersion | undefined {
  const fromHeader = ifMatch === undefined ? undefined : parseIfMatch(ifMatch);
  if (expectedVersion === undefined) return fromHeader;
  if (fromHeader && !fromHeader.versions.includes(expectedVersion)) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'expected_version' },
      { message: 'expected_version disagrees with the If-Match header: send one of them, or the same version in both' },
    );
  }
  return { versions: [expectedVersion] };
}

/** The versions an If-Match header lists; undefined for `*`. */
export function parseIfMatch(header: string): ExpectedVersion | undefined {
  const value = header.trim();
  if (value === '*') return undefined;
  const versions = value.split(',').map((tag) => ENTITY_TAG.exec(tag.trim())?.[1]);
  if (value === '' || versions.some((version) => version === undefined)) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'if-match' },
      { message: 'If-Match must be the ETag of the version you read, e.g. "v3" (with the quotes), a comma-separated list of them, or *' },
    );
  }
  return { versions: versions.map(Number) };
}

/** The ETag of a response carrying one versioned resource. */
export const etagOf = (version: number): string => `"v${version}"`;
