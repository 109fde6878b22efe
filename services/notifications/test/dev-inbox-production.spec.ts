/** The development SMS inbox exists outside production only: in production the route is not registered at all. */
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { startNotifications } from '@olymp/notifications';
import { createTestNamespace } from '@olymp/server-kit/testing';

describe('development SMS inbox in production', () => {
  const ns = createTestNamespace();
  afterAll(() => ns.cleanup());

  it('does not exist', async () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const env = ns.envFor('notifications', {
      NODE_ENV: 'production',
      AUTH_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
    });
    const service = await startNotifications(env);
    try {
      expect(service.config.DEV_SMS_INBOX).toBe(false);
      const res = await request(service.url).get('/api/dev/sms').query({ to: '+77000000105' }).set('x-locale', 'en');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await service.close();
    }
  });

  it('refuses to start production with the dev inbox switched on', async () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const env = ns.envFor('notifications', {
      NODE_ENV: 'production',
      DEV_SMS_INBOX: 'true',
      AUTH_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    await expect(startNotifications(env)).rejects.toThrow(/DEV_SMS_INBOX must be off/);
  });

  it('refuses to start production without an SMS provider', async () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const env = ns.envFor('notifications', {
      NODE_ENV: 'production',
      AUTH_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    await expect(startNotifications(env)).rejects.toThrow(/SMS_PROVIDER=http needs SMS_HTTP_URL/);
  });
});
