/** The demo shop (SEED_DEMO): seeded once by fixed ids, searchable in Kazakh, and a restart changes nothing staff did. */
import request from 'supertest';
import { Client } from 'pg';
import { startAuth } from '@olymp/auth';
import { demoShopId, startShop } from '@olymp/shop';
import { ROLE } from '@olymp/proto';
import { type RunningService, stableUuid } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

describe('shop demo seed', () => {
  const ns = createTestNamespace();
  let shop: RunningService | undefined;
  let auth: RunningService | undefined; // the guard asks auth for a role's permissions
  let pg: Client;

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await shop?.close();
    await auth?.close();
    await pg?.end();
    await ns.cleanup();
  });

  it('seeds products in three languages and a pickup point per demo province, once', async () => {
    shop = await startShop(ns.envFor('shop', { SEED_DEMO: 'true' }));
    const list = await request(shop.url).get('/api/shop/products?q=есептер').expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: demoShopId('product', 'maths-problems'), prices: { tenge: 3500, zp: 1200, altynSaqa: null } })]);
    expect((await request(shop.url).get('/api/shop/products?inStock=true').expect(200)).body.total).toBe(4);
    const altynSaqa = await request(shop.url).get('/api/shop/products?currency=altyn_saqa').expect(200);
    expect(altynSaqa.body.data.map((p: { name: { kk: string } }) => p.name.kk)).toEqual(['Олимпиада футболкасы']);
    // One prize to claim, Aigerim's (+77000000105: auth's demo id rule), as a zero-price order at a pickup point.
    const aigerim = stableUuid('olymp-demo:+77000000105');
    const token = `Bearer ${await testToken({ roleId: ROLE.student, userId: aigerim })}`;
    const prizes = (await request(shop.url).get('/api/my-prizes').set('authorization', token).expect(200)).body.data;
    expect(prizes).toEqual([expect.objectContaining({ id: demoShopId('prize', 'aigerim-tshirt'), orderId: null, source: 'challenge' })]);
    const claim = await request(shop.url).post(`/api/my-prizes/${prizes[0].id}/claim`).set('authorization', token)
      .send({ fulfilment: { method: 'pickup', pickupPointId: demoShopId('pickup-point', 'almaty') } });
    expect(claim.status).toBe(201);
    expect(claim.body.data).toMatchObject({ kind: 'prize', status: 'paid', total: 0 });
    // A pickup point per demo province: the three cities and the centre of each of the 17 regions, named in kk/ru/en.
    const points = (await request(shop.url).get('/api/shop/pickup-points').expect(200)).body.data as { name: { kk: string; ru: string; en: string }; address: { kk: string }; provinceId: number | null }[];
    expect(points).toHaveLength(20);
    expect(points.map((p) => p.name.en)).toEqual(expect.arrayContaining(['Almaty pickup point', 'Astana pickup point', 'Shymkent pickup point', 'Semey olympiad centre', 'Oskemen olympiad centre']));
    expect(points.every((p) => p.name.kk && p.name.ru && p.name.en && p.name.kk !== p.name.en)).toBe(true);
    expect(points.find((p) => p.name.en === 'Taraz olympiad centre')?.address.kk).toMatch(/^Жамбыл облысы, Тараз/);
    // Each is placed in its province of auth's directory (by code), so checkout can offer a pupil their region's.
    const provinces = (await pg.query(`SELECT id, code FROM "${ns.schemaOf('auth')}".provinces`)).rows as { id: number; code: string }[];
    expect(new Set(points.map((p) => p.provinceId))).toEqual(new Set(provinces.map((p) => p.id)));
    const abai = provinces.find((p) => p.code === 'abai')!;
    expect((await request(shop.url).get(`/api/shop/pickup-points?provinceId=${abai.id}`).expect(200)).body.data.map((p: { name: { en: string } }) => p.name.en)).toEqual(['Semey olympiad centre']);
    const schema = ns.schemaOf('shop');
    await pg.query(`UPDATE "${schema}".products SET stock = 7 WHERE id = $1`, [demoShopId('product', 'kazakh-primer')]);
    await shop.close();
    shop = await startShop(ns.envFor('shop', { SEED_DEMO: 'true' }));
    const counts = await pg.query(`SELECT (SELECT count(*) FROM "${schema}".products)::int AS p, (SELECT count(*) FROM "${schema}".pickup_points)::int AS pp`);
    expect(counts.rows[0]).toEqual({ p: 5, pp: 20 });
    // The claimed prize stays claimed across a restart.
    expect((await pg.query(`SELECT order_id FROM "${schema}".prizes WHERE id = $1`, [demoShopId('prize', 'aigerim-tshirt')])).rows[0].order_id).toEqual(expect.any(String));
    expect((await pg.query(`SELECT stock FROM "${schema}".products WHERE id = $1`, [demoShopId('product', 'kazakh-primer')])).rows[0].stock).toBe(7);
  });
});

describe('shop demo seed started before auth', () => {
  const ns = createTestNamespace();
  const started: RunningService[] = [];

  afterAll(async () => {
    for (const s of started.reverse()) await s.close();
    await ns.cleanup();
  });

  it('places the demo pickup points in their regions once auth answers (npm start starts the services side by side)', async () => {
    started.push(await startShop(ns.envFor('shop', { SEED_DEMO: 'true' })));
    const pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    try {
      const unplaced = async () =>
        ((await pg.query(`SELECT count(*)::int AS n FROM "${ns.schemaOf('shop')}".pickup_points WHERE province_id IS NULL`)).rows[0] as { n: number }).n;
      expect(await unplaced()).toBe(20);
      started.push(await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' })));
      await waitFor(async () => (await unplaced()) === 0, { what: 'every demo pickup point in its region', timeoutMs: 30_000 });
    } finally {
      await pg.end();
    }
  }, 90_000);
});
