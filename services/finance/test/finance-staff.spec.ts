/**
 * The staff finance area on real PostgreSQL and NATS: overview (sums by day and product), analytics, payments and
 * their CSV export, invoices (list, detail with postings, create, refund), the ledger's transactions. Every route:
 * 401 without a token, 403 for staff without the key, localized 400 on bad input, 404 on a missing id.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { LedgerService, startFinance } from '@olymp/finance';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken } from '@olymp/server-kit/testing';
import { NO_VIOLATIONS, ledgerViolations } from './ledger-checks';

describe('staff finance area', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let finance: RunningService;
  let pg: Client;
  const schema = ns.schemaOf('finance');
  const bearer = { manager: '', content: '', admin: '', pupil: '' };
  let pupil = ''; // a real pupil of auth's demo data (+77000000105)
  const course = randomUUID();
  const challenge = randomUUID();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date());
  let paidInvoice = '';

  const call = (method: 'get' | 'post', path: string, who?: string, locale = 'en') => {
    const r = request(finance.url)[method](path).set('x-locale', locale);
    return who ? r.set('authorization', who) : r;
  };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth', { SEED_DEMO: 'true' }));
    finance = await startFinance(ns.envFor('finance'));
    pg = new Client({ connectionString: ns.databaseUrl });
    await pg.connect();
    const idOf = async (phone: string) => (await pg.query(`SELECT id FROM "${ns.schemaOf('auth')}".users WHERE phone = $1`, [phone])).rows[0].id as string;
    pupil = await idOf('+77000000105');
    bearer.manager = `Bearer ${await testToken({ roleId: ROLE.manager, userId: await idOf('+77000000003') })}`;
    bearer.content = `Bearer ${await testToken({ roleId: ROLE.contentMaker, userId: await idOf('+77000000010') })}`;
    bearer.admin = `Bearer ${await testToken({ roleId: ROLE.admin, userId: await idOf('+77000000001') })}`;
    bearer.pupil = `Bearer ${await testToken({ roleId: ROLE.student, userId: pupil })}`;

    // Money moves: the pupil gets 2000 ZP, pays a course (700 ZP, title that looks like a formula) and a challenge
    // (300 ZP), and buys 150 ZP through the sandbox provider (150 tenge).
    await finance.app.get(DataSource).transaction((m) =>
      finance.app.get(LedgerService).post(m, { key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: pupil }, amount: 2000 }] }),
    );
    const a = await call('post', '/api/finance/invoices', bearer.manager).send({
      userId: pupil, product: { kind: 'course', id: course }, title: { kk: '=HYPERLINK("x")', ru: 'Курс, "подготовка"', en: 'Course' }, amountTenge: 10_500, amountZp: 700,
    }).expect(201);
    paidInvoice = a.body.data.id;
    await call('post', `/api/wallet-payment/${paidInvoice}`, bearer.pupil).expect(200);
    const b = await call('post', '/api/finance/invoices', bearer.manager).send({
      userId: pupil, product: { kind: 'challenge', id: challenge }, title: { kk: 'Челлендж', ru: 'Челлендж', en: 'Challenge' }, amountTenge: 0, amountZp: 300,
    }).expect(201);
    await call('post', `/api/wallet-payment/${b.body.data.id}`, bearer.pupil).expect(200);
    const r = await call('post', '/api/zp-recharges', bearer.pupil).send({ amountZp: 150 }).expect(201);
    await call('post', `/api/recharges/${r.body.data.id}/payment`, bearer.pupil).expect(200);
    await call('post', `/api/recharges/${r.body.data.id}/sandbox-complete`, bearer.pupil).send({ outcome: 'succeeded' }).expect(200);
  });

  afterAll(async () => {
    await pg?.end();
    await finance?.close();
    await auth?.close();
    await ns.cleanup();
  });

  afterEach(async () => {
    expect(await ledgerViolations(pg, schema)).toEqual(NO_VIOLATIONS);
  });

  const routes = (): ['get' | 'post', string, object?][] => [
    ['get', '/api/finance/overview'],
    ['get', '/api/finance/analytics'],
    ['get', '/api/finance/payments'],
    ['get', '/api/finance/payments/export'],
    ['get', '/api/finance/invoices'],
    ['get', `/api/finance/invoices/${paidInvoice}`],
    ['post', '/api/finance/invoices', { userId: pupil, product: { kind: 'course', id: randomUUID() }, title: { kk: 'a', ru: 'a', en: 'a' }, amountTenge: 1, amountZp: 0 }],
    ['post', `/api/finance/invoices/${paidInvoice}/refund`],
    ['get', '/api/transactions'],
  ];

  it('401 without a token and 403 for staff without finance keys (a pupil too), and nothing changes', async () => {
    const before = (await pg.query(`SELECT count(*)::int AS n, max(updated_at) AS t FROM "${schema}".invoices`)).rows[0];
    const got: string[] = [];
    for (const [m, p, body] of routes()) {
      for (const [who, expected] of [[undefined, 401], [bearer.content, 403], [bearer.pupil, 403]] as const) {
        const res = await call(m, p, who).send(body);
        if (res.status !== expected) got.push(`${m} ${p} as ${who ? 'staff' : 'guest'}: ${res.status}`);
      }
    }
    expect(got).toEqual([]);
    expect((await pg.query(`SELECT count(*)::int AS n, max(updated_at) AS t FROM "${schema}".invoices`)).rows[0]).toEqual(before);
  });

  it('each route needs its own key: a regional director reads the overview and analytics, not payments', async () => {
    const director = `Bearer ${await testToken({ roleId: ROLE.regionalDirector })}`;
    const statuses = [];
    for (const [m, p, body] of routes()) statuses.push([p, (await call(m, p, director).send(body)).status]);
    expect(statuses).toEqual(routes().map(([, p]) => [p, p.endsWith('/overview') || p.endsWith('/analytics') ? 200 : 403]));
  });

  it('overview sums the period by day and by product', async () => {
    const res = await call('get', `/api/finance/overview?from=${today}&to=${today}`, bearer.manager).expect(200);
    expect(res.body.data.totals).toEqual({ invoices: 2, invoiceTenge: 0, invoiceZp: 1000, recharges: 1, rechargeTenge: 150, rechargeZp: 150, refunds: 0, refundedZp: 0 });
    expect(res.body.data.byDay).toEqual([{ day: today, invoices: 2, invoiceTenge: 0, invoiceZp: 1000, recharges: 1, rechargeTenge: 150, rechargeZp: 150 }]);
    expect(res.body.data.byProduct).toEqual(expect.arrayContaining([
      expect.objectContaining({ product: { kind: 'course', id: course }, invoices: 1, zp: 700 }),
      expect.objectContaining({ product: { kind: 'challenge', id: challenge }, invoices: 1, zp: 300 }),
    ]));
    const month = await call('get', '/api/finance/overview', bearer.manager).expect(200);
    expect(month.body.data.byDay).toHaveLength(30);
    expect(month.body.data.period.to).toBe(today);
  });

  it('analytics gives series per day, invoices by kind and status, conversion', async () => {
    const res = await call('get', `/api/finance/analytics?from=${today}&to=${today}`, bearer.manager).expect(200);
    expect(res.body.data.series).toEqual([{ day: today, opened: 2, paid: 2, cancelled: 0, rechargeTenge: 150 }]);
    expect(res.body.data.byKind).toEqual([
      { kind: 'challenge', pending: 0, paid: 1, cancelled: 0 },
      { kind: 'course', pending: 0, paid: 1, cancelled: 0 },
    ]);
    expect(res.body.data.conversion).toBe(1);
  });

  it('payments list filters; the CSV export holds exactly the filtered rows, formulas defused', async () => {
    const all = await call('get', `/api/finance/payments?from=${today}&to=${today}`, bearer.manager).expect(200);
    expect(all.body.total).toBe(3);
    const invoices = await call('get', `/api/finance/payments?type=invoice&kind=course&userId=${pupil}`, bearer.manager).expect(200);
    expect(invoices.body.data).toEqual([expect.objectContaining({ type: 'invoice', id: paidInvoice, method: 'wallet', zp: 700, tenge: 0, product: { kind: 'course', id: course } })]);
    const page = await call('get', '/api/finance/payments?limit=2&page=2', bearer.manager).expect(200);
    expect(page.body).toMatchObject({ count: 1, total: 3, page: 2, pageCount: 2 });

    const csv = await call('get', `/api/finance/payments/export?type=invoice&locale=kk`, bearer.manager).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('type,id,user_id,paid_at,method,product_kind,product_id,title,tenge,zp,refunded_at');
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes(paidInvoice))).toContain(`,"'=HYPERLINK(""x"")",0,700,`);
    const ru = await call('get', `/api/finance/payments/export?type=invoice&kind=course`, bearer.manager, 'ru').expect(200);
    expect(ru.text).toContain('"Курс, ""подготовка"""');

    const bad = await call('get', '/api/finance/payments?from=2026-05-10&to=2026-05-01', bearer.manager, 'ru');
    expect([bad.status, bad.body.code, bad.body.message]).toEqual([
      400, 'PERIOD_INVALID', 'Неверный период: «from» не может быть позже «to», а период — не длиннее 366 дней.',
    ]);
    const wrong = await call('get', '/api/finance/payments?method=cash', bearer.manager, 'kk');
    expect([wrong.status, wrong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('invoices: list with filters, detail with its postings, 404 on a missing one', async () => {
    const list = await call('get', `/api/finance/invoices?status=paid&userId=${pupil}`, bearer.manager).expect(200);
    expect(list.body.total).toBe(2);
    const one = await call('get', `/api/finance/invoices/${paidInvoice}`, bearer.manager).expect(200);
    expect(one.body.data).toMatchObject({ id: paidInvoice, status: 'paid', statusLabel: 'Paid' });
    expect(one.body.data.postings).toEqual([
      expect.objectContaining({ key: `invoice.wallet:${paidInvoice}`, unit: 'ZP', amount: 700, from: `user:${pupil}`, to: 'system:sales' }),
    ]);
    const missing = await call('get', `/api/finance/invoices/${randomUUID()}`, bearer.manager);
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('creating an invoice: unknown pupil 404, a second live invoice 409, bad body 400; audited', async () => {
    const body = { userId: pupil, product: { kind: 'training', id: randomUUID() }, title: { kk: 'Т', ru: 'Т', en: 'T' }, amountTenge: 10_500, amountZp: 0 };
    const created = await call('post', '/api/finance/invoices', bearer.manager).send(body).expect(201);
    expect(created.body).toMatchObject({ data: { status: 'pending', amountTenge: 10_500 }, message: 'The invoice is created.' });
    const twice = await call('post', '/api/finance/invoices', bearer.manager).send(body);
    expect([twice.status, twice.body.code, twice.body.details]).toEqual([409, 'INVOICE_EXISTS', { invoiceId: created.body.data.id }]);
    const nobody = randomUUID();
    const unknown = await call('post', '/api/finance/invoices', bearer.manager, 'ru').send({ ...body, userId: nobody });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([404, 'USER_NOT_FOUND', `Человека с идентификатором ${nobody} нет. Выберите ученика из списка.`]);
    const free = await call('post', '/api/finance/invoices', bearer.manager, 'kk').send({ ...body, product: { kind: 'course', id: randomUUID() }, amountTenge: 0 });
    expect([free.status, free.body.code]).toEqual([400, 'INVOICE_AMOUNT_REQUIRED']);
    const kind = await call('post', '/api/finance/invoices', bearer.manager).send({ ...body, product: { kind: 'book', id: randomUUID() } });
    expect([kind.status, kind.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    // A shop order's invoice comes only from the shop's checkout (which reserved the stock).
    const order = await call('post', '/api/finance/invoices', bearer.manager).send({ ...body, product: { kind: 'order', id: randomUUID() } });
    expect([order.status, order.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const audit = await pg.query(`SELECT action, actor_id FROM "${schema}".audit_log WHERE resource_id = $1`, [created.body.data.id]);
    expect(audit.rows).toEqual([{ action: 'create', actor_id: expect.any(String) }]);
  });

  it('a refund returns the ZP once, keeps the invoice paid and shows in the overview', async () => {
    const before = (await finance.app.get(LedgerService).balances([pupil]))[0].zp;
    const res = await call('post', `/api/finance/invoices/${paidInvoice}/refund`, bearer.admin).expect(200);
    expect(res.body).toMatchObject({ data: { status: 'paid', refundedZp: 700 }, message: 'The payment is refunded: 700 ZP returned to the wallet.' });
    const again = await call('post', `/api/finance/invoices/${paidInvoice}/refund`, bearer.admin);
    expect([again.status, again.body.code]).toEqual([409, 'INVOICE_ALREADY_REFUNDED']);
    expect((await finance.app.get(LedgerService).balances([pupil]))[0].zp).toBe(before + 700);
    const pending = await call('post', '/api/finance/invoices', bearer.manager).send({
      userId: pupil, product: { kind: 'course', id: randomUUID() }, title: { kk: 'К', ru: 'К', en: 'C' }, amountTenge: 0, amountZp: 5,
    }).expect(201);
    const notPaid = await call('post', `/api/finance/invoices/${pending.body.data.id}/refund`, bearer.admin);
    expect([notPaid.status, notPaid.body.code]).toEqual([409, 'INVOICE_NOT_PAID']);
    const overview = await call('get', `/api/finance/overview?from=${today}&to=${today}`, bearer.manager).expect(200);
    expect(overview.body.data.totals).toMatchObject({ refunds: 1, refundedZp: 700 });
    // After a refund the pupil may buy the product again: a new invoice opens.
    const reopened = await call('post', '/api/finance/invoices', bearer.manager).send({
      userId: pupil, product: { kind: 'course', id: course }, title: { kk: 'К', ru: 'К', en: 'C' }, amountTenge: 0, amountZp: 700,
    }).expect(201);
    expect(reopened.body.data.id).not.toBe(paidInvoice);
  });

  it('transactions lists the ledger with postings, filtered by person and kind', async () => {
    const res = await call('get', `/api/transactions?userId=${pupil}&kind=invoice_payment`, bearer.manager).expect(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data[0].postings).toEqual([expect.objectContaining({ unit: 'ZP', from: `user:${pupil}`, to: 'system:sales' })]);
    const recharge = await call('get', `/api/transactions?kind=recharge`, bearer.manager).expect(200);
    expect(recharge.body.data).toEqual([expect.objectContaining({ kind: 'recharge', postings: [expect.objectContaining({ amount: 150, from: 'system:recharges', to: `user:${pupil}` })] })]);
  });
});
