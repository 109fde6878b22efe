import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Permission } from '@olymp/proto';
import type { VerifiedToken } from './tokens';

/**
 * Every route declares who may call it: `@Public()`, `@SignedIn()` (any signed-in user), or
 * `@RequirePermission('challenge:create')`. A route with no declaration is refused (fail closed), and a test
 * lists every route of every service to make sure none is undeclared.
 */
export const ACCESS_KEY = 'kit:access';

export type AccessRule = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; permissions: Permission[] };

export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies AccessRule);
/** The caller needs every listed permission (admin holds all). */
export const RequirePermission = (...permissions: [Permission, ...Permission[]]) =>
  SetMetadata(ACCESS_KEY, { kind: 'permission', permissions } satisfies AccessRule);

export interface AuthUser extends VerifiedToken {
  permissions: ReadonlySet<string>;
  isAdmin: boolean;
}

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
