import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localSigningKeys } from '../src/runtime/keys';
import { TokenSigner, TokenVerifier, DEV_PUBLIC_KEY_PEM } from '@olymp/server-kit';

describe('local signing keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'olymp-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a pair once per data folder, private file readable by the owner only, and keeps it', async () => {
    const first = localSigningKeys(dir, {});
    const again = localSigningKeys(dir, {});
    expect(again).toEqual(first);
    expect(first.AUTH_PUBLIC_KEY).not.toBe(DEV_PUBLIC_KEY_PEM);
    expect(statSync(join(dir, 'keys', 'auth-ed25519.key')).mode & 0o777).toBe(0o600);
    const token = await new TokenSigner(first.AUTH_PRIVATE_KEY).sign({ sub: 'u', roleId: 7, sid: 's', did: 'd' });
    expect(await new TokenVerifier(first.AUTH_PUBLIC_KEY).verify(token)).toMatchObject({ sub: 'u', roleId: 7 });
  });

  it('uses keys given in the environment', () => {
    expect(localSigningKeys(dir, { AUTH_PRIVATE_KEY: 'p', AUTH_PUBLIC_KEY: 'q' })).toEqual({ AUTH_PRIVATE_KEY: 'p', AUTH_PUBLIC_KEY: 'q' });
  });
});
