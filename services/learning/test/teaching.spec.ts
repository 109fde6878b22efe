/**
 * Teaching (issue 15, docs/teaching.md) against real PostgreSQL and NATS: a teacher's salary for an Almaty month with
 * held, cancelled and not-held lessons and a rate change in the month (month edges in Asia/Almaty, not UTC); wage
 * payments recorded with who and when, in the audit log; every new route x every role (a teacher sees only their
 * own pay, staff need the key); the pupil's iCalendar feed parsed by an iCal library with lessons at their Almaty
 * times, its secret URL replaced and revoked; reminders an hour before a live lesson written once however many
 * passes, workers or restarts, and turned by notifications into one notice and one SMS per pupil.
 */
import { randomUUID } from 'node:crypto';
import * as ical from 'node-ical';
import request from 'supertest';
import { LessonReminders, startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import { ROLE, type RoleId } from '@olymp/proto';
import { Clock, type RunningService } from '@olymp/server-kit';
import { testToken, waitFor } from '@olymp/server-kit/testing';
import { type Pupil, learningStack } from './support';

describe('teaching: teachers’ pay, the class schedule, calendar feeds and lesson reminders', () => {
  const s = learningStack();
  let notifications: RunningService;
  let teacher: Pupil;
  let otherTeacher: Pupil;
  let pupil: Pupil;
  let pupil2: Pupil;
  let outsider: Pupil;
  let groupId = '';
  let otherGroupId = '';
  const lessons: Record<string, string> = {};
  const clock = () => s.learning.app.get(Clock);
  const http = () => s.http();

  async function lesson(key: string, startsAt: string, durationMinutes: number, extra: Record<string, unknown> = {}, group = groupId) {
    const res = await http().post('/api/lessons').set('Authorization', s.admin)
      .send({ groupId: group, titleKk: `${key} сабақ`, titleRu: `Урок ${key}`, titleEn: `Lesson ${key}`, startsAt, durationMinutes, ...extra });
    expect([res.status, res.text]).toEqual([201, expect.any(String)]);
    lessons[key] = res.body.id as string;
  }

  async function member(group: string, userId: string, role: 'pupil' | 'teacher') {
    const res = await http().post(`/api/groups/${group}/members`).set('Authorization', s.admin).send({ userId, role });
    expect([res.status, res.text]).toEqual([201, expect.any(String)]);
  }

  async function markPresent(key: string) {
    const res = await http().put(`/api/lessons/${lessons[key]}/attendance`).set('Authorization', teacher.token).send({ marks: [{ userId: pupil.id, status: 'present' }] });
    expect([res.status, res.text]).toEqual([200, expect.any(String)]);
  }

  beforeAll(async () => {
    await s.start();
    notifications = await startNotifications(s.ns.envFor('notifications'));
    teacher = await s.pupil(null, { roleId: ROLE.contentMaker, firstName: 'Гүлнар', lastName: 'Мұғалімова' });
    otherTeacher = await s.pupil(null, { roleId: ROLE.contentMaker, firstName: 'Бауыржан', lastName: 'Екінші' });
    pupil = await s.pupil(7, { firstName: 'Aigerim', lastName: 'Sadykova' });
    pupil2 = await s.pupil(7, { firstName: 'Nurlan', lastName: 'Bekov' });
    outsider = await s.pupil(7);
    const course = await http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'live', titleKk: 'Дайындық', titleRu: 'Подготовка', titleEn: 'Preparation' });
    const group = await http().post('/api/groups').set('Authorization', s.admin).send({ courseId: course.body.id, name: 'Топ А', meetingUrl: 'https://meet.example.kz/a' });
    const other = await http().post('/api/groups').set('Authorization', s.admin).send({ courseId: course.body.id, name: 'Топ Б' });
    groupId = group.body.id as string;
    otherGroupId = other.body.id as string;
    await member(groupId, teacher.id, 'teacher');
    await member(groupId, pupil.id, 'pupil');
    await member(groupId, pupil2.id, 'pupil');
    await member(otherGroupId, otherTeacher.id, 'teacher');
    await member(otherGroupId, outsider.id, 'pupil');
    // November 2026 in Almaty (UTC+5): two held lessons, one cancelled, one not held, one held on the 30th at 23:30
    // (still November in Almaty) and one at 00:30 on 1 December (30 November in UTC: December's, not November's).
    await lesson('n1', '2026-11-02T19:00:00+05:00', 90);
    await lesson('n2', '2026-11-09T19:00:00+05:00', 60);
    await lesson('n3', '2026-11-16T19:00:00+05:00', 90);
    await lesson('n4', '2026-11-23T19:00:00+05:00', 90);
    await lesson('n5', '2026-11-30T23:30:00+05:00', 90);
    await lesson('d1', '2026-12-01T00:30:00+05:00', 90);
    await lesson('other', '2026-11-10T19:00:00+05:00', 90, {}, otherGroupId);
    for (const key of ['n1', 'n2', 'n5', 'd1']) await markPresent(key);
  }, 90_000);

  afterAll(async () => {
    await notifications?.close();
    await s.stop();
  });

  it('computes a teacher’s month from held lessons at the rate of their Almaty day, leaving cancelled and not-held lessons out', async () => {
    clock().set(new Date('2026-12-05T06:00:00Z'));
    // A held lesson cannot be cancelled; one without attendance can (twice is the same).
    const held = await http().put(`/api/lessons/${lessons.n1}/cancellation`).set('Authorization', s.admin).set('X-Locale', 'en').send({ reason: 'x' });
    expect([held.status, held.body.code]).toEqual([409, 'LESSON_ALREADY_HELD']);
    for (let i = 0; i < 2; i++) {
      const cancelled = await http().put(`/api/lessons/${lessons.n3}/cancellation`).set('Authorization', s.admin).send({ reason: 'Мұғалім ауырды' });
      expect([cancelled.status, cancelled.body.data]).toEqual([200, { lessonId: lessons.n3, cancelled: true, reason: 'Мұғалім ауырды' }]);
    }
    // 5,000 ₸ a lesson from 1 November, 4,000 ₸ an hour from 10 November.
    const rates = [{ per: 'lesson', amountTenge: 5000, effectiveFrom: '2026-11-01' }, { per: 'hour', amountTenge: 4000, effectiveFrom: '2026-11-10' }];
    for (const rate of rates) {
      const res = await http().post(`/api/teaching/teachers/${teacher.id}/wage-rates`).set('Authorization', s.admin).send(rate);
      expect([res.status, res.text]).toEqual([201, expect.any(String)]);
    }
    const again = await http().post(`/api/teaching/teachers/${teacher.id}/wage-rates`).set('Authorization', s.admin).set('X-Locale', 'ru').send(rates[0]);
    expect([again.status, again.body.code, again.body.message]).toEqual([409, 'WAGE_RATE_EXISTS', expect.stringContaining('2026-11-01')]);

    const nov = await http().get(`/api/teaching/teachers/${teacher.id}/salary?month=2026-11`).set('Authorization', teacher.token);
    expect(nov.status).toBe(200);
    expect(nov.body.data.lines.map((l: { lessonId: string; amountTenge: number; per: string }) => [l.lessonId, l.per, l.amountTenge])).toEqual([
      [lessons.n1, 'lesson', 5000],
      [lessons.n2, 'lesson', 5000],
      [lessons.n5, 'hour', 6000],
    ]);
    expect(nov.body.data).toMatchObject({ month: '2026-11', heldLessons: 3, cancelledLessons: 1, notHeldLessons: 1, unratedLessons: 0, totalTenge: 16000, paidTenge: 0, dueTenge: 16000 });
    expect(nov.body.data.lines[2].startsAtAlmaty).toBe('2026-11-30 23:30');
    const dec = await http().get(`/api/teaching/teachers/${teacher.id}/salary?month=2026-12`).set('Authorization', s.admin);
    expect(dec.body.data).toMatchObject({ heldLessons: 1, totalTenge: 6000 });
    expect(dec.body.data.lines[0]).toMatchObject({ lessonId: lessons.d1, startsAtAlmaty: '2026-12-01 00:30' });

    // The past-lessons tab: started lessons of the month, newest first, held and cancelled flagged.
    const past = await http().get(`/api/teaching/teachers/${teacher.id}/past-lessons?month=2026-11`).set('Authorization', teacher.token);
    expect(past.body.data.map((l: { lessonId: string; held: boolean; cancelled: boolean }) => [l.lessonId, l.held, l.cancelled])).toEqual([
      [lessons.n5, true, false], [lessons.n4, false, false], [lessons.n3, false, true], [lessons.n2, true, false], [lessons.n1, true, false],
    ]);
    const groups = await http().get(`/api/teaching/teachers/${teacher.id}/groups`).set('Authorization', teacher.token);
    expect(groups.body.data).toEqual([{ id: groupId, name: 'Топ А', course: { kk: 'Дайындық', ru: 'Подготовка', en: 'Preparation' }, pupils: 2, lessons: 6 }]);
  });

  it('records wage payments with who and when, in the audit log, and takes them off what is due', async () => {
    clock().set(new Date('2026-12-05T07:00:00Z'));
    const paid = await http().post(`/api/teaching/teachers/${teacher.id}/wage-payments`).set('Authorization', s.admin).send({ month: '2026-11', amountTenge: 10000, note: 'Қараша, 1-бөлік' });
    expect([paid.status, paid.text]).toEqual([201, expect.any(String)]);
    expect(paid.body.data).toMatchObject({ teacherId: teacher.id, month: '2026-11', amountTenge: 10000, paidAt: '2026-12-05T07:00:00.000Z' });
    const nov = await http().get(`/api/teaching/teachers/${teacher.id}/salary?month=2026-11`).set('Authorization', teacher.token);
    expect(nov.body.data).toMatchObject({ totalTenge: 16000, paidTenge: 10000, dueTenge: 6000 });
    const list = await http().get(`/api/teaching/teachers/${teacher.id}/wage-payments`).set('Authorization', teacher.token);
    expect(list.body.data).toEqual([expect.objectContaining({ id: paid.body.data.id, amountTenge: 10000, paidAt: '2026-12-05T07:00:00.000Z' })]);
    const [audit] = await s.sql<{ actor_id: string; action: string; after: { amountTenge: number; teacherId: string } }>(
      "SELECT actor_id, action, after FROM {learning}.audit_log WHERE resource = 'teaching/wage-payments' AND resource_id = $1", [paid.body.data.id]);
    expect(audit).toMatchObject({ actor_id: s.adminId, action: 'wage.pay', after: { amountTenge: 10000, teacherId: teacher.id } });
    expect((await s.sql("SELECT 1 FROM {learning}.audit_log WHERE action = 'wage-rate.set'")).length).toBe(2);
    // Tenge owed to people stays out of finance's points ledger: nothing but these tables holds it.
    expect((await s.sql("SELECT 1 FROM {learning}.outbox WHERE payload::text LIKE $1", [`%${paid.body.data.id}%`])).length).toBe(0);

    // Bad input: localized 400 in three languages, nothing written; someone who teaches nothing is refused; a missing person 404.
    const before = (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM {learning}.wage_payments'))[0].n;
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      const res = await http().post(`/api/teaching/teachers/${teacher.id}/wage-payments`).set('Authorization', s.admin).set('X-Locale', locale).send({ month: '2026-13', amountTenge: -1 });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
    const notTeacher = await http().post(`/api/teaching/teachers/${pupil.id}/wage-payments`).set('Authorization', s.admin).send({ month: '2026-11', amountTenge: 5 });
    expect([notTeacher.status, notTeacher.body.code]).toEqual([400, 'NOT_A_TEACHER']);
    expect((await http().post(`/api/teaching/teachers/${randomUUID()}/wage-payments`).set('Authorization', s.admin).send({ month: '2026-11', amountTenge: 5 })).status).toBe(404);
    expect((await http().get(`/api/teaching/teachers/${randomUUID()}/salary`).set('Authorization', s.admin)).status).toBe(404);
    expect((await http().put(`/api/lessons/${randomUUID()}/cancellation`).set('Authorization', s.admin).send({})).status).toBe(404);
    expect((await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM {learning}.wage_payments'))[0].n).toBe(before);
  });

  it('lets every role do exactly what its keys allow; a teacher reads only their own pay; a refused call writes nothing', async () => {
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    const holds = (roleId: RoleId, key: string) => roleId === ROLE.admin || rows.some((r) => r.role_id === roleId && r.name === key);
    expect(['wage:view', 'wage:rate_update', 'wage:pay'].every((k) => holds(ROLE.manager, k))).toBe(true);
    expect(['wage:view', 'wage:rate_update', 'wage:pay'].some((k) => holds(ROLE.contentMaker, k) || holds(ROLE.student, k))).toBe(false);
    const counts = async () => (await s.sql<{ n: string }>(
      `SELECT (SELECT count(*) FROM {learning}.wage_payments) || '/' || (SELECT count(*) FROM {learning}.teacher_wage_rates) || '/' || (SELECT count(*) FROM {learning}.lesson_cancellations) AS n`))[0].n;
    const before = await counts();
    const t = `/api/teaching/teachers/${teacher.id}`;
    const routes: { method: 'get' | 'post' | 'put' | 'delete'; path: string; key: string | 'self' | 'signed-in' | 'group-teacher' | 'teacher-or:sidebar:group_index' }[] = [
      { method: 'get', path: `${t}/groups`, key: 'self' },
      { method: 'get', path: `${t}/past-lessons`, key: 'self' },
      { method: 'get', path: `${t}/salary`, key: 'self' },
      { method: 'get', path: `${t}/wage-rates`, key: 'self' },
      { method: 'get', path: `${t}/wage-payments`, key: 'self' },
      { method: 'post', path: `${t}/wage-rates`, key: 'wage:rate_update' },
      { method: 'post', path: `${t}/wage-payments`, key: 'wage:pay' },
      { method: 'get', path: '/api/class-schedule', key: 'sidebar:group_index' },
      { method: 'put', path: `/api/lessons/${lessons.n4}/cancellation`, key: 'group:update' },
      { method: 'delete', path: `/api/lessons/${lessons.n4}/cancellation`, key: 'group:update' },
      { method: 'get', path: '/api/my-calendar', key: 'signed-in' },
      { method: 'get', path: `/api/attendance-report?group=${groupId}&from=2026-11-01&to=2026-11-30`, key: 'group-teacher' },
      { method: 'get', path: `/api/attendance-report/csv?group=${groupId}&from=2026-11-01&to=2026-11-30`, key: 'group-teacher' },
      { method: 'get', path: '/api/attendance-report/groups', key: 'signed-in' },
      { method: 'get', path: '/api/homework-overview', key: 'signed-in' },
      { method: 'get', path: `/api/homework-overview?group=${groupId}`, key: 'teacher-or:sidebar:group_index' },
    ];
    const callers: { name: string; token: string | null; roleId: RoleId | null; self: boolean }[] = [
      { name: 'anonymous', token: null, roleId: null, self: false },
      { name: 'the teacher', token: teacher.token, roleId: ROLE.contentMaker, self: true },
      { name: 'another teacher', token: otherTeacher.token, roleId: ROLE.contentMaker, self: false },
      { name: 'a pupil of the group', token: pupil.token, roleId: ROLE.student, self: false },
    ];
    for (const [name, roleId] of Object.entries(ROLE)) callers.push({ name, token: `Bearer ${await testToken({ roleId, userId: randomUUID() })}`, roleId, self: false });
    const wrong: string[] = [];
    for (const c of callers) {
      for (const r of routes) {
        let req = http()[r.method](r.path).set('X-Locale', 'en');
        if (c.token) req = req.set('Authorization', c.token);
        // Writes carry an unknown field: a caller let in gets 400 before anything is written.
        const res = r.method === 'post' || r.method === 'put' ? await req.send({ nope: 1 }) : await req;
        const allowed = c.roleId === null ? 401
          : r.key === 'signed-in' ? 'in'
          : r.key === 'self' ? (c.self || holds(c.roleId, 'wage:view') ? 'in' : 403)
          : r.key === 'group-teacher' ? (c.self || holds(c.roleId, 'sidebar:attendance_index') ? 'in' : 403)
          : r.key === 'teacher-or:sidebar:group_index' ? (c.self || holds(c.roleId, 'sidebar:group_index') ? 'in' : 403)
          : holds(c.roleId, r.key) ? 'in' : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'in';
        if (got !== allowed) wrong.push(`${c.name} ${r.method.toUpperCase()} ${r.path}: expected ${allowed}, got ${res.status} ${res.text.slice(0, 80)}`);
        expect(res.status).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
    // The other teacher's own page is theirs: no lessons of this teacher's group in it.
    const own = await http().get(`/api/teaching/teachers/${otherTeacher.id}/past-lessons?month=2026-11`).set('Authorization', otherTeacher.token);
    expect(own.body.data.map((l: { lessonId: string }) => l.lessonId)).toEqual([lessons.other]);
    const refused = await http().get(`${t}/salary`).set('Authorization', otherTeacher.token).set('X-Locale', 'kk');
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
  }, 60_000);

  it('shows the class schedule of a week with teachers by name, filtered by teacher and by group', async () => {
    const all = await http().get('/api/class-schedule?week=2026-11-11').set('Authorization', s.admin);
    expect(all.status).toBe(200);
    expect([all.body.from, all.body.to]).toEqual(['2026-11-09', '2026-11-15']);
    expect(all.body.data.map((l: { id: string }) => l.id)).toEqual([lessons.n2, lessons.other]);
    expect(all.body.data[0]).toMatchObject({ groupName: 'Топ А', day: '2026-11-09', weekday: 1, startsAtAlmaty: '2026-11-09 19:00', held: true, cancelled: false, teachers: [{ userId: teacher.id, name: 'Мұғалімова Гүлнар' }] });
    expect(all.body.teachers.map((x: { name: string }) => x.name)).toEqual(['Екінші Бауыржан', 'Мұғалімова Гүлнар']);
    const byTeacher = await http().get(`/api/class-schedule?week=2026-11-11&teacherId=${otherTeacher.id}`).set('Authorization', s.admin);
    expect(byTeacher.body.data.map((l: { id: string }) => l.id)).toEqual([lessons.other]);
    const byGroup = await http().get(`/api/class-schedule?week=2026-11-11&groupId=${groupId}`).set('Authorization', s.admin);
    expect(byGroup.body.data.map((l: { id: string }) => l.id)).toEqual([lessons.n2]);
    const bad = await http().get('/api/class-schedule?week=soon').set('Authorization', s.admin).set('X-Locale', 'ru');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('reports a group’s attendance over Almaty days: marks, totals, range edges, CSV with a BOM and names; refusals change nothing', async () => {
    const marks = [{ userId: pupil2.id, status: 'late' }];
    expect((await http().put(`/api/lessons/${lessons.n1}/attendance`).set('Authorization', teacher.token).send({ marks })).status).toBe(200);
    expect((await http().put(`/api/lessons/${lessons.n2}/attendance`).set('Authorization', teacher.token).send({ marks: [{ userId: pupil2.id, status: 'absent' }] })).status).toBe(200);
    expect((await http().put(`/api/lessons/${lessons.n5}/attendance`).set('Authorization', teacher.token).send({ marks: [{ userId: pupil2.id, status: 'excused' }] })).status).toBe(200);
    const get = (q: string, token = s.admin, locale = 'en', path = 'attendance-report') => http().get(`/api/${path}?group=${groupId}&${q}`).set('Authorization', token).set('X-Locale', locale);

    // November in Almaty: n5 (30 Nov 23:30) is in, d1 (1 Dec 00:30, still 30 Nov in UTC) is not; the other group's lesson never.
    const nov = await get('from=2026-11-01&to=2026-11-30');
    expect(nov.status).toBe(200);
    expect(nov.body.group).toEqual({ id: groupId, name: 'Топ А', course: { kk: 'Дайындық', ru: 'Подготовка', en: 'Preparation' } });
    expect(nov.body.lessons.map((l: { id: string; startsAtAlmaty: string; cancelled: boolean }) => [l.id, l.startsAtAlmaty, l.cancelled])).toEqual([
      [lessons.n1, '2026-11-02 19:00', false], [lessons.n2, '2026-11-09 19:00', false], [lessons.n3, '2026-11-16 19:00', true],
      [lessons.n4, '2026-11-23 19:00', false], [lessons.n5, '2026-11-30 23:30', false],
    ]);
    expect(nov.body.data).toEqual([
      { userId: pupil2.id, name: 'Bekov Nurlan', marks: ['late', 'absent', null, null, 'excused'], present: 0, late: 1, absent: 1, excused: 1 },
      { userId: pupil.id, name: 'Sadykova Aigerim', marks: ['present', 'present', null, null, 'present'], present: 3, late: 0, absent: 0, excused: 0 },
    ]);
    const dec1 = await get('from=2026-12-01&to=2026-12-01');
    expect(dec1.body.lessons.map((l: { id: string }) => l.id)).toEqual([lessons.d1]);
    expect(dec1.body.data.map((p: { marks: unknown[] }) => p.marks)).toEqual([[null], ['present']]);
    const nov30 = await get('from=2026-11-30&to=2026-11-30', teacher.token);
    expect([nov30.status, nov30.body.lessons.map((l: { id: string }) => l.id)]).toEqual([200, [lessons.n5]]);
    // 366 days is the longest period; 367 days, an end before the start, an impossible day or a missing group are refused.
    expect((await get('from=2026-01-01&to=2027-01-01')).status).toBe(200);
    const long = await get('from=2026-01-01&to=2027-01-02', s.admin, 'ru');
    expect([long.status, long.body.code, long.body.message]).toEqual([400, 'DATE_RANGE_INVALID', expect.stringContaining('366 дней')]);
    const backwards = await get('from=2026-11-30&to=2026-11-01', s.admin, 'kk');
    expect([backwards.status, backwards.body.code, backwards.body.message]).toEqual([400, 'DATE_RANGE_INVALID', expect.stringContaining('366 күн')]);
    for (const [q, code] of [
      ['from=2026-02-30&to=2026-03-01', 'VALIDATION_FAILED'], ['from=2026-11-01', 'VALIDATION_FAILED'], ['from=yesterday&to=2026-11-01', 'VALIDATION_FAILED'],
      ['from=2026-11-01&to=2026-11-30&lang=de', 'VALIDATION_FAILED'], ['from=2026-11-01&to=2026-11-30&format=xlsx', 'UNKNOWN_FIELD'],
    ]) {
      const bad = await get(q, s.admin, 'ru');
      expect([q, bad.status, bad.body.code, typeof bad.body.message]).toEqual([q, 400, code, 'string']);
    }
    const missing = await http().get(`/api/attendance-report?group=${randomUUID()}&from=2026-11-01&to=2026-11-30`).set('Authorization', s.admin).set('X-Locale', 'en');
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    // Another group's teacher and a pupil of the group are refused; the teacher lists only their own groups.
    expect((await get('from=2026-11-01&to=2026-11-30', otherTeacher.token)).status).toBe(403);
    expect((await get('from=2026-11-01&to=2026-11-30', pupil.token)).status).toBe(403);
    const own = await http().get('/api/attendance-report/groups').set('Authorization', otherTeacher.token);
    expect(own.body.data.map((g: { name: string }) => g.name)).toEqual(['Топ Б']);
    const all = await http().get('/api/attendance-report/groups').set('Authorization', s.admin);
    expect(all.body.data.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['Топ А', 'Топ Б']));

    // The CSV: the same table in the caller's language, UTF-8 with a BOM, names and no ids.
    const csv = await get('from=2026-11-01&to=2026-11-30', s.admin, 'ru', 'attendance-report/csv').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect([csv.status, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="attendance-2026-11-01-2026-11-30.csv"']);
    const bytes = csv.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      'Ученик,2026-11-02 19:00 Урок n1,2026-11-09 19:00 Урок n2,2026-11-16 19:00 Урок n3 (отменён),2026-11-23 19:00 Урок n4,2026-11-30 23:30 Урок n5,Был,Опоздал,Не был,Уважительная причина',
      'Bekov Nurlan,Опоздал,Не был,,,Уважительная причина,0,1,1,1',
      'Sadykova Aigerim,Был,Был,,,Был,3,0,0,0',
      '',
    ]);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const kk = await get('from=2026-11-01&to=2026-11-30&lang=kk', s.admin, 'ru', 'attendance-report/csv');
    expect(kk.text).toContain('Келді');
  });

  it('lists homework across the groups one may see, with hand-ins, graded and late counts, filtered by group and Almaty due days', async () => {
    clock().set(new Date('2026-11-25T06:00:00Z'));
    const set = await http().post(`/api/lessons/${lessons.n4}/homework`).set('Authorization', teacher.token)
      .send({ title: 'Бөлшектер', dueAt: '2026-11-30T23:59:00+05:00', maxPoints: 10 });
    expect([set.status, set.text]).toEqual([201, expect.any(String)]);
    const homeworkId = set.body.data.id as string;
    const other = await http().post(`/api/lessons/${lessons.other}/homework`).set('Authorization', otherTeacher.token).send({ title: 'Other', dueAt: '2026-12-01T00:30:00+05:00' });
    expect(other.status).toBe(201);
    expect((await http().put(`/api/homework/${homeworkId}/submission`).set('Authorization', pupil.token).send({ text: 'Жауап' })).status).toBe(200);
    clock().set(new Date('2026-11-30T19:30:00Z')); // 1 December 00:30 in Almaty: after the due time, late.
    // The late one is graded (pupil2: the reminders case below counts the first pupil's notices).
    const late = await http().put(`/api/homework/${homeworkId}/submission`).set('Authorization', pupil2.token).send({ text: 'Кеш' });
    expect([late.status, late.body.data.late]).toEqual([200, true]);
    expect((await http().put(`/api/homework-submissions/${late.body.data.id}/grade`).set('Authorization', teacher.token).send({ points: 8 })).status).toBe(200);

    const list = async (q: string, token = s.admin) => {
      const res = await http().get(`/api/homework-overview${q}`).set('Authorization', token).set('X-Locale', 'ru');
      return res;
    };
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.data.map((h: { title: string }) => h.title)).toEqual(['Other', 'Бөлшектер']);
    expect(all.body.data[1]).toMatchObject({ id: homeworkId, dueAtAlmaty: '2026-11-30 23:59', maxPoints: 10, group: { id: groupId, name: 'Топ А' }, lesson: { id: lessons.n4 }, pupils: 2, handedIn: 2, graded: 1, late: 1 });
    expect(all.body.groups.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['Топ А', 'Топ Б']));
    // The due day is Almaty's: 30 November holds this group's task, 1 December the other group's (30 November in UTC).
    expect((await list('?dueFrom=2026-11-30&dueTo=2026-11-30')).body.data.map((h: { id: string }) => h.id)).toEqual([homeworkId]);
    expect((await list('?dueFrom=2026-12-01')).body.data.map((h: { title: string }) => h.title)).toEqual(['Other']);
    expect((await list(`?group=${otherGroupId}`)).body.data.map((h: { title: string }) => h.title)).toEqual(['Other']);
    // A teacher sees only their groups; asking for another's is 403; bad days and ranges are localized 400s; a missing group 404.
    const mine = await list('', teacher.token);
    expect([mine.body.data.map((h: { id: string }) => h.id), mine.body.groups.map((g: { name: string }) => g.name)]).toEqual([[homeworkId], ['Топ А']]);
    expect((await list(`?group=${otherGroupId}`, teacher.token)).status).toBe(403);
    expect((await list('', pupil.token)).body).toEqual({ data: [], groups: [] });
    const backwards = await list('?dueFrom=2026-12-01&dueTo=2026-11-01');
    expect([backwards.status, backwards.body.code, backwards.body.message]).toEqual([400, 'DATE_RANGE_INVALID', expect.stringContaining('366 дней')]);
    expect([(await list('?dueFrom=2026-13-01')).status, (await list(`?group=${randomUUID()}`)).status]).toEqual([400, 404]);
  });

  it('gives a pupil a secret calendar URL whose feed parses with an iCal library and shows the lessons at their Almaty times', async () => {
    clock().set(new Date('2026-11-20T06:00:00Z'));
    expect((await http().get('/api/my-calendar').set('Authorization', pupil.token)).body.data).toEqual({ url: null, createdAt: null });
    const made = await http().post('/api/my-calendar').set('Authorization', pupil.token);
    expect(made.status).toBe(201);
    const url = made.body.data.url as string;
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const path = new URL(url).pathname;
    const res = await http().get(path).set('X-Locale', 'ru');
    expect([res.status, res.headers['content-type']]).toEqual([200, 'text/calendar; charset=utf-8']);
    const text = res.text;
    expect(text).toContain(`DTSTART;TZID=Asia/Almaty:20261130T233000`);
    expect(text).toContain('BEGIN:VTIMEZONE');
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
    const byId = new Map(events.map((e) => [e.uid, e]));
    // The pupil's group only, a month back and half a year ahead; titles in the feed's language.
    expect([...byId.keys()].sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'd1'].map((k) => `${lessons[k]}@olymp`).sort());
    const n5 = byId.get(`${lessons.n5}@olymp`) as ical.VEvent;
    expect(n5.start.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(n5.end?.toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(n5.start.tz).toBe('Asia/Almaty');
    expect(String(n5.summary)).toBe('Урок n5');
    expect(byId.get(`${lessons.n3}@olymp`)?.status).toBe('CANCELLED');
    const english = ical.sync.parseICS((await http().get(`${path}?lang=en`)).text)[`${lessons.n5}@olymp`] as ical.VEvent;
    expect(String(english.summary)).toBe('Lesson n5');
    expect(byId.get(`${lessons.n4}@olymp`)?.status).toBe('CONFIRMED');
    // The other group's pupil sees none of them; no token is a 404 with a localized message.
    const theirs = await http().post('/api/my-calendar').set('Authorization', outsider.token);
    const other = ical.sync.parseICS((await http().get(new URL(theirs.body.data.url as string).pathname)).text);
    expect(Object.values(other).filter((c) => c?.type === 'VEVENT').map((e) => (e as ical.VEvent).uid)).toEqual([`${lessons.other}@olymp`]);
    const guessed = await http().get(`/api/calendar/${'A'.repeat(43)}.ics`).set('X-Locale', 'en');
    expect([guessed.status, guessed.body.code]).toEqual([404, 'CALENDAR_FEED_NOT_FOUND']);
    // A new URL ends the old one at once; revoking ends the new one.
    const renewed = await http().post('/api/my-calendar').set('Authorization', pupil.token);
    expect(renewed.body.data.url).not.toBe(url);
    expect((await http().get(path)).status).toBe(404);
    const newPath = new URL(renewed.body.data.url as string).pathname;
    expect((await http().get(newPath)).status).toBe(200);
    expect((await http().delete('/api/my-calendar').set('Authorization', pupil.token)).body.data).toEqual({ url: null, createdAt: null });
    expect((await http().get(newPath)).status).toBe(404);
  });

  it('reminds a live lesson’s pupils an hour before, once, whatever the passes, workers and restarts; notifications sends a notice and an SMS each', async () => {
    await lesson('r1', '2026-12-02T19:00:00+05:00', 90);
    await lesson('r2', '2026-12-02T19:30:00+05:00', 90);
    await lesson('r3', '2026-12-02T19:15:00+05:00', 90, { kind: 'recorded' });
    await lesson('r4', '2026-12-02T19:05:00+05:00', 45);
    expect((await http().put(`/api/lessons/${lessons.r2}/cancellation`).set('Authorization', s.admin).send({})).status).toBe(200);
    const reminded = async () => (await s.sql<{ lessonId: string; pupils: string[]; startsAtAlmaty: string }>(
      `SELECT payload->>'lessonId' AS "lessonId", payload->'pupils' AS pupils, payload->>'startsAtAlmaty' AS "startsAtAlmaty"
         FROM {learning}.outbox WHERE subject = 'lesson.reminder.due' ORDER BY created_at`));
    const reminders = () => s.learning.app.get(LessonReminders);

    // 61 minutes before: too early.
    clock().set(new Date('2026-12-02T12:59:00Z'));
    expect(await reminders().sweep()).toBe(0);
    // 59 minutes before: once; the next passes find it reminded.
    clock().set(new Date('2026-12-02T13:01:00Z'));
    expect(await reminders().sweep()).toBe(1);
    expect(await reminders().sweep()).toBe(0);
    expect(await reminded()).toEqual([{ lessonId: lessons.r1, pupils: [pupil.id, pupil2.id], startsAtAlmaty: '2026-12-02 19:00' }]);

    // Two workers (replicas) racing for the next lesson: one of them reminds it.
    const second = await startLearning(s.ns.envFor('learning'));
    try {
      second.app.get(Clock).set(new Date('2026-12-02T13:10:00Z'));
      clock().set(new Date('2026-12-02T13:10:00Z'));
      const both = await Promise.all([second.app.get(LessonReminders).sweep(), reminders().sweep(), second.app.get(LessonReminders).sweep()]);
      expect(both[0] + both[1]).toBe(1);
    } finally {
      await second.close();
    }
    await s.learning.close();
    s.learning = await startLearning(s.ns.envFor('learning'));
    clock().set(new Date('2026-12-02T13:20:00Z'));
    expect(await reminders().sweep()).toBe(0);
    expect((await reminded()).map((r) => r.lessonId)).toEqual([lessons.r1, lessons.r4]);

    // Notifications: one notice and one SMS per pupil, in the reader's language.
    const schema = s.ns.schemaOf('notifications');
    const notices = async () => (await s.pg.query(`SELECT user_id, params FROM "${schema}".notices WHERE kind = 'lesson.reminder' AND params->>'lessonId' = $1 ORDER BY user_id`, [lessons.r1])).rows as { user_id: string; params: { time: string } }[];
    await waitFor(async () => (await notices()).length === 2, { timeoutMs: 20_000 });
    expect((await notices()).map((n) => [n.user_id, n.params.time])).toEqual([[pupil.id, '19:00'], [pupil2.id, '19:00']].sort((a, b) => a[0].localeCompare(b[0])));
    const [{ phone }] = await s.sql<{ phone: string }>('SELECT phone FROM {auth}.users WHERE id = $1', [pupil.id]);
    const inbox = async () => (await request(notifications.url).get('/api/dev/sms').query({ to: phone })).body.data as { text: string }[];
    await waitFor(async () => (await inbox()).length === 2, { timeoutMs: 20_000 });
    expect((await inbox()).map((m) => m.text).sort()).toEqual([
      'Olymp: «r1 сабақ» сабағы 19:00-да.\nOlymp: урок «Урок r1» в 19:00.',
      'Olymp: «r4 сабақ» сабағы 19:05-да.\nOlymp: урок «Урок r4» в 19:05.',
    ]);
    const list = await request(notifications.url).get('/api/notices').set('Authorization', pupil.token).set('X-Locale', 'en');
    expect(list.body.data.map((n: { kind: string; title: string; text: string }) => [n.kind, n.title, n.text]).sort()).toEqual([
      ['lesson.reminder', 'A lesson soon', '"Lesson r1" starts at 19:00 (Almaty time). The group link opens 15 minutes before.'],
      ['lesson.reminder', 'A lesson soon', '"Lesson r4" starts at 19:05 (Almaty time). The group link opens 15 minutes before.'],
    ]);
  }, 90_000);
});
