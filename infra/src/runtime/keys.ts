import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The token signing key pair of a local platform: generated once on this machine and kept in the data folder
 * (never committed), so tokens survive restarts and no two checkouts share a key. Keys given in the environment
 * (AUTH_PRIVATE_KEY / AUTH_PUBLIC_KEY) win.
 */
export function localSigningKeys(dataDir: string, env: NodeJS.ProcessEnv): { AUTH_PRIVATE_KEY: string; AUTH_PUBLIC_KEY: string } {
  if (env.AUTH_PRIVATE_KEY && env.AUTH_PUBLIC_KEY) return { AUTH_PRIVATE_KEY: env.AUTH_PRIVATE_KEY, AUTH_PUBLIC_KEY: env.AUTH_PUBLIC_KEY };
  const dir = join(dataDir, 'keys');
  const privatePath = join(dir, 'auth-ed25519.key');
  const publicPath = join(dir, 'auth-ed25519.pub');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
  }
  return { AUTH_PRIVATE_KEY: readFileSync(privatePath, 'utf8'), AUTH_PUBLIC_KEY: readFileSync(publicPath, 'utf8') };
}
