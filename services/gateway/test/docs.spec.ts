/** GET /api/docs-json through the gateway: the services' OpenAPI documents merged into one for the admin UI. */
import request from 'supertest';
import type { RunningGateway } from '../src/app';
import { CombinedDocs, DOCS_REUSE_MS, mergeDocuments } from '../src/docs';
import { UPSTREAM_SERVICES } from '../src/routes';
import { closeFakes, start, startFakes, upstreamEnv, type Fakes } from './helpers';

const doc = (paths: Record<string, Record<string, unknown>>, schemas: Record<string, unknown>) => ({
  openapi: '3.0.3',
  paths,
  tags: Object.keys(paths).map((p) => ({ name: p.split('/')[2] })),
  components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
});

describe('combined OpenAPI document', () => {
  let fakes: Fakes;
  let gw: RunningGateway;

  beforeAll(async () => {
    fakes = await startFakes();
    const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    fakes.auth.handlers.set('/api/docs-json', json(doc(
      { '/api/provinces': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Province' } } } } } } } },
      { Province: { type: 'object', properties: { id: { type: 'integer' } } }, AuditEntry: { type: 'object', properties: { a: {} } } },
    )));
    fakes.learning.handlers.set('/api/docs-json', json(doc(
      { '/api/quizzes': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/AuditEntry' } } } } } } } },
      { Quiz: { type: 'object' }, AuditEntry: { type: 'object', properties: { b: {} } } },
    )));
    gw = await start(upstreamEnv(fakes));
  });

  afterAll(async () => {
    await gw?.close();
    await closeFakes(fakes);
  });

  it('merges the services that publish one, names their owner and the ones that do not', async () => {
    const res = await request(gw.url).get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths).sort()).toEqual(['/api/provinces', '/api/quizzes']);
    expect(res.body.paths['/api/provinces']['x-service']).toBe('auth');
    expect(res.body.paths['/api/quizzes']['x-service']).toBe('learning');
    // shop, finance and notifications fakes answer something that is not a document.
    expect(res.body['x-unavailable']).toEqual(['shop', 'finance', 'notifications']);
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(['provinces', 'quizzes']);
  });

  it('asks the services again for each request while one of them publishes nothing', async () => {
    const asked = () => fakes.learning.seen.filter((s) => s.url === '/api/docs-json').length;
    const before = asked();
    await request(gw.url).get('/api/docs-json').expect(200);
    await request(gw.url).get('/api/docs-json').expect(200);
    expect(asked()).toBe(before + 2);
  });

  it('answers 304 without a body to a caller holding the current document, and compresses what it sends', async () => {
    const first = await fetch(`${gw.url}/api/docs-json`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(Object.keys(((await first.json()) as { paths: object }).paths)).toContain('/api/quizzes');
    const gzipped = await fetch(`${gw.url}/api/docs-json`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(((await gzipped.json()) as { paths: object }).paths).toHaveProperty('/api/provinces');
    const again = await fetch(`${gw.url}/api/docs-json`, { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await fetch(`${gw.url}/api/docs-json`, { headers: { 'if-none-match': '"other"', 'accept-encoding': 'identity' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-encoding')).toBeNull();
  });

  it('keeps two different schemas of one name apart and rewrites the later service references', async () => {
    const res = await request(gw.url).get('/api/docs-json');
    expect(res.body.components.schemas.AuditEntry).toEqual({ type: 'object', properties: { a: {} } });
    expect(res.body.components.schemas.LearningAuditEntry).toEqual({ type: 'object', properties: { b: {} } });
    expect(res.body.paths['/api/quizzes'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/LearningAuditEntry');
  });

  it('shares a schema that two services publish identically', () => {
    const same = { type: 'object', properties: { x: {} } };
    const merged = mergeDocuments([
      { service: 'auth', document: doc({ '/api/a': {} }, { ErrorBody: same }) },
      { service: 'learning', document: doc({ '/api/b': {} }, { ErrorBody: same }) },
    ]);
    expect(Object.keys(merged.components.schemas)).toEqual(['ErrorBody']);
    expect(merged['x-unavailable']).toEqual([]);
  });

  it('keeps a path only from the service the route table sends it to', () => {
    // Every service publishes the kit's routes (its own docs-json, uploads): only the owner's reach clients.
    const custom = { get: { 'x-custom': true } };
    const merged = mergeDocuments([
      { service: 'auth', document: doc({ '/api/docs-json': custom, '/api/upload': custom, '/api/profile': custom }, {}) },
      { service: 'learning', document: doc({ '/api/docs-json': custom, '/api/upload': custom, '/api/users/{user}/quizzes/{quiz}': custom }, {}) },
    ]);
    expect(Object.keys(merged.paths).sort()).toEqual(['/api/profile', '/api/upload', '/api/users/{user}/quizzes/{quiz}']);
    expect(merged.paths['/api/upload']['x-service']).toBe('learning');
  });
});

describe('combined OpenAPI document when every service publishes one', () => {
  let fakes: Fakes;
  let gw: RunningGateway;
  const asked = () => UPSTREAM_SERVICES.map((s) => fakes[s].seen.filter((r) => r.url === '/api/docs-json').length);

  beforeAll(async () => {
    fakes = await startFakes();
    for (const service of UPSTREAM_SERVICES) {
      fakes[service].handlers.set('/api/docs-json', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc({}, {})));
      });
    }
    gw = await start(upstreamEnv(fakes));
  });

  afterAll(async () => {
    await gw?.close();
    await closeFakes(fakes);
  });

  it('is built once for requests at once and reused while it is fresh', async () => {
    const before = asked();
    const answers = await Promise.all([1, 2, 3].map(() => request(gw.url).get('/api/docs-json')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0].body['x-unavailable']).toEqual([]);
    await request(gw.url).get('/api/docs-json').expect(200);
    expect(asked()).toEqual(before.map((n) => n + 1));
  });

  it('asks the services again once it is older than DOCS_REUSE_MS', async () => {
    let now = 1_000_000;
    const docs = new CombinedDocs({ upstreams: Object.fromEntries(UPSTREAM_SERVICES.map((s) => [s, fakes[s].url])) as never, UPSTREAM_TIMEOUT_MS: 5_000 }, () => now);
    const before = asked();
    const first = await docs.body();
    now += DOCS_REUSE_MS - 1;
    expect(await docs.body()).toBe(first);
    expect(asked()).toEqual(before.map((n) => n + 1));
    now += 1;
    await docs.body();
    expect(asked()).toEqual(before.map((n) => n + 2));
  });
});
