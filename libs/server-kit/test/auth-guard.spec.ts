/**
 * The global guard of every service, on its own: what it lets through and what it refuses (a missing or forged
 * token, a revoked session, a missing permission), that a public route never fails on a bad token, and that a role's
 * permissions are asked for once and asked again after a failure. The routes x roles matrices test it through HTTP.
 */
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import pino from 'pino';
import { ALL_PERMISSIONS_ROLE, ROLE } from '@olymp/proto';
import { Authenticator, DomainError, PermissionCache, type PermissionSource, Public, RequirePermission, SessionRevocations, SignedIn, TokenSigner, loadConfig } from '@olymp/server-kit';
import { AuthGuard } from '../src/auth/auth.guard';
import { DEV_PRIVATE_KEY_PEM } from '../src/config/dev-keys';

class Routes {
  @Public() open() {}
  @SignedIn() mine() {}
  @RequirePermission('quiz:create') shop() {}
}

function contextFor(handler: keyof Routes, authorization?: string) {
  const req: { headers: Record<string, string>; method: string; user?: unknown } = { headers: authorization ? { authorization } : {}, method: 'GET' };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { context, req };
}

/** The guard's answer, whether it came at once or as a promise, as the code it refused with (or 'pass'). */
async function outcome(guard: AuthGuard, context: ExecutionContext): Promise<string> {
  try {
    return (await guard.canActivate(context)) ? 'pass' : 'refused';
  } catch (err) {
    return err instanceof DomainError ? err.code : `unexpected ${String(err)}`;
  }
}

function setup(permissionsOf: PermissionSource['permissionsOf']) {
  const asked: number[] = [];
  const source: PermissionSource = { permissionsOf: (roleId) => (asked.push(roleId), permissionsOf(roleId)) };
  const revocations = new SessionRevocations(null as never);
  const authenticator = new Authenticator(new PermissionCache(source), revocations, loadConfig('learning', { NODE_ENV: 'test' }));
  const guard = new AuthGuard(new Reflector(), authenticator, pino({ level: 'silent' }));
  return { guard, revocations, asked };
}

const signer = new TokenSigner(DEV_PRIVATE_KEY_PEM);
const bearer = async (claims: { roleId: number; sid?: string }) =>
  `Bearer ${await signer.sign({ sub: 'pupil-1', roleId: claims.roleId, sid: claims.sid ?? 'session-1', did: 'device-1' })}`;

describe('AuthGuard', () => {
  it('lets a token with the permission through, attaches the caller, and asks for a role’s permissions once', async () => {
    const { guard, asked } = setup(async () => ['quiz:create']);
    const token = await bearer({ roleId: ROLE.student });

    const first = contextFor('shop', token);
    expect(await outcome(guard, first.context)).toBe('pass');
    expect(first.req.user).toMatchObject({ sub: 'pupil-1', roleId: ROLE.student, isAdmin: false });

    const again = contextFor('shop', token);
    expect(await outcome(guard, again.context)).toBe('pass');
    expect(again.req.user).toMatchObject({ sub: 'pupil-1' });
    expect(asked).toEqual([ROLE.student]);
  });

  it('refuses no token, a malformed header, a missing permission and a revoked session', async () => {
    const { guard, revocations } = setup(async () => []);
    const token = await bearer({ roleId: ROLE.student, sid: 'session-2' });
    expect(await outcome(guard, contextFor('mine', token).context)).toBe('pass');

    expect(await outcome(guard, contextFor('mine').context)).toBe('UNAUTHENTICATED');
    expect(await outcome(guard, contextFor('mine', 'Basic abc').context)).toBe('UNAUTHENTICATED');
    expect(await outcome(guard, contextFor('shop', token).context)).toBe('FORBIDDEN');
    revocations.add('session-2');
    expect(await outcome(guard, contextFor('mine', token).context)).toBe('UNAUTHENTICATED');
  });

  it('refuses a forged token, and lets a public route through with no user for a bad or revoked one', async () => {
    const { guard, revocations } = setup(async () => []);
    const token = await bearer({ roleId: ROLE.student, sid: 'session-3' });
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await outcome(guard, contextFor('mine', forged).context)).toBe('UNAUTHENTICATED');

    const open = contextFor('open', forged);
    expect(await outcome(guard, open.context)).toBe('pass');
    expect(open.req.user).toBeUndefined();

    const good = contextFor('open', token);
    expect(await outcome(guard, good.context)).toBe('pass');
    expect(good.req.user).toMatchObject({ sub: 'pupil-1' });

    revocations.add('session-3');
    const revoked = contextFor('open', token);
    expect(await outcome(guard, revoked.context)).toBe('pass');
    expect(revoked.req.user).toBeUndefined();
  });

  it('gives the all-permissions role every permission without asking for it', async () => {
    const { guard, asked } = setup(async () => []);
    const admin = contextFor('shop', await bearer({ roleId: ALL_PERMISSIONS_ROLE }));
    expect(await outcome(guard, admin.context)).toBe('pass');
    expect(admin.req.user).toMatchObject({ isAdmin: true });
    expect(asked).toEqual([]);
  });

  it('does not keep a role whose permissions failed to load: the next request asks again', async () => {
    let fail = true;
    const { guard, asked } = setup(async () => {
      if (fail) throw new Error('auth is down');
      return ['quiz:create'];
    });
    const token = await bearer({ roleId: ROLE.student });
    expect(await outcome(guard, contextFor('shop', token).context)).toBe('unexpected Error: auth is down');
    fail = false;
    expect(await outcome(guard, contextFor('shop', token).context)).toBe('pass');
    expect(await outcome(guard, contextFor('shop', token).context)).toBe('pass');
    expect(asked).toEqual([ROLE.student, ROLE.student]);
  });
});
