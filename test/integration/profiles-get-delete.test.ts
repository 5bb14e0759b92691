import { randomUUID } from 'node:crypto';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { startTestService, type TestService } from '../support/test-service';

/** GET and DELETE /profiles/{id}: generic for both platforms. */
describe('one profile: GET and DELETE /profiles/{id}', () => {
  let pds: TestPds;
  let service: TestService;
  let alice: TestUser;

  beforeAll(async () => {
    pds = await startTestPds();
    service = await startTestService({ BLUESKY_SERVICE_URL: pds.url });
    alice = await pds.createUser('alice');
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await pds?.stop();
  });

  const connectAlice = async (apiKey: string) => {
    const response = await service.call('POST', '/profiles/bluesky', {
      key: apiKey,
      body: { handle: alice.handle, app_password: alice.appPassword },
    });
    expect(response.status).toBe(201);
    return response.json.profile as { id: string };
  };

  it('gets a profile by id, in any case', async () => {
    const { apiKey } = await service.createAccount();
    const profile = await connectAlice(apiKey);
    for (const id of [profile.id, profile.id.toUpperCase()]) {
      const response = await service.call('GET', `/profiles/${id}`, { key: apiKey });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ profile });
    }
  });

  it('serves LinkedIn profiles too, with their expiry', async () => {
    const { apiKey, accountId } = await service.createAccount();
    const { createProfileItem } = await import('#shared/store/profiles');
    const id = randomUUID();
    await createProfileItem({
      id,
      account_id: accountId,
      platform: 'linkedin',
      handle: 'Ada Lovelace',
      display_name: 'Ada Lovelace',
      platform_user_id: 'urn:li:person:abc123',
      connected_at: '2026-11-01T10:00:00.000Z',
      expires_at: '2026-12-31T10:00:00.000Z',
      needs_reconnect: false,
      credentials: 'sealed',
    });
    const got = await service.call('GET', `/profiles/${id}`, { key: apiKey });
    expect(got.status).toBe(200);
    expect(got.json.profile).toEqual({
      id,
      platform: 'linkedin',
      handle: 'Ada Lovelace',
      display_name: 'Ada Lovelace',
      platform_user_id: 'urn:li:person:abc123',
      connected_at: '2026-11-01T10:00:00.000Z',
      expires_at: '2026-12-31T10:00:00.000Z',
      needs_reconnect: false,
      author: { type: 'member', id: 'abc123', name: 'Ada Lovelace' },
    });
    expect(got.text).not.toContain('sealed');
    expect((await service.call('DELETE', `/profiles/${id}`, { key: apiKey })).status).toBe(204);
    expect((await service.call('GET', `/profiles/${id}`, { key: apiKey })).status).toBe(404);
  });

  it('answers INVALID_ID for a malformed id, after authentication', async () => {
    const { apiKey } = await service.createAccount();
    for (const method of ['GET', 'DELETE']) {
      const response = await service.call(method, '/profiles/not-a-uuid', { key: apiKey });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ error: 'INVALID_ID', message: expect.any(String) });
      const anonymous = await service.call(method, '/profiles/not-a-uuid');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error).toBe('MISSING_API_KEY');
    }
  });

  it("answers PROFILE_NOT_FOUND for an unknown id and for another account's profile, which stays untouched", async () => {
    const owner = await service.createAccount();
    const stranger = await service.createAccount();
    const profile = await connectAlice(owner.apiKey);
    for (const [method, id] of [
      ['GET', randomUUID()],
      ['DELETE', randomUUID()],
      ['GET', profile.id],
      ['DELETE', profile.id],
    ]) {
      const response = await service.call(method, `/profiles/${id}`, { key: stranger.apiKey });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ error: 'PROFILE_NOT_FOUND', message: expect.any(String) });
    }
    expect((await service.call('GET', `/profiles/${profile.id}`, { key: owner.apiKey })).status).toBe(200);
  });

  it('deletes a profile with its sealed credentials; it is gone after, and the platform can be connected again', async () => {
    const { apiKey, accountId } = await service.createAccount();
    const profile = await connectAlice(apiKey);

    const deleted = await service.call('DELETE', `/profiles/${profile.id}`, { key: apiKey });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await service.call('GET', `/profiles/${profile.id}`, { key: apiKey })).json.error).toBe('PROFILE_NOT_FOUND');
    expect((await service.call('DELETE', `/profiles/${profile.id}`, { key: apiKey })).json.error).toBe('PROFILE_NOT_FOUND');
    expect((await service.call('GET', '/profiles', { key: apiKey })).json.profiles).toEqual([]);
    const { listProfileItems } = await import('#shared/store/profiles');
    expect(await listProfileItems(accountId)).toEqual([]);

    const again = await connectAlice(apiKey);
    expect(again.id).not.toBe(profile.id);
    expect((await service.call('GET', '/profiles', { key: apiKey })).json.profiles).toEqual([again]);
    // The old id does not reach the new profile.
    expect((await service.call('DELETE', `/profiles/${profile.id}`, { key: apiKey })).status).toBe(404);
    expect((await service.call('GET', `/profiles/${again.id}`, { key: apiKey })).status).toBe(200);
  });
});
