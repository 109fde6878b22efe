/**
 * Prizes granted by learning's events, against real PostgreSQL and NATS (auth and the shop): staff's prize rules
 * (access checklist, a localized 400 for a treasure rule without a treasure id); `treasure.claimed`,
 * `achievement.earned` for a finished challenge and for an achievement code each make the matching active rule's
 * prize claimable, once: the same event redelivered under another message id, and again after the claim, changes
 * nothing; events no rule matches, and an inactive rule, grant nothing. The claim is the usual zero-price order, once.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { startAuth } from '@olymp/auth';
import { startShop } from '@olymp/shop';
import { ROLE, type EventPayload, type EventSubject } from '@olymp/proto';
import { NatsService, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('shop: prizes granted by treasures, challenges and achievements', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let shop: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('shop');
  let admin = '';
  let point = '';

  const call = (method: 'get' | 'post' | 'put', path: string, who?: string, locale = 'en') => {
    const r = request(shop.url)[method](path).set('x-locale', locale);
    return who ? r.set('authorization', who) : r;
  };
  const consumed = async () => Number((await pg.query(`SELECT count(*) AS n FROM "${schema}".inbox`)).rows[0].n);
  /** Publishes an event as learning would (v1), under a fresh message id, and waits until the shop consumed it. */
  async function publish<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    const before = await consumed();
    const nats = shop.app.get(NatsService);
    const h = natsHeaders();
    h.set('x-event-version', '1');
    await nats.js.publish(nats.subject(subject), JSON.stringify(payload), { msgID: randomUUID(), headers: h });
    await waitFor(async () => (await consumed()) > before, { what: `${subject} consumed` });
  }
  const product = async (nameEn: string) =>
    (await call('post', '/api/products', admin).send({ nameKk: nameEn, nameRu: nameEn, nameEn, priceZp: 100, stock: 5 }).expect(201)).body.id as string;
  const rule = async (body: Record<string, unknown>) => (await call('post', '/api/prize-rules', admin).send(body).expect(201)).body as { id: string };
  const pupil = async () => {
    const id = randomUUID();
    return { id, token: `Bearer ${await testToken({ roleId: ROLE.student, userId: id })}` };
  };
  const prizesOf = async (who: { token: string }) =>
    (await call('get', '/api/my-prizes', who.token).expect(200)).body.data as { id: string; source: string; note: string; orderId: string | null; product: { id: string } }[];
  const treasureClaimed = (userId: string, treasureId: string): EventPayload<'treasure.claimed'> => ({
    claimId: randomUUID(), userId, treasureId, context: { kind: 'challenge', challengeId: randomUUID() }, reward: { xp: 0, zp: 5, altynSaqa: 0 }, claimedAt: new Date().toISOString(),
  });
  const achievementEarned = (userId: string, code: string, challengeId: string | null): EventPayload<'achievement.earned'> => ({
    achievementId: randomUUID(), userId, challengeId, code, title: { kk: 'Мәреге жетті', ru: 'Финишёр', en: 'Finisher' }, earnedAt: new Date().toISOString(),
  });

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    point = (
      await call('post', '/api/pickup-points', admin).send({
        nameKk: 'Семей пункті', nameRu: 'Пункт Семей', nameEn: 'Semey point', addressKk: 'Абай 1', addressRu: 'Абая 1', addressEn: 'Abai 1', hours: '10-19',
      }).expect(201)
    ).body.id as string;
  });

  afterAll(async () => {
    await pg?.end();
    await shop?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('keeps prize rules behind shop:prize_manage, with localized errors', async () => {
    const p = await product('Rule product');
    await call('get', '/api/prize-rules').expect(401);
    const student = `Bearer ${await testToken({ roleId: ROLE.student })}`;
    await call('get', '/api/prize-rules', student).expect(403);
    await call('post', '/api/prize-rules', student).send({ source: 'achievement', match: 'x', productId: p }).expect(403);
    const bad = await call('post', '/api/prize-rules', admin, 'kk').send({ source: 'treasure', match: 'not-a-uuid', productId: p });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['match']);
    const plain = await call('post', '/api/prize-rules', admin, 'kk').send({ source: 'treasure', match: randomUUID(), productId: 'not-a-uuid' });
    // The same words as for any malformed uuid field (here productId), in Kazakh.
    expect(bad.body.errors.match).toBe(plain.body.errors.productId);
    expect((await call('post', '/api/prize-rules', admin, 'ru').send({ source: 'staff', match: 'x', productId: p })).status).toBe(400);
    const unknownProduct = (await call('post', '/api/prize-rules', admin).send({ source: 'achievement', match: 'x', productId: randomUUID() })).status;
    expect(unknownProduct >= 400 && unknownProduct < 500).toBe(true);
    const made = await rule({ source: 'achievement', match: 'olympiad-winner', productId: p, note: 'Winner' });
    // What a rule matches is fixed; what it grants and whether it is on can change.
    expect((await call('put', `/api/prize-rules/${made.id}`, admin).send({ match: 'other' })).status).toBe(400);
    expect((await call('put', `/api/prize-rules/${made.id}`, admin).send({ active: false }).expect(200)).body).toMatchObject({ active: false });
    await call('put', `/api/prize-rules/${randomUUID()}`, admin).send({ active: true }).expect(404);
    const list = (await call('get', '/api/prize-rules', admin).expect(200)).body;
    expect((Array.isArray(list) ? list : list.data).map((r: { id: string }) => r.id)).toContain(made.id);
  });

  it('a claimed treasure makes its prize claimable once; a redelivery, before and after the claim, changes nothing', async () => {
    const p = await product('Treasure prize');
    const treasureId = randomUUID();
    const r = await rule({ source: 'treasure', match: treasureId, productId: p, note: 'Қазына / Treasure' });
    const me = await pupil();
    const other = await pupil();
    const event = treasureClaimed(me.id, treasureId);
    await publish('treasure.claimed', event);
    const prizes = await prizesOf(me);
    expect(prizes).toEqual([expect.objectContaining({ source: 'treasure', note: 'Қазына / Treasure', orderId: null, product: expect.objectContaining({ id: p }) })]);
    expect(await prizesOf(other)).toEqual([]);
    // The same fact again under another message id (a producer's republish): still one prize.
    await publish('treasure.claimed', event);
    expect(await prizesOf(me)).toHaveLength(1);
    // Claimed through the usual flow: a zero-price paid order at a pickup point, once.
    const claim = await call('post', `/api/my-prizes/${prizes[0]!.id}/claim`, me.token).send({ fulfilment: { method: 'pickup', pickupPointId: point } }).expect(201);
    expect(claim.body.data).toMatchObject({ kind: 'prize', status: 'paid', total: 0, lines: [expect.objectContaining({ productId: p, quantity: 1 })] });
    const again = await call('post', `/api/my-prizes/${prizes[0]!.id}/claim`, me.token, 'kk').send({ fulfilment: { method: 'pickup', pickupPointId: point } });
    expect([again.status, again.body.code]).toEqual([409, 'PRIZE_ALREADY_CLAIMED']);
    // Redelivered after the claim, and a second claim of the same treasure: the claimed prize stays the only one.
    await publish('treasure.claimed', event);
    await publish('treasure.claimed', treasureClaimed(me.id, treasureId));
    expect(await prizesOf(me)).toEqual([expect.objectContaining({ id: prizes[0]!.id, orderId: claim.body.data.id })]);
    const rows = await pg.query(`SELECT count(*)::int AS n FROM "${schema}".orders WHERE user_id = $1`, [me.id]);
    expect(rows.rows[0].n).toBe(1);
    expect((await pg.query(`SELECT stock, sold FROM "${schema}".products WHERE id = $1`, [p])).rows[0]).toEqual({ stock: 4, sold: 1 });
    // Another treasure grants nothing; neither does the rule once switched off.
    const late = await pupil();
    await publish('treasure.claimed', treasureClaimed(late.id, randomUUID()));
    await call('put', `/api/prize-rules/${r.id}`, admin).send({ active: false }).expect(200);
    await publish('treasure.claimed', treasureClaimed(late.id, treasureId));
    expect(await prizesOf(late)).toEqual([]);
  });

  it('a finished challenge and an achievement code each grant their rule’s prize once', async () => {
    const shirt = await product('Challenge T-shirt');
    const badge = await product('Winner badge');
    const challengeId = randomUUID();
    await rule({ source: 'challenge', match: challengeId, productId: shirt, note: 'Challenge finisher' });
    await rule({ source: 'achievement', match: 'first-place', productId: badge, note: '1st place' });
    const me = await pupil();
    const finished = achievementEarned(me.id, 'finisher', challengeId);
    await publish('achievement.earned', finished);
    await publish('achievement.earned', finished);
    expect((await prizesOf(me)).map((x) => [x.source, x.product.id])).toEqual([['challenge', shirt]]);
    // The 'first-place' achievement in that challenge: the badge, and the challenge's shirt stays one.
    await publish('achievement.earned', achievementEarned(me.id, 'first-place', challengeId));
    const both = await prizesOf(me);
    expect(both.map((x) => [x.source, x.product.id]).sort()).toEqual([['achievement', badge], ['challenge', shirt]].sort());
    // An achievement of another challenge with another code: nothing.
    const other = await pupil();
    await publish('achievement.earned', achievementEarned(other.id, 'finisher', randomUUID()));
    expect(await prizesOf(other)).toEqual([]);
  });
});
