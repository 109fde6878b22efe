/**
 * The course store and paid enrolment (issue 15), on real PostgreSQL and NATS with auth, learning and finance:
 * the public store and a course's details; a pupil's invoice per tariff period (the same one when asked again);
 * paying its tenge through the sandbox provider publishes `invoice.paid`, which enrols the pupil once into a group with
 * a seat left (a republished `invoice.paid` changes nothing); the renewal invoice opens before the period ends; an
 * unpaid renewal ends access at the period's end to the millisecond on the kit's Clock (group-access refuses) and the
 * sweeper frees the seat; stopping renewal opens none; the free trial lesson is given once, also under concurrency;
 * every new route x every caller (the access matrix), localized refusals that change nothing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { headers as natsHeaders } from '@nats-io/nats-core';
import { startFinance } from '@olymp/finance';
import { RenewalSweeper } from '@olymp/learning';
import { ROLE, type RoleId } from '@olymp/proto';
import { Clock, NatsService, type RunningService } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import { DataSource } from 'typeorm';
import { type Pupil, learningStack } from './support';

const DAY = 24 * 3600_000;

describe('course store and enrolment', () => {
  const s = learningStack();
  let finance: RunningService;
  const clock = () => s.learning.app.get(Clock);
  const sweeper = () => s.learning.app.get(RenewalSweeper);
  const permissionsOf = new Map<RoleId, Set<string>>();
  const tokens = new Map<RoleId, string>();
  let courseId = '';
  let tariffId = '';
  let fullGroup = '';
  let openGroup = '';
  let hidden = '';
  let buyer: Pupil;
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  const post = (path: string, token: string, body: object = {}) => s.http().post(`/api${path}`).set('Authorization', token).set('X-Locale', 'en').send(body);
  const get = (path: string, token: string) => s.http().get(`/api${path}`).set('Authorization', token).set('X-Locale', 'en');
  const money = () => request(finance.app.getHttpServer());
  const counts = async () => Object.fromEntries(
    await Promise.all((['course_tariffs', 'course_enrolments', 'course_enrolment_periods', 'course_free_trials', 'course_group_members'] as const)
      .map(async (t) => [t, (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.${t}`))[0].n])),
  );
  const standing = async (p: Pupil) => {
    const res = await get(`/users/${p.id}/courses/${courseId}`, p.token);
    ok(res);
    return res.body.data;
  };
  /** Opens the pupil's invoice and pays its tenge through the sandbox provider, as the student site does. */
  const buy = async (p: Pupil) => {
    const invoice = await post(`/users/${p.id}/courses/${courseId}/invoice`, p.token, { tariffId });
    ok(invoice);
    await payTenge(p, invoice.body.data.invoiceId);
    return invoice.body.data.invoiceId as string;
  };
  const payTenge = async (p: Pupil, invoiceId: string) => {
    await money().post(`/api/invoices/${invoiceId}/provider-payment`).set('Authorization', p.token).expect(200);
    await money().post(`/api/invoices/${invoiceId}/sandbox-complete`).set('Authorization', p.token).send({ outcome: 'succeeded' }).expect(200);
  };

  beforeAll(async () => {
    await s.start();
    finance = await startFinance(s.ns.envFor('finance'));
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    for (const id of Object.values(ROLE)) {
      permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
      tokens.set(id, (await s.pupil(null, { roleId: id })).token);
    }
    const course = await post('/courses', s.admin, {
      kind: 'live', published: true, titleKk: 'Аудандық кезеңге дайындық', titleRu: 'Подготовка к районному этапу', titleEn: 'District stage preparation',
      descriptionEn: 'Two live sessions a week, recordings for 60 days.',
    });
    ok(course, 201);
    courseId = course.body.id;
    ok(await post('/modules', s.admin, { courseId, titleKk: 'Бөлшектер', titleRu: 'Дроби', titleEn: 'Fractions' }), 201);
    const tariff = await post('/tariffs', s.admin, {
      courseId, titleKk: '1 ай', titleRu: '1 месяц', titleEn: 'One month', includesEn: 'Two live lessons a week', priceTenge: 10500, periodMonths: 1, published: true,
    });
    ok(tariff, 201);
    tariffId = tariff.body.id;
    const draft = await post('/tariffs', s.admin, { courseId, titleKk: 'Жоба', titleRu: 'Черновик', titleEn: 'Draft', priceZp: 10 });
    ok(draft, 201);
    hidden = draft.body.id;
    // The older group is full (capacity 1, one pupil); the newer one has seats: a buyer goes there.
    const full = await post('/groups', s.admin, { courseId, name: 'A', capacity: 1, published: true, meetingUrl: 'https://meet.example.kz/a' });
    ok(full, 201);
    fullGroup = full.body.id;
    const open = await post('/groups', s.admin, { courseId, name: 'B', capacity: 5, published: true, meetingUrl: 'https://meet.example.kz/b' });
    ok(open, 201);
    openGroup = open.body.id;
    ok(await post(`/groups/${fullGroup}/members`, s.admin, { userId: (await s.pupil(5)).id, role: 'pupil' }), 201);
    const teacher = await s.pupil(null, { roleId: ROLE.manager, firstName: 'Асем', lastName: 'Нұрлан' });
    ok(await post(`/groups/${openGroup}/members`, s.admin, { userId: teacher.id, role: 'teacher' }), 201);
    for (const [group, days] of [[openGroup, 2], [openGroup, 9], [fullGroup, 1]] as const) {
      ok(await post('/lessons', s.admin, { groupId: group, titleKk: 'Сабақ', titleRu: 'Урок', titleEn: 'Lesson', startsAt: new Date(Date.now() + days * DAY).toISOString() }), 201);
    }
    buyer = await s.pupil(5, { firstName: 'Айгерім', lastName: 'Сейіт' });
  }, 90_000);

  afterAll(async () => {
    await finance?.close();
    await s.stop();
  });

  it('shows the store: the live tab lists the course at its lowest published price, the details name teachers publicly', async () => {
    const tab = await s.http().get('/api/store/courses?tab=live');
    ok(tab);
    expect(tab.body.tab).toBe('live');
    expect(tab.body.data).toEqual([expect.objectContaining({ id: courseId, kind: 'live', priceTenge: 10500, priceZp: 0, periodMonths: 1, teachers: ['Асем Н.'] })]);
    expect((await s.http().get('/api/store/courses?tab=flex')).body.data).toEqual([]);
    expect((await s.http().get('/api/store/courses')).body.tab).toBe('live');
    const bad = await s.http().get('/api/store/courses?tab=nope').set('X-Locale', 'ru');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const page = await s.http().get(`/api/store/courses/${courseId}`);
    ok(page);
    expect(page.body.data).toMatchObject({
      id: courseId, teachers: ['Асем Н.'], priceTenge: 10500, seatsLeft: 5,
      tariffs: [{ id: tariffId, priceTenge: 10500, periodMonths: 1, includes: { en: 'Two live lessons a week' } }],
      modules: [{ title: { en: 'Fractions' } }],
    });
    expect(page.body.data.timetable).toHaveLength(3);
    expect(JSON.stringify(page.body)).not.toContain(hidden);
    expect((await s.http().get(`/api/store/courses/${randomUUID()}`)).status).toBe(404);
  });

  it('gives one free trial lesson per pupil and course, also when asked five times at once', async () => {
    const p = await s.pupil(5);
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`/users/${p.id}/courses/${courseId}/free-trial-lesson`, p.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(['FREE_TRIAL_USED', 'FREE_TRIAL_USED', 'FREE_TRIAL_USED', 'FREE_TRIAL_USED']);
    const given = answers.find((a) => a.status === 201)?.body.data;
    // The next live lesson of a published group (group A's, tomorrow), its link not yet open.
    expect(given).toMatchObject({ groupName: 'A', durationMinutes: 90, meetingUrl: null });
    expect((await counts()).course_free_trials).toBe(before.course_free_trials + 1);
    const again = await post(`/users/${p.id}/courses/${courseId}/free-trial-lesson`, p.token);
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 'FREE_TRIAL_USED', expect.stringContaining('free trial')]);
    expect((await get(`/users/${p.id}/courses/${courseId}/free-trial-lesson`, p.token)).body.data).toEqual(given);
    expect((await standing(p)).freeTrial).toEqual(given);
    // Someone else's: 403; a missing course: 404; nothing written.
    const other = await s.pupil(5);
    expect((await post(`/users/${p.id}/courses/${courseId}/free-trial-lesson`, other.token)).status).toBe(403);
    expect((await post(`/users/${other.id}/courses/${randomUUID()}/free-trial-lesson`, other.token)).status).toBe(404);
    expect((await counts()).course_free_trials).toBe(before.course_free_trials + 1);
  });

  it('opens one invoice per period, enrols once on invoice.paid (also republished) into the group with seats left', async () => {
    const before = await counts();
    const refusals = [
      [await post(`/users/${buyer.id}/courses/${courseId}/invoice`, buyer.token, { tariffId: hidden }), 404, 'TARIFF_NOT_OFFERED'],
      [await post(`/users/${buyer.id}/courses/${courseId}/invoice`, buyer.token, { tariffId: randomUUID() }), 404, 'TARIFF_NOT_OFFERED'],
      [await post(`/users/${buyer.id}/courses/${courseId}/invoice`, buyer.token, {}), 400, 'VALIDATION_FAILED'],
      [await post(`/users/${buyer.id}/courses/${randomUUID()}/invoice`, buyer.token, { tariffId }), 404, 'NOT_FOUND'],
      [await post(`/users/${buyer.id}/courses/${courseId}/invoice`, tokens.get(ROLE.student) as string, { tariffId }), 403, 'FORBIDDEN'],
      [await get(`/users/${buyer.id}/courses/${courseId}/manage-subscription`, buyer.token), 404, 'NOT_ENROLLED'],
    ] as const;
    expect(refusals.map(([r]) => [r.status, r.body.code])).toEqual(refusals.map(([, st, code]) => [st, code]));
    expect(await counts()).toEqual(before);
    const kk = await s.http().post(`/api/users/${buyer.id}/courses/${courseId}/invoice`).set('Authorization', buyer.token).set('X-Locale', 'kk').send({ tariffId: hidden });
    expect(kk.body.message).toContain('тариф');

    const first = await post(`/users/${buyer.id}/courses/${courseId}/invoice`, buyer.token, { tariffId });
    ok(first);
    expect(first.body.data).toMatchObject({ userId: buyer.id, product: { kind: 'course' }, amountTenge: 10500, amountZp: 0, status: 'pending' });
    const again = await post(`/users/${buyer.id}/courses/${courseId}/invoice`, buyer.token, { tariffId });
    expect(again.body.data.invoiceId).toBe(first.body.data.invoiceId);
    expect((await standing(buyer)).enrolment).toMatchObject({ status: 'pending', accessUntil: null, group: null, pendingInvoiceId: first.body.data.invoiceId });

    await payTenge(buyer, first.body.data.invoiceId);
    const enrolled = await waitFor(async () => {
      const st = await standing(buyer);
      return st.enrolment?.status === 'active' && st;
    }, { what: 'the enrolment granted by invoice.paid' });
    expect(enrolled.enrolment).toMatchObject({ group: { id: openGroup, name: 'B' }, renew: true, pendingInvoiceId: null, tariff: { id: tariffId } });
    const start = Date.parse(enrolled.enrolment.periodStart);
    const until = Date.parse(enrolled.enrolment.accessUntil);
    expect(until - start).toBeGreaterThanOrEqual(28 * DAY);
    expect(until - start).toBeLessThanOrEqual(31 * DAY);
    expect(enrolled.progress).toMatchObject({ lessonsTotal: 2, lessonsHeld: 0, attended: 0 });
    expect((await get(`/groups/${openGroup}/timetable`, buyer.token)).status).toBe(200);
    const mine = await get('/my-courses', buyer.token);
    expect(mine.body.data).toEqual([expect.objectContaining({ course: expect.objectContaining({ id: courseId }), status: 'active', group: { id: openGroup, name: 'B' } })]);
    // Already studying: a second purchase is refused until the renewal opens.
    const twice = await post(`/users/${buyer.id}/courses/${courseId}/invoice`, buyer.token, { tariffId });
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_ENROLLED']);

    // The same fact again under another message id (a producer's republish): no second period, seat or event.
    const snapshot = async () => ({
      rows: await counts(),
      enrolment: await s.sql('SELECT access_until, group_id FROM {learning}.course_enrolments WHERE user_id = $1', [buyer.id]),
      events: (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.outbox WHERE subject = 'course.enrolled'`))[0].n,
    });
    const was = await snapshot();
    expect(was.events).toBe(1);
    const [period] = await s.sql<{ id: string }>('SELECT p.id FROM {learning}.course_enrolment_periods p JOIN {learning}.course_enrolments e ON e.id = p.enrolment_id WHERE e.user_id = $1', [buyer.id]);
    const nats = s.learning.app.get(NatsService);
    const consumed = async () => (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.inbox WHERE consumer LIKE '%enrolment%'`))[0].n;
    const inboxBefore = await consumed();
    const h = natsHeaders();
    h.set('x-event-version', '2');
    await nats.js.publish(nats.subject('invoice.paid'), JSON.stringify({
      invoiceId: first.body.data.invoiceId, userId: buyer.id, product: { kind: 'course', id: period.id }, amountTenge: 10500, amountZp: 0, method: 'provider', paidAt: new Date().toISOString(),
    }), { msgID: randomUUID(), headers: h });
    await waitFor(async () => (await consumed()) > inboxBefore, { what: 'the republished invoice.paid to be consumed' });
    expect(await snapshot()).toEqual(was);
  });

  it("course's students: its groups' and enrolments' pupils by name with group, enrolment and progress; paged and searched; keys checked", async () => {
    // The buyer (active, group B) and the pupil staff put in group A by hand (no enrolment); a pupil who has not paid
    // yet is the last test's (an open invoice here would be renewed by the sweeper in the tests that follow).
    const [lessonB] = await s.sql<{ id: string }>('SELECT id FROM {learning}.lessons WHERE group_id = $1 ORDER BY starts_at LIMIT 1', [openGroup]);
    ok(await s.http().put(`/api/lessons/${lessonB.id}/attendance`).set('Authorization', s.admin).send({ marks: [{ userId: buyer.id, status: 'late' }] }));
    const hw = await post(`/lessons/${lessonB.id}/homework`, s.admin, { title: 'Есептер', dueAt: new Date(Date.now() + 5 * DAY).toISOString(), maxPoints: 5 });
    ok(hw, 201);
    ok(await s.http().put(`/api/homework/${hw.body.data.id}/submission`).set('Authorization', buyer.token).send({ text: 'Жауап' }));

    const before = await counts();
    const all = await get(`/courses/${courseId}/students`, s.admin);
    ok(all);
    expect(all.body).toMatchObject({ total: 2, count: 2, page: 1, pageCount: 1 });
    const row = (id: string) => all.body.data.find((r: { userId: string }) => r.userId === id);
    expect(row(buyer.id)).toMatchObject({
      firstName: 'Айгерім', lastName: 'Сейіт', groups: [{ id: openGroup, name: 'B' }],
      enrolment: { status: 'active', tariff: { en: 'One month' }, renew: true, periodStart: expect.any(String), accessUntil: expect.any(String) },
      // The register was taken before the lesson began: it counts as held, so attended never exceeds held.
      progress: { kind: 'live', lessonsTotal: 2, lessonsHeld: 1, attended: 1, homeworkSet: 1, homeworkDone: 1 },
    });
    const byHand = all.body.data.find((r: { groups: { id: string }[] }) => r.groups[0]?.id === fullGroup);
    expect(byHand).toMatchObject({ groups: [{ id: fullGroup, name: 'A' }], enrolment: null, progress: { kind: 'live', lessonsTotal: 1, attended: 0, homeworkSet: 0 } });
    // Sorted by last name (Сейіт, Test), one page at a time; searched by any part of the name, either order.
    expect(all.body.data.map((r: { lastName: string }) => r.lastName)).toEqual(['Test', 'Сейіт'].sort((a, b) => a.localeCompare(b, 'ru')));
    const second = await get(`/courses/${courseId}/students?perPage=1&page=2`, s.admin);
    expect([second.body.total, second.body.pageCount, second.body.data.map((r: { userId: string }) => r.userId)]).toEqual([2, 2, [all.body.data[1].userId]]);
    const found = await get(`/courses/${courseId}/students?search=${encodeURIComponent('сейіт айг')}`, s.admin);
    expect(found.body.data.map((r: { userId: string }) => r.userId)).toEqual([buyer.id]);
    expect((await get(`/courses/${courseId}/students?search=nobody`, s.admin)).body).toMatchObject({ data: [], total: 0, pageCount: 0 });

    // Keys: both read keys (course and group), else 403; no token 401; a pupil of the course is refused too.
    const want = (roleId: RoleId) => roleId === ROLE.admin || (permissionsOf.get(roleId)?.has('sidebar:course_index') && permissionsOf.get(roleId)?.has('sidebar:group_index'));
    const wrong: string[] = [];
    for (const [roleId, token] of tokens) {
      const res = await get(`/courses/${courseId}/students`, token);
      if (res.status !== (want(roleId) ? 200 : 403)) wrong.push(`role ${roleId}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect((await s.http().get(`/api/courses/${courseId}/students`)).status).toBe(401);
    expect((await get(`/courses/${courseId}/students`, buyer.token)).status).toBe(403);
    // A missing course 404, odd input a localized 400 (three languages, three messages), never a 5xx; nothing changes.
    expect((await get(`/courses/${randomUUID()}/students`, s.admin)).status).toBe(404);
    expect((await get('/courses/nope/students', s.admin)).status).toBe(400);
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      for (const q of ['page=0', 'perPage=1000', 'page=1&page=2', 'search=%00', 'extra=1']) {
        const res = await s.http().get(`/api/courses/${courseId}/students?${q}`).set('Authorization', s.admin).set('X-Locale', locale);
        expect([q, res.status]).toEqual([q, 400]);
        if (q === 'page=0') messages.add(res.body.message);
      }
    }
    expect(messages.size).toBe(3);
    expect(await counts()).toEqual(before);
  });

  it('opens the renewal invoice before the period ends; unpaid, access ends at the end to the millisecond', async () => {
    const { enrolment } = await standing(buyer);
    const until = Date.parse(enrolment.accessUntil);
    try {
      clock().set(until - 3 * DAY - 1);
      await sweeper().sweep();
      expect((await get(`/users/${buyer.id}/courses/${courseId}/manage-subscription`, buyer.token)).body.data.pendingInvoiceId).toBeNull();
      clock().set(until - 3 * DAY);
      await sweeper().sweep();
      const sub = await get(`/users/${buyer.id}/courses/${courseId}/manage-subscription`, buyer.token);
      ok(sub);
      expect(sub.body.data).toMatchObject({ status: 'active', renew: true, renewalOpensAt: new Date(until - 3 * DAY).toISOString(), pendingInvoiceId: expect.any(String) });
      expect(sub.body.data.periods.map((p: { kind: string; status: string; state: string }) => [p.kind, p.status, p.state])).toEqual([['renewal', 'pending', 'pending'], ['first', 'paid', 'paid']]);
      const renewal = await money().get(`/api/my-invoices/${sub.body.data.pendingInvoiceId}`).set('Authorization', buyer.token).expect(200);
      expect(renewal.body.data).toMatchObject({ amountTenge: 10500, status: 'pending' });
      await sweeper().sweep();
      expect((await s.sql('SELECT id FROM {learning}.course_enrolment_periods p WHERE status = $1', ['pending'])).length).toBe(1);

      clock().set(until - 1);
      expect((await get(`/groups/${openGroup}/timetable`, buyer.token)).status).toBe(200);
      expect((await standing(buyer)).enrolment.status).toBe('active');
      clock().set(until);
      const refused = await get(`/groups/${openGroup}/timetable`, buyer.token);
      expect([refused.status, refused.body.code]).toEqual([403, 'NOT_GROUP_MEMBER']);
      expect((await standing(buyer)).enrolment.status).toBe('lapsed');
      // The paid period that is over reads "ended", the open renewal "pending".
      const over = await get(`/users/${buyer.id}/courses/${courseId}/manage-subscription`, buyer.token);
      expect(over.body.data.periods.map((p: { kind: string; state: string }) => [p.kind, p.state])).toEqual([['renewal', 'pending'], ['first', 'ended']]);
      // The sweeper frees the seat (and tells chat); paying the open renewal later seats the pupil again.
      await sweeper().sweep();
      expect(await s.sql('SELECT role FROM {learning}.course_group_members WHERE user_id = $1', [buyer.id])).toEqual([]);
      expect((await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->>'active' = 'false' AND payload->>'userId' = $1`, [buyer.id]))[0].n).toBe(1);
      await payTenge(buyer, sub.body.data.pendingInvoiceId);
      const back = await waitFor(async () => {
        const st = await standing(buyer);
        return st.enrolment?.status === 'active' && st;
      }, { what: 'the renewal paid late' });
      expect(back.enrolment.group).toEqual({ id: openGroup, name: 'B' });
      expect(Date.parse(back.enrolment.accessUntil)).toBeGreaterThan(until + 27 * DAY);
      expect((await get(`/groups/${openGroup}/timetable`, buyer.token)).status).toBe(200);
    } finally {
      clock().resume();
    }
  });

  it('lets the pupil stop renewal: no renewal invoice opens and access still runs to the period end', async () => {
    const p = await s.pupil(6);
    await buy(p);
    const st = await waitFor(async () => {
      const x = await standing(p);
      return x.enrolment?.status === 'active' && x;
    }, { what: 'the second pupil enrolled' });
    const stop = await s.http().post(`/api/users/${p.id}/courses/${courseId}/manage-subscription`).set('Authorization', p.token).set('X-Locale', 'ru').send({ renew: false });
    ok(stop);
    expect(stop.body.data).toMatchObject({ renew: false, renewalOpensAt: null, status: 'active' });
    expect(stop.body.message).toContain('Продление остановлено');
    const bad = await post(`/users/${p.id}/courses/${courseId}/manage-subscription`, p.token, { renew: 'no' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await post(`/users/${p.id}/courses/${courseId}/manage-subscription`, buyer.token, { renew: true })).status).toBe(403);
    const until = Date.parse(st.enrolment.accessUntil);
    try {
      clock().set(until - DAY);
      await sweeper().sweep();
      expect((await s.sql(`SELECT p.status FROM {learning}.course_enrolment_periods p JOIN {learning}.course_enrolments e ON e.id = p.enrolment_id WHERE e.user_id = $1`, [p.id])).map((r) => r.status)).toEqual(['paid']);
      expect((await standing(p)).enrolment.status).toBe('active');
    } finally {
      clock().resume();
    }
  });

  it('a refund of the course invoice ends the access at the refund (the kit Clock), once, also when the refund is redelivered', async () => {
    const p = await s.pupil(7, { firstName: 'Нұржан', lastName: 'Әли' });
    const invoiceId = await buy(p);
    const st = await waitFor(async () => {
      const x = await standing(p);
      return x.enrolment?.status === 'active' && x;
    }, { what: 'the refunded pupil enrolled first' });
    expect(st.enrolment.group).toEqual({ id: openGroup, name: 'B' });
    const refundAt = Date.parse(st.enrolment.periodStart) + 5 * DAY + 1234;
    const financeClock = finance.app.get(Clock);
    const refundedFacts = () => s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->>'active' = 'false' AND payload->>'userId' = $1`, [p.id]);
    try {
      financeClock.set(refundAt);
      clock().set(refundAt + 10);
      const refund = await money().post(`/api/finance/invoices/${invoiceId}/refund`).set('Authorization', s.admin).set('X-Locale', 'en');
      expect(refund.status).toBe(200);
      expect(refund.body.data).toMatchObject({ status: 'paid', refundedAt: new Date(refundAt).toISOString() });
      const [fact] = await finance.app.get(DataSource).query(`SELECT payload FROM outbox WHERE subject = 'invoice.refunded' AND payload->>'invoiceId' = $1`, [invoiceId]) as { payload: { product: { kind: string }; refundedTenge: number; refundedAt: string } }[];
      expect(fact.payload).toMatchObject({ product: { kind: 'course' }, refundedTenge: 10500, refundedAt: new Date(refundAt).toISOString() });
      // Learning ends the access at the refund's instant, to the millisecond, and takes the pupil out of the group.
      await waitFor(async () => (await standing(p)).enrolment.status === 'lapsed', { what: 'the access ended by the refund' });
      const [row] = await s.sql<{ access_until: Date; group_id: string | null; refunded_at: Date }>(
        'SELECT e.access_until, e.group_id, pe.refunded_at FROM {learning}.course_enrolments e JOIN {learning}.course_enrolment_periods pe ON pe.enrolment_id = e.id WHERE e.user_id = $1', [p.id]);
      expect([row.access_until.toISOString(), row.group_id, row.refunded_at.toISOString()]).toEqual([new Date(refundAt).toISOString(), null, new Date(refundAt).toISOString()]);
      const refused = await get(`/groups/${openGroup}/timetable`, p.token);
      expect([refused.status, refused.body.code]).toEqual([403, 'NOT_GROUP_MEMBER']);
      expect(await s.sql('SELECT role FROM {learning}.course_group_members WHERE user_id = $1', [p.id])).toEqual([]);
      expect((await refundedFacts())[0].n).toBe(1);
      // manage-subscription never shows the refunded period as paid.
      const sub = await get(`/users/${p.id}/courses/${courseId}/manage-subscription`, p.token);
      expect([sub.body.data.status, sub.body.data.periods.map((x: { status: string; state: string; refundedAt: string | null }) => [x.status, x.state, x.refundedAt])])
        .toEqual(['lapsed', [['paid', 'refunded', new Date(refundAt).toISOString()]]]);

      // A second refund is refused by finance; the same fact republished (another message id, a later instant)
      // changes nothing in learning: the access keeps the first refund's end, no second "left".
      expect((await money().post(`/api/finance/invoices/${invoiceId}/refund`).set('Authorization', s.admin)).body.code).toBe('INVOICE_ALREADY_REFUNDED');
      const was = await s.sql('SELECT e.access_until, e.lapsed_at, e.group_id FROM {learning}.course_enrolments e WHERE e.user_id = $1', [p.id]);
      const nats = s.learning.app.get(NatsService);
      const consumed = async () => (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.inbox WHERE consumer LIKE '%invoice-refunded%'`))[0].n;
      const before = await consumed();
      const h = natsHeaders();
      h.set('x-event-version', '1');
      await nats.js.publish(nats.subject('invoice.refunded'), JSON.stringify({ ...fact.payload, refundedAt: new Date(refundAt + DAY).toISOString() }), { msgID: randomUUID(), headers: h });
      await waitFor(async () => (await consumed()) > before, { what: 'the republished refund consumed' });
      expect(await s.sql('SELECT e.access_until, e.lapsed_at, e.group_id FROM {learning}.course_enrolments e WHERE e.user_id = $1', [p.id])).toEqual(was);
      expect((await refundedFacts())[0].n).toBe(1);
    } finally {
      financeClock.resume();
      clock().resume();
    }
  });

  it('shows a pupil only their own standing; staff who read courses see any', async () => {
    const other = await s.pupil(5);
    expect((await get(`/users/${buyer.id}/courses/${courseId}`, other.token)).status).toBe(403);
    expect((await get(`/users/${buyer.id}/courses/${courseId}`, s.admin)).status).toBe(200);
    const empty = await standing(other);
    expect(empty).toMatchObject({ enrolment: null, freeTrial: null, progress: { lessonsTotal: 0 } });
    expect((await get(`/users/${other.id}/courses/${randomUUID()}`, other.token)).status).toBe(404);
  });

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  it.each(callers)('access matrix: $name gets exactly what the routes allow, and a refused call changes nothing', async ({ roleId }) => {
    const before = await counts();
    const owner = await s.pupil(5);
    const tariffKeys = { read: 'sidebar:course_index', store: 'course:update', update: 'course:update', destroy: 'course:update' } as const;
    type Want = 'public' | 'signed-in' | 'self' | 'self-or-course-reader' | 'course-and-group-reader' | (typeof tariffKeys)[keyof typeof tariffKeys];
    const calls: { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: string; want: Want; body?: object }[] = [
      { method: 'get', path: '/api/store/courses?tab=live', want: 'public' },
      { method: 'get', path: `/api/store/courses/${courseId}`, want: 'public' },
      { method: 'get', path: '/api/tariffs', want: tariffKeys.read },
      { method: 'get', path: `/api/tariffs/${tariffId}`, want: tariffKeys.read },
      { method: 'post', path: '/api/tariffs', want: tariffKeys.store },
      { method: 'put', path: `/api/tariffs/${tariffId}`, want: tariffKeys.update },
      { method: 'patch', path: `/api/tariffs/${tariffId}`, want: tariffKeys.update },
      { method: 'delete', path: `/api/tariffs/${randomUUID()}`, want: tariffKeys.destroy },
      { method: 'get', path: `/api/users/${owner.id}/courses/${courseId}`, want: 'self-or-course-reader' },
      // A valid body: the pupil's own routes decide by who asks, after the body is read.
      { method: 'post', path: `/api/users/${owner.id}/courses/${courseId}/invoice`, want: 'self', body: { tariffId } },
      { method: 'get', path: `/api/users/${owner.id}/courses/${courseId}/manage-subscription`, want: 'self' },
      { method: 'post', path: `/api/users/${owner.id}/courses/${courseId}/manage-subscription`, want: 'self', body: { renew: false } },
      { method: 'get', path: `/api/users/${owner.id}/courses/${courseId}/free-trial-lesson`, want: 'self' },
      { method: 'post', path: `/api/users/${owner.id}/courses/${courseId}/free-trial-lesson`, want: 'self', body: {} },
      { method: 'get', path: '/api/my-courses', want: 'signed-in' },
      { method: 'get', path: `/api/courses/${courseId}/students`, want: 'course-and-group-reader' },
    ];
    const wrong: string[] = [];
    const holds = (key: string) => roleId === ROLE.admin || !!permissionsOf.get(roleId as RoleId)?.has(key);
    for (const call of calls) {
      let req = s.http()[call.method](call.path).set('X-Locale', 'en');
      if (roleId !== null) req = req.set('Authorization', tokens.get(roleId) as string);
      // Writes carry an unknown field: let through the guard, the body is refused (400) before anything is written.
      const res = call.method === 'get' || call.method === 'delete' ? await req : await req.send(call.body ?? { nope: 1 });
      const want = call.want === 'public' ? 'let-in'
        : roleId === null ? 401
          : call.want === 'signed-in' ? 'let-in'
            : call.want === 'self' ? 403 // every caller here is someone other than the owner
              : call.want === 'self-or-course-reader' ? (holds('sidebar:course_index') ? 'let-in' : 403)
                : call.want === 'course-and-group-reader' ? (holds('sidebar:course_index') && holds('sidebar:group_index') ? 'let-in' : 403)
                : holds(call.want) ? 'let-in' : 403;
      const got = res.status === 401 || res.status === 403 ? res.status : 'let-in';
      if (got !== want) wrong.push(`${call.method.toUpperCase()} ${call.path}: expected ${want}, got ${res.status}`);
      expect(res.status).toBeLessThan(500);
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('tariffs: localized 400 on bad input and on an edit leaving no price, 404 on a missing id, published in the docs with units', async () => {
    const before = await counts();
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      const res = await s.http().post('/api/tariffs').set('Authorization', s.admin).set('X-Locale', locale).send({ courseId, titleKk: 'a', titleRu: 'a', titleEn: 'a' });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
    const free = await s.http().patch(`/api/tariffs/${tariffId}`).set('Authorization', s.admin).set('X-Locale', 'ru').send({ priceTenge: 0 });
    expect([free.status, free.body.code, free.body.message]).toEqual([400, 'TARIFF_PRICE_NEEDED', expect.stringContaining('тенге')]);
    const missing = randomUUID();
    expect((await s.http().get(`/api/tariffs/${missing}`).set('Authorization', s.admin)).status).toBe(404);
    expect((await s.http().put(`/api/tariffs/${missing}`).set('Authorization', s.admin).send({})).status).toBe(404);
    const inUse = await s.http().delete(`/api/tariffs/${tariffId}`).set('Authorization', s.admin);
    expect(inUse.body.code).toBe('RECORD_IN_USE');
    expect(await counts()).toEqual(before);
    const doc = JSON.stringify((await s.http().get('/api/docs-json')).body);
    expect(doc).toContain('"/api/tariffs"');
    expect(doc).toContain('"/api/users/{user}/courses/{course}/manage-subscription"');
  });

  it("course's students: a pupil who opened an invoice and has not paid is listed as pending, without a group or progress", async () => {
    const waiting = await s.pupil(6, { firstName: 'Бауыржан', lastName: 'Әлі' });
    ok(await post(`/users/${waiting.id}/courses/${courseId}/invoice`, waiting.token, { tariffId }));
    const res = await get(`/courses/${courseId}/students?search=${encodeURIComponent('бауыржан')}`, s.admin);
    ok(res);
    expect(res.body.data).toEqual([{
      userId: waiting.id, firstName: 'Бауыржан', lastName: 'Әлі', groups: [], progress: null,
      enrolment: { status: 'pending', tariff: { kk: '1 ай', ru: '1 месяц', en: 'One month' }, periodStart: null, accessUntil: null, renew: true },
    }]);
  });
});
