/**
 * Per-user notices: invoice.paid, order.status.changed and achievement.earned become one kept notice each, pushed
 * to the user's sockets in their language, listed newest first and marked read. The endpoint checklist: 401, 403,
 * localized 400, 404, and nothing changed by a refused request.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { Viewer, processed, publish } from './helpers';

describe('notices', () => {
  const ns = createTestNamespace();
  let node: RunningService;
  let auth: RunningService; // the guard asks auth for a role's permissions
  const viewers: Viewer[] = [];
  const userId = randomUUID();
  let token: string;
  const invoiceId = randomUUID();
  const orderId = randomUUID();
  const achievementId = randomUUID();

  const list = (t: string, query: Record<string, string | number> = {}, locale = 'en') =>
    request(node.url).get('/api/notices').query(query).set('authorization', `Bearer ${t}`).set('x-locale', locale);

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    node = await startNotifications(ns.envFor('notifications'));
    token = await testToken({ userId });
  });

  afterAll(async () => {
    for (const v of viewers) v.close();
    await node?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('keeps each fact once and pushes it to the user sockets in their language', async () => {
    const viewer = await Viewer.connect(node.url, { token, locale: 'ru' });
    viewers.push(viewer);
    const t0 = Date.now();
    await publish(node, 'invoice.paid', [
      { invoiceId, userId, product: { kind: 'training', id: randomUUID() }, amountTenge: 0, amountZp: 300, method: 'wallet', paidAt: new Date(t0).toISOString() },
    ]);
    await publish(node, 'order.status.changed', [{ orderId, userId, from: 'paid', to: 'shipped', kind: 'purchase', pickupCode: null, changedAt: new Date(t0 + 1000).toISOString() }]);
    const title = { kk: 'Үздік', ru: 'Лучший', en: 'Best' };
    await publish(node, 'achievement.earned', [
      { achievementId, userId, challengeId: null, code: 'best', title, earnedAt: new Date(t0 + 2000).toISOString() },
    ]);
    // The same payment reported again (another message): still one notice.
    const [again] = await publish(node, 'invoice.paid', [
      { invoiceId, userId, product: { kind: 'training', id: randomUUID() }, amountTenge: 0, amountZp: 300, method: 'wallet', paidAt: new Date(t0).toISOString() },
    ]);
    await waitFor(() => viewer.notices.length >= 3, { what: 'three notices pushed' });
    await waitFor(() => processed(node, again), { what: 'the repeated payment consumed' });
    expect(viewer.notices.map((n) => n.kind).sort()).toEqual(['achievement.earned', 'invoice.paid', 'order.status.changed']);
    expect(viewer.notices.find((n) => n.kind === 'achievement.earned')).toMatchObject({ title: 'Новое достижение!', text: 'Вы получили «Лучший».' });
    expect(viewer.notices.find((n) => n.kind === 'invoice.paid')?.text).toContain('300 ZP');

    const res = (await list(token)).body;
    expect(res.total).toBe(3);
    expect(res.data.map((n: { kind: string }) => n.kind)).toEqual(['achievement.earned', 'order.status.changed', 'invoice.paid']);
    expect(res).toMatchObject({ unread: 3, page: 1, pageCount: 1 });
    expect(res.data[1]).toMatchObject({ title: 'Order update', text: 'Your order is now "on its way".', toast: 'info' });
    expect(viewer.notices.length).toBe(3);

    const page2 = await list(token, { limit: 2, page: 2 }, 'kk');
    expect(page2.status).toBe(200);
    expect(page2.body.data.map((n: { kind: string }) => n.kind)).toEqual(['invoice.paid']);
    expect(page2.body.data[0].title).toBe('Төлем қабылданды');
  });

  it('marks one notice read, then all; only the owner can', async () => {
    const mine = (await list(token)).body.data as { id: string; kind: string }[];
    const stranger = await testToken();

    const refused = await request(node.url).post(`/api/notices/${mine[0].id}/read`).set('authorization', `Bearer ${stranger}`).set('x-locale', 'ru');
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('NOT_FOUND');
    expect(refused.body.message).toMatch(/Не найдено/);
    expect((await list(token)).body.unread).toBe(3); // nothing changed by the refused request

    const read = await request(node.url).post(`/api/notices/${mine[0].id}/read`).set('authorization', `Bearer ${token}`);
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).not.toBeNull();
    expect((await list(token)).body.unread).toBe(2);
    expect((await list(token, { unread: 'true' })).body.data.map((n: { id: string }) => n.id)).not.toContain(mine[0].id);

    const all = await request(node.url).post('/api/notices/read-all').set('authorization', `Bearer ${token}`);
    expect(all.status).toBe(200);
    expect(all.body.data.updated).toBe(2);
    expect((await list(token)).body.unread).toBe(0);
  });

  it('answers 401 without a token, 403 without the permission, 400 on bad input, 404 on a missing id', async () => {
    expect((await request(node.url).get('/api/notices')).status).toBe(401);
    expect((await request(node.url).post(`/api/notices/${randomUUID()}/read`)).status).toBe(401);
    expect((await request(node.url).post('/api/notices/read-all')).status).toBe(401);

    const bad = await list(token, { limit: 0 }, 'kk');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toMatch(/өрістер/);
    const unknownField = await list(token, { color: 'red' }, 'en');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe('UNKNOWN_FIELD');
    const badId = await request(node.url).post('/api/notices/nope/read').set('authorization', `Bearer ${token}`).set('x-locale', 'en');
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('INVALID_ID');
    const missing = await request(node.url).post(`/api/notices/${randomUUID()}/read`).set('authorization', `Bearer ${token}`);
    expect(missing.status).toBe(404);

    // Staff reading someone's notices need notice:index; a pupil does not have it, an administrator does.
    const pupil = await request(node.url).get(`/api/notices/users/${userId}`).set('authorization', `Bearer ${token}`).set('x-locale', 'en');
    expect(pupil.status).toBe(403);
    expect(pupil.body.code).toBe('FORBIDDEN');
    const admin = await request(node.url).get(`/api/notices/users/${userId}`).set('authorization', `Bearer ${await testToken({ roleId: ROLE.admin })}`);
    expect(admin.status).toBe(200);
    expect(admin.body.total).toBe(3);
  });

  it('an order ready for pickup is a notice, a toast in the reader\'s language and an SMS with the pickup code', async () => {
    const pupil = randomUUID();
    const phone = `+7700${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    await auth.app.get(DataSource).query('INSERT INTO users (id, phone, first_name, role_id) VALUES ($1, $2, $3, $4)', [pupil, phone, 'Айгерим', ROLE.student]);
    const pupilToken = await testToken({ userId: pupil, roleId: ROLE.student });
    const viewer = await Viewer.connect(node.url, { token: pupilToken, locale: 'kk' });
    viewers.push(viewer);
    const order = randomUUID();
    const [id] = await publish(node, 'order.status.changed', [
      { orderId: order, userId: pupil, from: 'paid', to: 'ready_for_pickup', kind: 'purchase', pickupCode: '048213', changedAt: new Date().toISOString() },
    ]);
    await waitFor(() => viewer.notices.length >= 1, { what: 'the toast' });
    expect(viewer.notices[0]).toMatchObject({ kind: 'order.status.changed', title: 'Тапсырыс жаңартылды', text: 'Тапсырысыңыздың күйі: «беруге дайын».' });
    const inbox = async () => (await request(node.url).get('/api/dev/sms').query({ to: phone })).body.data as { text: string }[];
    await waitFor(async () => (await inbox()).length === 1, { what: 'the SMS in the development inbox' });
    const [sms] = await inbox();
    expect(sms.text).toContain('048213');
    expect(sms.text).toContain('беруге дайын');
    expect(sms.text).toContain('готов к выдаче');
    // Another move of the same order is a notice but no SMS.
    const [next] = await publish(node, 'order.status.changed', [
      { orderId: order, userId: pupil, from: 'ready_for_pickup', to: 'picked_up', kind: 'purchase', pickupCode: null, changedAt: new Date().toISOString() },
    ]);
    await waitFor(() => processed(node, next), { what: 'the handover consumed' });
    expect(await processed(node, id)).toBe(true);
    expect(await inbox()).toHaveLength(1);
    expect((await list(pupilToken)).body.total).toBe(2);
  });

  it('course.enrolled: the pupil is told they are enrolled, with the course title, in their language; once per period', async () => {
    const pupil = randomUUID();
    const pupilToken = await testToken({ userId: pupil, roleId: ROLE.student });
    const viewer = await Viewer.connect(node.url, { token: pupilToken, locale: 'kk' });
    viewers.push(viewer);
    const course = { kk: 'Аудандық кезеңге дайындық', ru: 'Подготовка к районному этапу', en: 'District stage preparation' };
    const fact = {
      enrolmentId: randomUUID(), periodId: randomUUID(), userId: pupil, courseId: randomUUID(), course, tariffId: randomUUID(), groupId: randomUUID(),
      invoiceId: randomUUID(), renewal: false, startsAt: '2026-12-01T04:00:00.000Z', accessUntil: '2027-01-01T04:00:00.000Z',
    };
    await publish(node, 'course.enrolled', [fact]);
    await waitFor(() => viewer.notices.length >= 1, { what: 'the enrolment toast' });
    expect(viewer.notices[0]).toMatchObject({
      kind: 'course.enrolled', toast: 'success', title: 'Сіз курсқа жазылдыңыз',
      text: 'Сіз «Аудандық кезеңге дайындық» курсына жазылдыңыз. Қолжетімділік 01.01.2027 дейін ашық.',
    });
    // The same period again (a redelivery under another message id): still one notice. A renewal says "extended".
    const [again] = await publish(node, 'course.enrolled', [fact]);
    await waitFor(() => processed(node, again), { what: 'the repeated enrolment consumed' });
    await publish(node, 'course.enrolled', [{ ...fact, periodId: randomUUID(), renewal: true, startsAt: fact.accessUntil, accessUntil: '2027-02-01T04:00:00.000Z' }]);
    await waitFor(() => viewer.notices.length >= 2, { what: 'the renewal toast' });
    const texts = async (locale: string) => ((await list(pupilToken, {}, locale)).body.data as { title: string; text: string }[]).map((n) => [n.title, n.text]);
    expect(await texts('ru')).toEqual([
      ['Доступ продлён', 'Доступ к курсу «Подготовка к районному этапу» продлён до 01.02.2027.'],
      ['Вы зачислены', 'Вы зачислены на курс «Подготовка к районному этапу». Доступ открыт до 01.01.2027.'],
    ]);
    expect((await texts('en'))[1]).toEqual(['You are enrolled', 'You are enrolled in "District stage preparation". Access is open until 01.01.2027.']);
    expect(viewer.notices).toHaveLength(2);
  });
});
