/**
 * The route x role matrix of the shop service (the same rules as services/auth/test/access-matrix.spec.ts): every HTTP route, called by an anonymous visitor and by each of the
 * seven roles. What is expected comes from the route's declaration and the role's permissions in the database:
 * anonymous gets 401 unless the route is public; a role without the permission gets 403; a role with it is let
 * through (whatever the route then answers: 200, 400 for the empty body, 404 for the made-up id). The guard runs
 * before validation, so a refused call never reaches the handler.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { startShop } from '@olymp/shop';
import { ROLE, type RoleId } from '@olymp/proto';
import { ACCESS_KEY, type AccessRule, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { DataSource } from 'typeorm';

interface Route {
  method: string;
  path: string;
  rule: AccessRule;
}

describe('shop: every route x every role', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let shop: RunningService;
  const routes: Route[] = [];
  const permissionsOf = new Map<RoleId, Set<string>>();

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    shop = await startShop(ns.envFor('shop'));
    const reflector = shop.app.get(Reflector);
    for (const wrapper of shop.app.get(DiscoveryService).getControllers()) {
      const ctrl = wrapper.metatype as (new (...a: never[]) => unknown) | undefined;
      if (!ctrl) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
      for (const key of Object.getOwnPropertyNames(ctrl.prototype)) {
        const handler = (ctrl.prototype as Record<string, unknown>)[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const rule = reflector.getAllAndOverride<AccessRule>(ACCESS_KEY, [handler, ctrl]);
        const path = `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:\w+/g, () => randomUUID());
        const prefixed = path.startsWith('/health') ? path : `/api${path}`;
        routes.push({ method: RequestMethod[method], path: prefixed, rule });
      }
    }
    const rows: { role_id: number; name: string }[] = await auth.app.get(DataSource).query(
      'SELECT rp.role_id, p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id',
    );
    for (const id of Object.values(ROLE)) permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
  });

  afterAll(async () => {
    await shop?.close();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  const expected = (rule: AccessRule, roleId: RoleId | null): 'refused-401' | 'refused-403' | 'let-in' => {
    if (rule.kind === 'public') return 'let-in';
    if (roleId === null) return 'refused-401';
    if (rule.kind === 'signed-in' || roleId === ROLE.admin) return 'let-in';
    return rule.permissions.every((p) => permissionsOf.get(roleId)?.has(p)) ? 'let-in' : 'refused-403';
  };

  it('finds the routes of the service', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`)).toEqual(
      expect.arrayContaining([
        'GET /api/shop/products', 'POST /api/products', 'POST /api/products/toggle-active-many', 'GET /api/cart', 'POST /api/cart/checkout',
        'GET /api/my-orders', 'GET /api/orders/counts', 'POST /api/orders/:id/change-status', 'POST /api/pickup-points/:id/toggle-active',
        'GET /api/orders/:id/payment', 'POST /api/orders/:id/use-zp', 'GET /api/my-orders/:id/return-methods', 'GET /api/my-orders/:id/feedback',
        'POST /api/my-orders/:id/feedback', 'GET /api/shop/products/:id/reviews', 'GET /api/reviews', 'POST /api/reviews/:id/hide', 'GET /api/my-prizes',
        'POST /api/my-prizes/:id/claim', 'GET /api/claimed-products', 'POST /api/prizes', 'GET /api/addresses', 'PUT /api/addresses/:id',
        'DELETE /api/addresses/:id', 'GET /api/shop/delivery-points', 'POST /api/delivery-points', 'GET /api/orders/export',
      ]),
    );
  });

  it.each(callers)('$name gets exactly what the declarations and its permissions allow', async ({ roleId }) => {
    const token = roleId === null ? null : await testToken({ roleId });
    const wrong: string[] = [];
    for (const route of routes) {
      let req = request(shop.url)[route.method.toLowerCase() as 'get'](route.path);
      if (token) req = req.set('authorization', `Bearer ${token}`);
      const res = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await req.send({}) : await req;
      const want = expected(route.rule, roleId);
      const got = res.status === 401 ? 'refused-401' : res.status === 403 && res.body.code === 'FORBIDDEN' ? 'refused-403' : 'let-in';
      // A signed-in route may still refuse someone else's object (403 after the guard): only 401 would be wrong there.
      const objectLevel = route.rule.kind === 'signed-in' && want === 'let-in' && got === 'refused-403';
      if (got !== want && !objectLevel) wrong.push(`${route.method} ${route.path}: expected ${want}, got ${res.status}`);
      expect(res.status).toBeLessThan(500);
    }
    expect(wrong).toEqual([]);
  });
});
