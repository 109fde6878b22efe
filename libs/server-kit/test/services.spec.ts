/**
 * Boots every domain service against real PostgreSQL and NATS and checks what must hold for all of them:
 * each is ready, its migrations match its entities exactly, and every HTTP route declares who may call it.
 */
import request from 'supertest';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { startShop } from '@olymp/shop';
import { startFinance } from '@olymp/finance';
import { startNotifications } from '@olymp/notifications';
import { ACCESS_KEY, type RunningService, pendingSchemaChanges } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';

const starters = { auth: startAuth, learning: startLearning, shop: startShop, finance: startFinance, notifications: startNotifications };

describe('every service', () => {
  const ns = createTestNamespace();
  const running: Record<string, RunningService> = {};

  beforeAll(async () => {
    for (const [name, start] of Object.entries(starters)) {
      running[name] = await start(ns.envFor(name as keyof typeof starters));
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of Object.values(running).reverse()) await s.close();
    await ns.cleanup();
  });

  it.each(Object.keys(starters))('%s is ready (PostgreSQL and NATS checked)', async (name) => {
    const res = await request(running[name].url).get('/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toMatchObject({ postgres: { status: 'up' }, nats: { status: 'up' } });
  });

  it.each(Object.keys(starters))('%s has migrations that match its entities', async (name) => {
    expect(await pendingSchemaChanges(running[name].app.get(DataSource))).toEqual([]);
  });

  it.each(Object.keys(starters))('%s declares access on every HTTP route', async (name) => {
    const app = running[name].app;
    const reflector = app.get(Reflector);
    const routes: string[] = [];
    const undeclared: string[] = [];
    for (const wrapper of app.get(DiscoveryService).getControllers()) {
      const ctrl = wrapper.metatype as (new (...a: never[]) => unknown) | undefined;
      if (!ctrl) continue;
      const proto = ctrl.prototype as Record<string, unknown>;
      for (const key of Object.getOwnPropertyNames(proto)) {
        const handler = proto[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue; // not an HTTP route (RPC)
        const route = `${ctrl.name}.${key} ${String(Reflect.getMetadata(PATH_METADATA, handler))}`;
        routes.push(route);
        if (!reflector.getAllAndOverride(ACCESS_KEY, [handler, ctrl])) undeclared.push(route);
      }
    }
    expect(routes.length).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });
});
