/**
 * The fuzz pass: every service behind the gateway, and for every HTTP route the Nest apps registered (read from
 * the running apps, not a list), generated bad input — odd JSON bodies (wrong types, deep nesting, huge strings,
 * NUL and lone surrogates, arrays where numbers go, unknown fields), random query strings and path parameters,
 * unusual content types — without a token and with an admin token. No answer may be a 5xx.
 *
 * Seeded (FUZZ_SEED overrides the seed, FUZZ_RUNS the cases per route; each case is with or without the token), so
 * a failure replays: the message names the route, the request, the answer and the seed.
 */
import http from 'node:http';
import fc from 'fast-check';
import qs from 'qs';
import { DiscoveryService } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { startShop } from '@olymp/shop';
import { startFinance } from '@olymp/finance';
import { startNotifications } from '@olymp/notifications';
import { startGateway, type RunningGateway } from '@olymp/gateway';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { gatewayEnv } from './helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

const starters = { auth: startAuth, learning: startLearning, shop: startShop, finance: startFinance, notifications: startNotifications };

interface Route {
  service: string;
  method: string;
  /** Nest's path with `:param` placeholders, e.g. /api/users/:user/quizzes/:quiz */
  path: string;
}

interface Case {
  admin: boolean;
  params: string[];
  query: string;
  contentType: string | null;
  body: string | null;
}

interface Answer {
  status: number;
  body: string;
}

/** Every HTTP route of a running Nest app: controller path + handler path, under the global prefix. */
function routesOf(service: string, app: RunningService['app']): Route[] {
  const routes: Route[] = [];
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const ctrl = wrapper.metatype as (new (...a: never[]) => unknown) | undefined;
    if (!ctrl) continue;
    const base = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, ctrl) as string | string[] | undefined) ?? '');
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const handler = proto[key];
      if (key === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const paths = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined) ?? '');
      for (const b of base) {
        for (const p of paths) {
          const joined = ['', ...[b, p].flatMap((s) => s.split('/')).filter(Boolean)].join('/');
          const health = joined.startsWith('/health');
          const verbs = method === RequestMethod.ALL ? ['GET', 'POST'] : [RequestMethod[method]];
          for (const verb of verbs) routes.push({ service, method: verb, path: health ? joined : `/api${joined}` });
        }
      }
    }
  }
  return routes;
}

const KEYS = [
  'id', 'name', 'nameKk', 'nameRu', 'nameEn', 'title', 'text', 'answer', 'answers', 'attemptId', 'questionId', 'quizId', 'seq',
  'phone', 'code', 'password', 'grade', 'province', 'district', 'school', 'amountZp', 'amount', 'limit', 'page', 'perPage',
  'filter', 'sort', 's', 'or', 'join', 'fields', 'deviceInfo', 'role', 'roleId', 'permissions', 'status', 'price', 'note',
  'firstName', 'lastName', 'email', 'locale', 'optionId', 'optionIds', 'value', 'items', 'startsAt', 'endsAt', 'userId',
];

const badString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '%00', '', ' ', '0', '-1', '1e309', 'NaN', 'true', 'null',
    '00000000-0000-0000-0000-000000000000', '2026-13-45T99:99:99Z', '../../etc/passwd', "'; DROP TABLE x; --", '{"a":1}',
    'nameRu||$cont||\u0000', '+77000000000', 'ʼ\u202e', '𝒳'.repeat(3)),
  fc.uuid(),
  fc.integer({ min: 1, max: 4 }).map((n) => 'x'.repeat(10 ** n * 3)),
);

const scalar = fc.oneof(
  badString,
  fc.integer(),
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 31, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
);

const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '__proto__', 'constructor')), tie('value'), { maxKeys: 5 }),
}));

/** A body for a route whose required fields are `known`: mostly objects with those fields, some anything at all. */
const bodyArb = (known: string[]) => {
  const keys = known.length ? fc.constantFrom(...known, ...KEYS) : fc.constantFrom(...KEYS);
  const shaped = fc.dictionary(keys, jsonValue, { maxKeys: 6 }).map((o) => JSON.stringify(o));
  const deep = fc.integer({ min: 50, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
  const raw = fc.oneof(
    fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '1', 'true', '{"a":1}{"b":2}', '\u0000', '<a>1</a>', 'a=1&b=2', '{"__proto__":{"x":1}}'),
    fc.string({ maxLength: 40 }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: deep },
    { weight: 2, arbitrary: raw },
  );
};

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16',
    'multipart/form-data; boundary=x', 'multipart/form-data', 'application/octet-stream', 'application/jsonx', '*/*', ';;;') },
  { weight: 1, arbitrary: fc.constant(null) },
);

const paramArb = fc.oneof(
  fc.uuid(),
  fc.constantFrom('not-a-uuid', '1', '0', '-1', 'me', '%00', '%ED%A0%80', '%C0%AE', 'a%2Fb', '..', 'x'.repeat(300), '00000000-0000-0000-0000-000000000000'),
  fc.integer({ min: -5, max: 1_000_000 }).map(String),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

const queryArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), jsonValue, { maxKeys: 4 }).map((o) => qs.stringify(o)) },
  { weight: 3, arbitrary: fc.constantFrom('filter=nameRu||$cont||%00', 'limit=1&limit=2', 'page=1&page=2', 'limit=-1', 'limit=abc', 'limit[]=1',
    'filter[0]=id||$eq||x', 'filter=nope||$eq||1', 'sort=id,SIDEWAYS', 's={"a":', 's=%00', 'join=../x', 'fields=%ED%A0%80', 'filter=id||$in||',
    'or=name||$cont||%ED', 'page=1e309', 'limit=99999999999999999999', 'filter=createdAt||$gt||yesterday', 'filter=nameRu||$cont||%ED%A0%80') },
);

