import { ConfigError, loadConfig } from '@olymp/server-kit';
import { generateKeyPairSync } from 'node:crypto';

const ownKeys = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    AUTH_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    AUTH_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
};

describe('config', () => {
  it('has working development defaults', () => {
    const c = loadConfig('learning', {});
    expect(c.PORT).toBe(8082);
    expect(c.DB_SCHEMA).toBe('learning');
    expect(c.DEV_SMS_INBOX).toBe(true);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.isProduction).toBe(false);
  });

  it('refuses to start production with the development keys or the dev SMS inbox', () => {
    expect(() => loadConfig('auth', { NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig('auth', { NODE_ENV: 'production' })).toThrow(/AUTH_PRIVATE_KEY is the development key/);
    expect(() => loadConfig('auth', { NODE_ENV: 'production', ...ownKeys(), DEV_SMS_INBOX: 'true' })).toThrow(/DEV_SMS_INBOX must be off/);
  });

  it('refuses to start learning in production while SITE_URL is the localhost default (certificates link to it)', () => {
    expect(() => loadConfig('learning', { NODE_ENV: 'production', ...ownKeys() })).toThrow(/SITE_URL must be the public address/);
    expect(loadConfig('learning', { NODE_ENV: 'production', ...ownKeys(), SITE_URL: 'https://olymp.example.kz' }).SITE_URL).toBe('https://olymp.example.kz');
  });

  it('starts production with its own keys and no dev features', () => {
    const c = loadConfig('auth', { NODE_ENV: 'production', ...ownKeys() });
    expect(c.DEV_SMS_INBOX).toBe(false);
    expect(c.SEED_DEMO).toBe(false);
  });

  it('lists every invalid setting at once', () => {
    expect(() => loadConfig('auth', { PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
