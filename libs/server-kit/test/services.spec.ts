/**
 * Boots every domain service against real PostgreSQL and NATS and checks what must hold for all of them:
 * each is ready, its migrations match its entities exactly, and every HTTP route declares who may call it.
 */
import request from 'supertest';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { startShop } from '@olymp/shop';
import { startFinance } from '@olymp/finance';
import { startNotifications } from '@olymp/notifications';
import { ACCESS_KEY, type RunningService, pendingSchemaChanges } from '@olymp/server-kit';
import { createTestNamespace, httpRoutes } from '@olymp/server-kit/testing';

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
    const routes = httpRoutes(app);
    const undeclared = routes
      .filter((r) => !reflector.getAllAndOverride(ACCESS_KEY, [r.handler, r.controller]))
      .map((r) => `${r.name} ${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });
});
