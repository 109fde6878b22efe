/** GET /api/docs-json through the gateway: the services' OpenAPI documents merged into one for the admin UI. */
import request from 'supertest';
import type { RunningGateway } from '../src/app';
import { mergeDocuments } from '../src/docs';
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
