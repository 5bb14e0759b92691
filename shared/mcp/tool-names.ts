/** The argument a tool of an idempotent operation takes for the `idempotency-key` header. */
export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';
