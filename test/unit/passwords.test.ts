import {
  hashPassword,
  MIN_PASSWORD_LENGTH,
  needsRehash,
  passwordProblem,
  usePasswordCost,
  verifyAgainstDecoy,
  verifyPassword,
} from '#shared/domain/passwords';
import { TEST_PASSWORD_COST } from '../support/password-cost';

describe('owner passwords', () => {
  it('verifies the right password and refuses a wrong one, a near miss and an empty one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('compares Unicode passwords in one normal form (é typed as one or two code points)', async () => {
    const stored = await hashPassword('caf\u00e9 au lait noir');
    expect(await verifyPassword('cafe\u0301 au lait noir', stored)).toBe(true);
  });

  it('answers false, without throwing, for a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$abc$def', 'bcrypt$10$8$1$abc$def', 'scrypt$16384$8$1$abc$']) {
      expect(await verifyPassword('whatever password', stored)).toBe(false);
    }
  });

  it('verifies a hash made with other cost parameters (the cost can be raised later)', async () => {
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const key = scryptSync('an older password', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('an older password', stored)).toBe(true);
  });

  it(`asks for at least ${MIN_PASSWORD_LENGTH} characters, counting characters rather than UTF-16 units`, () => {
    expect(passwordProblem('a'.repeat(11))).toMatch(/at least 12 characters/);
    expect(passwordProblem('a'.repeat(12))).toBeUndefined();
    // Six emoji are twelve UTF-16 units but six characters.
    expect(passwordProblem('🔑'.repeat(6))).toMatch(/at least 12/);
    expect(passwordProblem('🔑'.repeat(12))).toBeUndefined();
    expect(passwordProblem('a'.repeat(257))).toMatch(/at most 256/);
  });

  describe("at OWASP's cost (the suite hashes at a lower one: test/support/password-cost.ts)", () => {
    beforeAll(() => usePasswordCost());
    afterAll(() => usePasswordCost(TEST_PASSWORD_COST));

    it('hashes with scrypt, a per-user salt and the cost in the stored value', async () => {
      // Act
      const first = await hashPassword('correct horse battery');
      const second = await hashPassword('correct horse battery');
      // Assess
      expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);
      expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
      expect(first).not.toContain('correct horse');
    });

    it('spends about one verification on an unknown email and always says no', async () => {
      const stored = await hashPassword('correct horse battery');
      await verifyAgainstDecoy('warm up the decoy');
      // The CPU the work costs (scrypt runs on libuv's threads, which the process's CPU time counts), the least of
      // three runs: wall time on a busy machine measures the machine, not the work.
      const time = async (work: () => Promise<unknown>) => {
        const runs: number[] = [];
        for (let run = 0; run < 3; run += 1) {
          const start = process.cpuUsage();
          await work();
          const spent = process.cpuUsage(start);
          runs.push(spent.user + spent.system);
        }
        return Math.min(...runs);
      };
      const real = await time(() => verifyPassword('wrong password here', stored));
      const decoy = await time(() => verifyAgainstDecoy('wrong password here'));
      expect(await verifyAgainstDecoy('correct horse battery')).toBe(false);
      expect(decoy).toBeGreaterThan(real / 3);
      expect(decoy).toBeLessThan(real * 3);
    });

    it('asks for a rehash of a hash stored at another cost, never of one at the current cost or a malformed one', async () => {
      const current = await hashPassword('correct horse battery');
      expect(needsRehash(current)).toBe(false);
      expect(needsRehash(current.replace('$131072$', '$32768$'))).toBe(true);
      expect(needsRehash(current.replace('$8$1$', '$8$2$'))).toBe(true);
      expect(needsRehash('plain')).toBe(false);
    });
  });
});
