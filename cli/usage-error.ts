/** A mistake in the command line itself (unknown command or flag, bad value): exit code 2, nothing sent. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