const caseArb = (route: Route, known: string[]): fc.Arbitrary<Case> => {
  const paramCount = (route.path.match(/:[A-Za-z0-9_]+/g) ?? []).length;
  const withBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE';
  return fc.record({
    admin: fc.boolean(),
    params: fc.array(paramArb, { minLength: paramCount, maxLength: paramCount }),
    query: queryArb,
    contentType: withBody ? contentType : fc.constant(null),
    body: withBody ? fc.option(bodyArb(known), { nil: null, freq: 8 }) : fc.constant(null),
  });
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One request on a kept-alive connection. A server may close a connection after refusing a body it did not read
 * (Node then reports the next request on it as a hang-up): such a request is sent once more on a connection of its
 * own, and only a second failure counts.
 */
async function send(base: string, method: string, path: string, headers: Record<string, string>, body: string | null): Promise<Answer> {
  try {
    return await sendOn(agent, base, method, path, headers, body);
  } catch {
    return sendOn(false, base, method, path, headers, body);
  }
}

function sendOn(via: http.Agent | false, base: string, method: string, path: string, headers: Record<string, string>, body: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const payload = body === null ? undefined : Buffer.from(body, 'utf8');
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, agent: via,
        headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 400) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // An answer that never comes is a failure too (reported with the route), not a test that hangs.
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.end(payload);
  });
}

/** JSON.stringify would turn a lone surrogate into an escape too: show the input exactly as sent, readable. */
const show = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && x.length > 120 ? `${x.slice(0, 60)}…(${x.length} chars)` : x));

describe('fuzz: no input gives a 5xx on any route', () => {
  const ns = createTestNamespace();
  const running: Record<string, RunningService> = {};
  let gateway: RunningGateway;
  let routes: Route[] = [];
  let adminToken: string;

  beforeAll(async () => {
    for (const [name, start] of Object.entries(starters)) running[name] = await start(ns.envFor(name as keyof typeof starters));
    gateway = await startGateway(gatewayEnv({
      RATE_LIMIT_MAX: '0',
      AUTH_URL: running.auth.url, LEARNING_URL: running.learning.url, SHOP_URL: running.shop.url,
      FINANCE_URL: running.finance.url, NOTIFICATIONS_URL: running.notifications.url,
    }));
    routes = Object.entries(running).flatMap(([name, s]) => routesOf(name, s.app));
    adminToken = await testToken({ roleId: ROLE.admin });
  }, 180_000);

  afterAll(async () => {
    agent.destroy();
    await gateway?.close();
    for (const s of Object.values(running).reverse()) await s.close();
    await ns.cleanup();
  });

  it('finds the routes of every service', () => {
    process.stdout.write(`fuzz: ${routes.length} routes, ${RUNS} cases each\n`);
    expect(new Set(routes.map((r) => r.service))).toEqual(new Set(Object.keys(starters)));
    expect(routes.length).toBeGreaterThan(50);
  });

  it('answers every generated request to every route below 500', async () => {
    const failures: string[] = [];
    const ask = async (route: Route, c: Case): Promise<void> => {
      let i = 0;
      const path = route.path.replace(/:[A-Za-z0-9_]+/g, () => c.params[i++] ?? 'x');
      const target = c.query ? `${path}?${c.query}` : path;
      const headers: Record<string, string> = {};
      if (c.admin) headers.authorization = `Bearer ${adminToken}`;
      if (c.contentType) headers['content-type'] = c.contentType;
      const res = await send(gateway.url, route.method, target, headers, c.body).catch((err: Error) => ({ status: 599, body: `no answer: ${err.message}` }));
      if (res.status >= 500) {
        failures.push(`${route.service} ${route.method} ${route.path}: ${res.status} for ${route.method} ${target} `
          + `${show({ admin: c.admin, contentType: c.contentType, body: c.body })} -> ${res.body} (FUZZ_SEED=${SEED})`);
      }
    };
    // Fields a route requires, learned from its own 400 for an empty body, so generated bodies get past "required".
    const known = new Map<Route, string[]>();
    for (const route of routes) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const probe = await send(gateway.url, route.method, route.path.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000'),
        { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, '{}');
      const errors = (() => {
        try {
          return (JSON.parse(probe.body) as { errors?: Record<string, string> }).errors ?? {};
        } catch {
          return {};
        }
      })();
      known.set(route, [...new Set(Object.keys(errors).map((k) => k.split('.')[0]))].filter((k) => k !== '(body)'));
    }
    const jobs = routes.map((route, index) => async () => {
      const cases = fc.sample(caseArb(route, known.get(route) ?? []), { seed: SEED + index, numRuns: RUNS });
      for (const c of cases) await ask(route, c);
    });
    // A few routes at a time: enough to use both cores, few enough that nothing sheds load.
    const workers = Array.from({ length: 4 }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job();
    });
    await Promise.all(workers);
    expect(failures.slice(0, 40)).toEqual([]);
    // A guard, not a measure: ~600 routes x 16 cases took 174 s beside other work, and more than 300 s under a load of 13.
  }, 900_000);
});
