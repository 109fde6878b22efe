/**
 * The kit's reply serializer (http/json-once.ts): a reply holding rows serialized once is byte for byte what
 * JSON.stringify makes of it, through a real service's Fastify.
 */
import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { type RunningService, Public, createService, jsonOnce, serializeReply } from '@olymp/server-kit';
import { createTestNamespace, NoPermissions } from '@olymp/server-kit/testing';

const rows = jsonOnce([{ rank: 1, name: 'Айгерім С.', note: 'a "quoted" \u2028 line', gone: undefined }, { rank: 2, name: 'Нұрлан А.', nested: { a: [1, null] } }]);

describe('serializeReply', () => {
  it('makes what JSON.stringify makes, with marked rows at the top level or not, and fields without JSON left out', () => {
    const replies: unknown[] = [
      { viewer: 'member', data: rows, me: { rank: 7 }, total: 2, skipped: undefined, fn: () => 1 },
      { data: rows },
      { nested: { data: rows } },
      { data: [...rows] },
      rows,
      { toJSON: () => ({ data: rows }) },
      'text', 3, null, [1, 2],
      { 10: 'integer keys first', b: rows, 2: 'two' },
    ];
    for (const reply of replies) expect(serializeReply(reply)).toBe(JSON.stringify(reply));
  });

  it('keeps the JSON made at marking: the rows are not serialized again', () => {
    const marked = jsonOnce([{ n: 1 }]);
    marked[0]!.n = 2;
    expect(serializeReply({ data: marked })).toBe('{"data":[{"n":1}]}');
  });
});

@Controller('rows')
class RowsController {
  @Get()
  @Public()
  list() {
    return { viewer: 'public', data: rows, me: null, total: 2 };
  }

  @Get('kept')
  @Public()
  kept() {
    return { data: changedAfterMarking };
  }
}

/** Changed after it was marked (which callers must not do): the reply shows the JSON kept at marking. */
const changedAfterMarking = jsonOnce([{ n: 1 }]);
changedAfterMarking[0]!.n = 2;

@Module({ controllers: [RowsController] })
class RowsModule {}

describe('a service replying with rows serialized once', () => {
  const ns = createTestNamespace();
  let app: RunningService;
  beforeAll(async () => {
    app = await createService({ service: 'learning', imports: [RowsModule], entities: [], migrations: [], permissionSource: NoPermissions }, ns.envFor('learning'));
  });
  afterAll(async () => {
    await app?.close();
    await ns.cleanup();
  });

  it('sends the same bytes as JSON.stringify, as JSON', async () => {
    const res = await request(app.url).get('/api/rows');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.text).toBe(JSON.stringify({ viewer: 'public', data: rows, me: null, total: 2 }));
  });

  it('serializes replies with the kit\'s serializer: marked rows are written from the JSON kept at marking', async () => {
    const res = await request(app.url).get('/api/rows/kept');
    expect(res.text).toBe('{"data":[{"n":1}]}');
  });
});
