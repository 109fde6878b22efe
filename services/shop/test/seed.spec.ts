/** The demo shop (SEED_DEMO): seeded once by fixed ids, searchable in Kazakh, and a restart changes nothing staff did. */
import request from 'supertest';
import { Client } from 'pg';
import { demoShopId, startShop } from '@olymp/shop';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';

describe('shop demo seed', () => {
  const ns = createTestNamespace();
  let shop: RunningService | undefined;
  let pg: Client;

  beforeAll(async () => {
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
  });

  afterAll(async () => {
    await shop?.close();
    await pg?.end();
    await ns.cleanup();
  });

  it('seeds products in three languages and a pickup point per city, once', async () => {
    shop = await startShop(ns.envFor('shop', { SEED_DEMO: 'true' }));
    const list = await request(shop.url).get('/api/shop/products?q=есептер').expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: demoShopId('product', 'maths-problems'), prices: { tenge: 3500, zp: 1200, altynSaqa: null } })]);
    expect((await request(shop.url).get('/api/shop/products?inStock=true').expect(200)).body.total).toBe(3);
    expect((await request(shop.url).get('/api/shop/pickup-points').expect(200)).body.data.map((p: { name: { en: string } }) => p.name.en)).toEqual(
      ['Almaty pickup point', 'Astana pickup point', 'Shymkent pickup point'],
    );
    const schema = ns.schemaOf('shop');
    await pg.query(`UPDATE "${schema}".products SET stock = 7 WHERE id = $1`, [demoShopId('product', 'kazakh-primer')]);
    await shop.close();
    shop = await startShop(ns.envFor('shop', { SEED_DEMO: 'true' }));
    const counts = await pg.query(`SELECT (SELECT count(*) FROM "${schema}".products)::int AS p, (SELECT count(*) FROM "${schema}".pickup_points)::int AS pp`);
    expect(counts.rows[0]).toEqual({ p: 4, pp: 3 });
    expect((await pg.query(`SELECT stock FROM "${schema}".products WHERE id = $1`, [demoShopId('product', 'kazakh-primer')])).rows[0].stock).toBe(7);
  });
});
