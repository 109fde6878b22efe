/**
 * Staff's CSV of the order lists (`GET /api/orders/export`), against real PostgreSQL and NATS with auth, finance and
 * the shop: the access checklist (401, 403, localized 400); the file holds exactly the rows the list pages through
 * for the same filters (1,200 orders, more than two of the export's pages of 500, half of them sharing a creation
 * instant), newest first, with the titles, statuses, methods and currencies in the asked language, pupils and
 * points by name, no uuid, and a product name that a spreadsheet would run as a formula neutralised.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { startShop } from '@olymp/shop';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';

/** RFC 4180, enough for what the service writes: quoted cells with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('shop: CSV of the staff order lists', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let shop: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('shop');
  let admin = '';
  let manager = '';
  let pickupOrderId = '';
  let deliveryOrderId = '';

  const call = (path: string, who?: string, locale = 'en') => {
    const r = request(shop.url).get(path).set('x-locale', locale).buffer(true).parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });
    return who ? r.set('authorization', who) : r;
  };
  const json = (method: 'get' | 'post', path: string, who: string) => request(shop.url)[method](path).set('authorization', who);

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    finance = await startFinance(ns.envFor('finance'));
    shop = await startShop(ns.envFor('shop'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    admin = `Bearer ${await testToken({ roleId: ROLE.admin })}`;
    manager = `Bearer ${await testToken({ roleId: ROLE.manager })}`;

    const pupil = async (firstName: string, lastName: string) => {
      const id = randomUUID();
      await auth.app.get(DataSource).query('INSERT INTO users (id, phone, first_name, last_name, role_id) VALUES ($1, $2, $3, $4, $5)', [
        id, `+7701${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`, firstName, lastName, ROLE.student,
      ]);
      await finance.app.get(DataSource).transaction((m) =>
        finance.app.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: id }, amount: 1000 }] }),
      );
      return { id, token: `Bearer ${await testToken({ roleId: ROLE.student, userId: id })}` };
    };
    const point = (
      await json('post', '/api/pickup-points', admin).send({
        nameKk: 'Шымкент пункті', nameRu: 'Пункт Шымкент', nameEn: 'Shymkent point', addressKk: 'Тәуке хан 5', addressRu: 'Тауке хана 5', addressEn: 'Tauke khan 5', hours: '10-19',
      })
    ).body.id as string;
    const product = (await json('post', '/api/products', admin).send({ nameKk: '=HYPERLINK("x")', nameRu: 'Ручка', nameEn: 'Pen', priceZp: 10, stock: 100 })).body.id as string;
    const city = (await pg.query(`SELECT id FROM "${ns.schemaOf('auth')}".cities ORDER BY id LIMIT 1`)).rows[0].id as number;

    // A paid pickup order (Айгерим) and an unpaid delivery order (Нурлан), through the API.
    const aigerim = await pupil('Айгерим', 'Сериккызы');
    await json('post', '/api/cart/items', aigerim.token).send({ productId: product, quantity: 2 }).expect(200);
    const a = (await json('post', '/api/cart/checkout', aigerim.token).send({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: point } }).expect(201)).body.data;
    await request(finance.url).post(`/api/wallet-payment/${a.invoiceId}`).set('authorization', aigerim.token).expect(200);
    await waitFor(async () => (await pg.query(`SELECT status FROM "${schema}".orders WHERE id = $1`, [a.id])).rows[0].status === 'paid', { what: 'the order paid' });
    pickupOrderId = a.id;
    const nurlan = await pupil('Нурлан', 'Ахметов');
    await json('post', '/api/cart/items', nurlan.token).send({ productId: product, quantity: 1 }).expect(200);
    const d = (
      await json('post', '/api/cart/checkout', nurlan.token)
        .send({ currency: 'zp', fulfilment: { method: 'delivery', address: { recipient: 'Нурлан А.', phone: '+77010000009', cityId: city, line: 'Абай 10, 5' } } })
        .expect(201)
    ).body.data;
    deliveryOrderId = d.id;

    // 1,200 more paid pickup orders of Айгерим's, copies of hers; pairs share a creation instant (ties go by id).
    const columns = (
      await pg.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'orders' ORDER BY ordinal_position`, [schema])
    ).rows.map((r: { column_name: string }) => r.column_name);
    const value = (c: string) =>
      c === 'id' ? 'gen_random_uuid()' : c === 'invoice_id' ? 'NULL' : c === 'created_at' ? `created_at - (((g + 1) / 2) || ' minutes')::interval` : `"${c}"`;
    await pg.query(
      `INSERT INTO "${schema}".orders (${columns.map((c) => `"${c}"`).join(', ')})
       SELECT ${columns.map(value).join(', ')} FROM "${schema}".orders, generate_series(1, 1200) g WHERE id = $1`,
      [a.id],
    );
    await pg.query(
      `INSERT INTO "${schema}".order_lines (order_id, product_id, quantity, unit_price, name_kk, name_ru, name_en)
       SELECT o.id, l.product_id, l.quantity, l.unit_price, l.name_kk, l.name_ru, l.name_en
         FROM "${schema}".orders o, "${schema}".order_lines l WHERE l.order_id = $1 AND o.id <> $1 AND o.id <> $2`,
      [a.id, d.id],
    );
  }, 120_000);

  afterAll(async () => {
    await pg?.end();
    await shop?.close();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('needs a token and the order list key; bad filters are a localized 400', async () => {
    expect((await call('/api/orders/export')).status).toBe(401);
    const pupil = `Bearer ${await testToken({ roleId: ROLE.student })}`;
    expect((await call('/api/orders/export', pupil)).status).toBe(403);
    const bad = await call('/api/orders/export?status=lost', admin, 'ru');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body as string).message).toMatch(/[а-я]/i);
    expect((await call('/api/orders/export?locale=de', admin)).status).toBe(400);
    expect((await call('/api/orders/export?page=2', admin)).status).toBe(400);
  });

  it('holds exactly the rows the list pages through, newest first, across the export pages', async () => {
    const res = await call('/api/orders/export?method=pickup&status=paid', manager, 'en');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-pickup-paid.csv"');
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(['Number', 'Created', 'Status', 'Fulfilment', 'Pupil', 'Items', 'Total', 'Currency', 'ZP towards the price', 'Where to', 'Paid']);
    // The list, paged by the server, for the same filters.
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const p = (await json('get', `/api/orders?method=pickup&status=paid&page=${page}&limit=100`, manager).expect(200)).body as { data: { id: string }[]; total: number };
      listed.push(...p.data.map((o) => o.id.slice(0, 8).toUpperCase()));
      if (listed.length >= p.total) break;
    }
    expect(listed).toHaveLength(1201);
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.map((r) => r[0])).size).toBe(1201);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(listed));
    const created = rows.map((r) => r[1]!);
    expect([...created].sort().reverse()).toEqual(created);
    expect(rows[0]).toEqual([
      pickupOrderId.slice(0, 8).toUpperCase(), expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), 'Paid', 'Pickup', 'Айгерим Сериккызы', 'Pen × 2', '20', 'ZP', '',
      'Shymkent point', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    ]);
    expect(text).not.toMatch(UUID);
  });

  it('speaks the staff member’s language and names the delivery address; a formula-like name is neutralised', async () => {
    const res = await call('/api/orders/export?method=delivery', admin, 'kk');
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv((res.body as string).slice(1));
    expect(header).toEqual(['Нөмірі', 'Құрылды', 'Күйі', 'Алу тәсілі', 'Оқушы', 'Тауарлар', 'Сомасы', 'Валюта', 'Бағаға жұмсалған ZP', 'Қайда', 'Төленді']);
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe(deliveryOrderId.slice(0, 8).toUpperCase());
    expect(rows[0]!.slice(2, 8)).toEqual(['Төлем күтілуде', 'Жеткізу', 'Нурлан Ахметов', `'=HYPERLINK("x") × 1`, '10', 'ZP']);
    expect(rows[0]![9]).toMatch(/Абай 10, 5, Нурлан А\., \+77010000009$/);
    expect(rows[0]![10]).toBe('');
    // `locale` wins over X-Locale (the admin asks in the language it shows); the return list's filter is a status.
    const ru = await call('/api/orders/export?status=awaiting_payment&locale=ru', admin, 'kk');
    const [ruHeader, ...ruRows] = parseCsv((ru.body as string).slice(1));
    expect(ruHeader![0]).toBe('Номер');
    expect(ruRows.map((r) => [r[2], r[3], r[5]])).toEqual([['Ожидает оплаты', 'Доставка', 'Ручка × 1']]);
    const none = await call('/api/orders/export?status=return_requested', admin, 'en');
    expect(parseCsv((none.body as string).slice(1))).toHaveLength(1);
  });
});
