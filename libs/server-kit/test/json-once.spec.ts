/**
 * The kit's reply serializer (http/json-once.ts): a reply holding rows serialized once is byte for byte what
 * JSON.stringify makes of it, through a real service's Fastify.
 */
import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { type RunningService, Public, SharedJson, createService, jsonOnce, serializeReply, serializeReplyParts } from '@olymp/server-kit';
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

  it('as parts, names marked rows by their index in the shared texts, and the parts joined are serializeReply', () => {
    const shared = new SharedJson();
    const other = jsonOnce([{ rank: 3 }]);
    const replies: unknown[] = [
      { viewer: 'member', data: rows, me: { rank: 7 }, total: 2, skipped: undefined, fn: () => 1 },
      { skipped: undefined, data: rows },
      { data: other, more: rows, last: 1 },
      { nested: { data: rows } }, rows, { toJSON: () => ({ data: rows }) }, 'text', 3, null, [1, 2], {},
      { 10: 'integer keys first', b: rows, 2: 'two' },
    ];
    const joined = (parts: (string | number)[]) => parts.map((p) => (typeof p === 'number' ? shared.texts[p]!.toString() : p)).join('');
    const all = replies.map((r) => serializeReplyParts(r, shared));
    all.forEach((parts, i) => expect(joined(parts)).toBe(serializeReply(replies[i])));
    // Each marked array is kept once, however many replies carry it.
    expect(shared.texts.map(String)).toEqual([JSON.stringify(rows), JSON.stringify(other)]);
    // ... and encoded once: another coalesced reply holds the same bytes.
    const again = new SharedJson();
    serializeReplyParts({ data: rows }, again);
    expect(again.texts[0]).toBe(shared.texts[0]);
    expect(all[0]).toEqual(['{"viewer":"member","data":', 0, ',"me":{"rank":7},"total":2}']);
    expect(all[2]).toEqual(['{"data":', 1, ',"more":', 0, ',"last":1}']);
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
