/**
 * The route table (src/routes.ts) against the services it points to, booted for real: every prefix must have a
 * handler in its service, and every /api route of a service must be sent to that service. The routes are read
 * from the running Nest apps (their controllers, confirmed in their Fastify routers).
 */
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { startShop } from '@olymp/shop';
import { startFinance } from '@olymp/finance';
import { startNotifications } from '@olymp/notifications';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, httpRoutes, type HttpRoute } from '@olymp/server-kit/testing';
import { API_PREFIX, ROUTES, routeMatcher, type UpstreamService } from '../src/routes';

const starters: Record<UpstreamService, (env: Record<string, string>) => Promise<RunningService>> = {
  auth: startAuth,
  learning: startLearning,
  shop: startShop,
  finance: startFinance,
  notifications: startNotifications,
};

/** Does a route (`/api/users/:id/quizzes/:quiz`) serve paths under a prefix (`users/{user}/quizzes`)? */
function serves(route: HttpRoute, prefix: string): boolean {
  const [api, ...segments] = route.path.split('/').filter(Boolean);
  if (`/${api}` !== API_PREFIX) return false;
  return prefix.split('/').every((wanted, i) => {
    const s = segments[i];
    return s !== undefined && (wanted.startsWith('{') || s === wanted || s.startsWith(':') || s === '*');
  });
}

/** /api routes the gateway answers itself (every service's own OpenAPI document is merged into the gateway's). */
const GATEWAY_OWN = new Set(['/api/docs-json', '/api/health']);

describe('the route table against the running services', () => {
  const ns = createTestNamespace();
  const routes = {} as Record<UpstreamService, HttpRoute[]>;
  const running: RunningService[] = [];

  beforeAll(async () => {
    for (const [name, start] of Object.entries(starters) as [UpstreamService, (typeof starters)[UpstreamService]][]) {
      const service = await start(ns.envFor(name));
      running.push(service);
      routes[name] = httpRoutes(service.app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of running.reverse()) await s.close();
    await ns.cleanup();
  });

  it('every prefix has a handler in the service it points to', () => {
    const dead = ROUTES.filter((rule) => !routes[rule.service].some((r) => serves(r, rule.prefix))).map(
      (rule) => `${rule.prefix} -> ${rule.service}`,
    );
    expect(dead).toEqual([]);
  });

  it('every /api route of a service is sent to a service that serves it', () => {
    // The kit's system probe routes are mounted in every service; the table sends each to one of them.
    const servedBy = (service: UpstreamService | undefined, route: HttpRoute) =>
      service !== undefined && routes[service].some((r) => r.method === route.method && r.path === route.path);
    const misrouted: string[] = [];
    for (const [service, list] of Object.entries(routes)) {
      for (const route of list) {
        if (!route.path.startsWith(`${API_PREFIX}/`) || GATEWAY_OWN.has(route.path)) continue;
        const owner = routeMatcher.match(route.path.replace(/:[^/]+/g, 'p1').replace(/\*/g, 'x'))?.service;
        if (!servedBy(owner, route)) misrouted.push(`${route.method} ${route.path} (${service}) -> ${owner ?? 'no service'}`);
      }
    }
    expect(misrouted).toEqual([]);
  });
});
