/**
 * The scrypt cost the suite hashes with (test/support/wire-local-ports.ts sets it): N=2^12 instead of
 * OWASP's 2^17, a few milliseconds a hash instead of a fifth of a second. The tests of the cost
 * itself (test/unit/passwords.test.ts, the "scrypt cost" block of dashboard-auth-hardening) put
 * OWASP's figures back; processes the tests start (npm start, the soak) always use them.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 12, r: 8, p: 1 };
