/**
 * What the admin's shop screens need from the shop (issue 14), against real PostgreSQL and NATS with auth: pickup
 * points carry a region of auth's directory (checked over `auth.provinces.get`; a missing one is refused in the
 * reader's language and nothing is written), the public list filters by it, and staff's claimed products name the
 * winners and filter by product and source.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startShop } from '@olymp/shop';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';

describe('shop pickup regions and claimed products for staff', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let shop: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('shop');
  let admin = '';
  let student = '';
  let abai: { id: number; name_en: string };
  let almaty: { id: number };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    student = `Bearer ${await testToken({ roleId: ROLE.student, userId: randomUUID() })}`;
    const provinces = `"${ns.schemaOf('auth')}".provinces`;
    abai = (await pg.query(`SELECT id, name_en FROM ${provinces} WHERE code = 'abai'`)).rows[0];
    almaty = (await pg.query(`SELECT id FROM ${provinces} WHERE code = 'almaty'`)).rows[0];
  });

  afterAll(async () => {
    await pg?.end();
    await shop?.close();
    await auth?.close();
    await ns.cleanup();
  });

  type Method = 'get' | 'post' | 'put';
  const call = (method: Method, path: string, who?: string, locale = 'en') => {
    const r = request(shop.url)[method](path).set('x-locale', locale);
    return who ? r.set('authorization', who) : r;
  };
  const point = (name: string, provinceId: number | null) => ({
    nameKk: `${name} kk`, nameRu: `${name} ru`, nameEn: name, addressKk: 'Абай 1', addressRu: 'Абая 1', addressEn: '1 Abai', hours: '10-19', provinceId,
  });
  const count = async () => (await pg.query(`SELECT count(*)::int AS n FROM "${schema}".pickup_points`)).rows[0].n as number;

  it('a pickup point takes a region of the directory, and the public list filters by it', async () => {
    const semey = await call('post', '/api/pickup-points', admin).send(point('Semey centre', abai.id));
    expect(semey.status).toBe(201);
    expect(semey.body).toMatchObject({ provinceId: abai.id, active: true });
    const city = await call('post', '/api/pickup-points', admin).send(point('Almaty centre', almaty.id)).expect(201);
    await call('post', '/api/pickup-points', admin).send(point('Nowhere centre', null)).expect(201);

    const inAbai = await call('get', `/api/shop/pickup-points?provinceId=${abai.id}`).expect(200);
    expect(inAbai.body.data).toEqual([expect.objectContaining({ id: semey.body.id, provinceId: abai.id, name: { kk: 'Semey centre kk', ru: 'Semey centre ru', en: 'Semey centre' } })]);
    expect((await call('get', '/api/shop/pickup-points').expect(200)).body.data).toHaveLength(3);
    // An inactive point is not offered in its region.
    await call('post', `/api/pickup-points/${city.body.id}/toggle-active`, admin).expect(200);
    expect((await call('get', `/api/shop/pickup-points?provinceId=${almaty.id}`).expect(200)).body.data).toEqual([]);
    // Staff's list filters by region too (the admin's region filter).
    const staffList = await call('get', `/api/pickup-points?filter=provinceId||$eq||${almaty.id}&page=1&limit=10`, admin).expect(200);
    expect(staffList.body.data.map((p: { id: string; active: boolean }) => [p.id, p.active])).toEqual([[city.body.id, false]]);

    // Moving a point to another region is checked the same way.
    const moved = await call('put', `/api/pickup-points/${semey.body.id}`, admin).send({ provinceId: almaty.id });
    expect([moved.status, moved.body.provinceId]).toEqual([200, almaty.id]);
  });

  it('refuses a region that does not exist, in the reader\'s language, and writes nothing', async () => {
    const missing = 2_000_000_000;
    const before = await count();
    const messages: Record<string, string> = {};
    for (const locale of ['kk', 'ru', 'en']) {
      const res = await call('post', '/api/pickup-points', admin, locale).send(point('Ghost', missing));
      expect([res.status, res.body.code]).toEqual([400, 'PICKUP_PROVINCE_NOT_FOUND']);
      messages[locale] = res.body.message;
    }
    expect(messages.en).toBe(`There is no region with the id ${missing}. Choose the region from the list.`);
    expect(messages.ru).toBe(`Региона с идентификатором ${missing} нет. Выберите регион из списка.`);
    expect(messages.kk).toBe(`${missing} идентификаторы бар өңір жоқ. Өңірді тізімнен таңдаңыз.`);
    expect(await count()).toBe(before);

    const row = await call('post', '/api/pickup-points', admin).send(point('Kept', abai.id)).expect(201);
    const update = await call('put', `/api/pickup-points/${row.body.id}`, admin, 'ru').send({ provinceId: missing, nameEn: 'Changed' });
    expect([update.status, update.body.code]).toEqual([400, 'PICKUP_PROVINCE_NOT_FOUND']);
    expect((await pg.query(`SELECT province_id, name_en FROM "${schema}".pickup_points WHERE id = $1`, [row.body.id])).rows[0]).toEqual({ province_id: abai.id, name_en: 'Kept' });

    // Access and shape: no token 401, a pupil 403, a malformed region 400, an unknown point 404; nothing changes.
    expect((await call('post', '/api/pickup-points').send(point('Anon', abai.id))).status).toBe(401);
    expect((await call('post', '/api/pickup-points', student).send(point('Pupil', abai.id))).status).toBe(403);
    const malformed = await call('get', '/api/shop/pickup-points?provinceId=abc', undefined, 'kk');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    expect((await call('put', `/api/pickup-points/${randomUUID()}`, admin).send({ provinceId: abai.id })).status).toBe(404);
    expect(await count()).toBe(before + 1);
  });

  it('claimed products name the winner as staff see pupils and filter by product, source and state', async () => {
    const winner = randomUUID();
    await auth.app.get(DataSource).query('INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, $3, $4, $5, $6)', [
      winner, `+7702${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`, 'Айгерим', 'Серікқызы', ROLE.student, 7,
    ]);
    const product = async (nameEn: string) =>
      (await call('post', '/api/products', admin).send({ nameKk: `${nameEn} kk`, nameRu: `${nameEn} ru`, nameEn, priceZp: 10, stock: 5 }).expect(201)).body.id as string;
    const tshirt = await product('T-shirt');
    const book = await product('Book');
    await call('post', '/api/prizes', admin).send({ userId: winner, productId: tshirt, source: 'challenge', note: '1st place' }).expect(201);
    await call('post', '/api/prizes', admin).send({ userId: winner, productId: book, source: 'staff' }).expect(201);
    const gone = randomUUID(); // a winner auth does not know (any more)
    await call('post', '/api/prizes', admin).send({ userId: gone, productId: book, source: 'treasure' }).expect(201);

    const all = await call('get', `/api/claimed-products?userId=${winner}`, admin).expect(200);
    expect(all.body.total).toBe(2);
    expect(all.body.data[0].winner).toEqual({ firstName: 'Айгерим', lastName: 'Серікқызы', grade: 7, school: null });
    const byProduct = await call('get', `/api/claimed-products?productId=${tshirt}`, admin).expect(200);
    expect(byProduct.body.data).toEqual([expect.objectContaining({ userId: winner, source: 'challenge', note: '1st place', orderStatus: null, product: expect.objectContaining({ id: tshirt }) })]);
    const bySource = await call('get', '/api/claimed-products?source=treasure', admin).expect(200);
    expect(bySource.body.data).toEqual([expect.objectContaining({ userId: gone, winner: null })]);
    expect((await call('get', `/api/claimed-products?productId=${book}&claimed=true`, admin).expect(200)).body.total).toBe(0);

    const bad = await call('get', '/api/claimed-products?source=lottery', admin, 'ru');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[а-я]/i);
    expect((await call('get', '/api/claimed-products')).status).toBe(401);
    expect((await call('get', '/api/claimed-products', student)).status).toBe(403);
  });
});
