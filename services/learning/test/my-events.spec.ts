/**
 * Events, pupil side (issue 16): the audience rules of `my-events` (all, a grade, a course's group members; published
 * only; ended ones drop off the list), times in Asia/Almaty, 404 for an event not for the caller, the .ics file
 * (parsed with node-ical: Almaty times right, text in the X-Locale language, a centre as LOCATION), and the reminder
 * an hour before on the kit's Clock: nothing at T-61 min, one notice per audience pupil at T-60 (even with two
 * workers sweeping at once), none again. Every new route x every role.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import ical, { type VEvent } from 'node-ical';
import { startNotifications } from '@olymp/notifications';
import { EventReminders } from '@olymp/learning';
import { ROLE, type RoleId } from '@olymp/proto';
import { Clock, EventOutbox, KIT_LOGGER, RpcClient, type RunningService } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import { DataSource } from 'typeorm';
import { type Pupil, learningStack } from './support';

const eventBody = (extra: Record<string, unknown> = {}) => ({
  titleKk: 'Олимпиадаға дайындық вебинары', titleRu: 'Вебинар подготовки к олимпиаде', titleEn: 'Olympiad preparation webinar',
  descriptionKk: 'Есептер талдауы', descriptionRu: 'Разбор задач', descriptionEn: 'Problem review',
  startsAt: '2026-12-05T19:00:00+05:00', endsAt: '2026-12-05T20:30:00+05:00', onlineUrl: 'https://meet.example.kz/webinar', ...extra,
});

describe('events: the pupil side', () => {
  const s = learningStack();
  let notifications: RunningService;
  const clock = () => s.learning.app.get(Clock);
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  let grade6: Pupil;
  let grade7: Pupil;
  let coursePupil: Pupil;
  let courseTeacher: Pupil;
  const ids = {} as Record<'all' | 'g6' | 'course' | 'draft' | 'past' | 'otherCourse' | 'centre', string>;

  const create = async (extra: Record<string, unknown>, publish = true) => {
    const res = await s.http().post('/api/events').set('Authorization', s.admin).send(eventBody(extra));
    ok(res, 201);
    if (publish) ok(await s.http().post(`/api/events/${res.body.id}/publish`).set('Authorization', s.admin));
    return res.body.id as string;
  };
  const get = (path: string, token: string, locale = 'en') => s.http().get(`/api${path}`).set('Authorization', token).set('X-Locale', locale);
  const idsOf = async (token: string) => {
    const res = await get('/my-events', token);
    ok(res);
    return (res.body.data as { id: string }[]).map((e) => e.id);
  };

  beforeAll(async () => {
    await s.start();
    notifications = await startNotifications(s.ns.envFor('notifications'));
    clock().set(new Date('2026-12-01T09:00:00Z'));
    [grade6, grade7, coursePupil, courseTeacher] = [await s.pupil(6, { firstName: 'Айгерім', lastName: 'Сәрсенова' }), await s.pupil(7), await s.pupil(7), await s.pupil(null, { roleId: ROLE.examObserver })];

    const course = await s.http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'live', titleKk: 'Курс', titleRu: 'Курс', titleEn: 'Course' });
    const other = await s.http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'live', titleKk: 'Басқа', titleRu: 'Другой', titleEn: 'Other' });
    const group = await s.http().post('/api/groups').set('Authorization', s.admin).send({ courseId: course.body.id, name: 'Топ А', capacity: 20 });
    ok(group, 201);
    ok(await s.http().post(`/api/groups/${group.body.id}/members`).set('Authorization', s.admin).send({ userId: coursePupil.id, role: 'pupil' }), 201);
    ok(await s.http().post(`/api/groups/${group.body.id}/members`).set('Authorization', s.admin).send({ userId: courseTeacher.id, role: 'teacher' }), 201);

    // Starts (Almaty): all 5 Dec 19:00, grade 6 on 3 Dec 10:00, course on 4 Dec 16:00, the past one ended 30 Nov.
    ids.all = await create({});
    ids.g6 = await create({ audience: 'grade', grade: 6, startsAt: '2026-12-03T10:00:00+05:00', endsAt: '2026-12-03T11:00:00+05:00' });
    ids.course = await create({ audience: 'course', courseId: course.body.id, startsAt: '2026-12-04T16:00:00+05:00', endsAt: '2026-12-04T17:00:00+05:00' });
    ids.draft = await create({ startsAt: '2026-12-02T10:00:00+05:00', endsAt: '2026-12-02T11:00:00+05:00' }, false);
    ids.past = await create({ startsAt: '2026-11-30T10:00:00+05:00', endsAt: '2026-11-30T11:00:00+05:00' });
    ids.otherCourse = await create({ audience: 'course', courseId: other.body.id });
    const [centre] = await s.sql<{ id: number }>(
      `INSERT INTO {auth}.centers (city_id, name_kk, name_ru, name_en, address, phone)
       SELECT id, 'Білім орталығы', 'Центр знаний', 'Knowledge centre', 'Абай даңғылы 10', '+77010000000' FROM {auth}.cities ORDER BY id LIMIT 1 RETURNING id`,
    );
    ids.centre = await create({ audience: 'grade', grade: 7, onlineUrl: null, centerId: centre.id, startsAt: '2026-12-06T09:30:00+05:00', endsAt: '2026-12-06T12:00:00+05:00' });
  }, 90_000);

  afterAll(async () => {
    await notifications?.close();
    await s.stop();
  });

  it('lists the published, not yet ended events of the pupil\'s audience, soonest first, in Almaty time', async () => {
    expect(await idsOf(grade6.token)).toEqual([ids.g6, ids.all]);
    expect(await idsOf(grade7.token)).toEqual([ids.all, ids.centre]);
    expect(await idsOf(coursePupil.token)).toEqual([ids.course, ids.all, ids.centre]);
    expect(await idsOf(courseTeacher.token)).toEqual([ids.course, ids.all]);
    expect(await idsOf(s.admin)).toEqual([ids.all]);

    const [first] = (await get('/my-events', grade6.token)).body.data;
    expect(first).toEqual({
      id: ids.g6,
      title: { kk: 'Олимпиадаға дайындық вебинары', ru: 'Вебинар подготовки к олимпиаде', en: 'Olympiad preparation webinar' },
      description: { kk: 'Есептер талдауы', ru: 'Разбор задач', en: 'Problem review' },
      imageUrl: null, startsAt: '2026-12-03T10:00:00.000+05:00', endsAt: '2026-12-03T11:00:00.000+05:00',
      onlineUrl: 'https://meet.example.kz/webinar', centerId: null,
    });
    // An event being held is still listed until it ends; after its end it drops off.
    clock().set(new Date('2026-12-03T05:30:00Z'));
    expect(await idsOf(grade6.token)).toEqual([ids.g6, ids.all]);
    clock().set(new Date('2026-12-03T06:00:00Z'));
    expect(await idsOf(grade6.token)).toEqual([ids.all]);
    clock().set(new Date('2026-12-01T09:00:00Z'));
  });

  it('opens an event for its audience; unpublished, someone else\'s or missing is a localized 404', async () => {
    const page = await get(`/my-events/${ids.course}`, coursePupil.token);
    ok(page);
    expect(page.body.data).toMatchObject({ id: ids.course, startsAt: '2026-12-04T16:00:00.000+05:00' });
    ok(await get(`/my-events/${ids.past}`, grade7.token));
    for (const [id, who] of [[ids.draft, grade6], [ids.g6, grade7], [ids.course, grade6], [ids.otherCourse, coursePupil], [randomUUID(), grade6]] as const) {
      const messages = new Set<string>();
      for (const locale of ['kk', 'ru', 'en']) {
        for (const path of [`/my-events/${id}`, `/my-events/${id}/calendar`]) {
          const res = await get(path, who.token, locale);
          expect([path, res.status, res.body.code]).toEqual([path, 404, 'NOT_FOUND']);
          messages.add(res.body.message);
        }
      }
      expect(messages.size).toBe(3);
    }
    const odd = [await get('/my-events/not-a-uuid', grade6.token), await get('/my-events/%00/calendar', grade6.token), await get('/my-events?x=1', grade6.token)];
    expect(odd.map((r) => r.status).filter((st) => st >= 500)).toEqual([]);
    // Unpublishing takes it away from the pupil at once.
    ok(await s.http().post(`/api/events/${ids.all}/unpublish`).set('Authorization', s.admin));
    expect((await get(`/my-events/${ids.all}`, grade6.token)).status).toBe(404);
    ok(await s.http().post(`/api/events/${ids.all}/publish`).set('Authorization', s.admin));
  });

  it('gives an .ics that parses, with Almaty times, the reader\'s language and the place', async () => {
    const res = await get(`/my-events/${ids.all}/calendar`, grade6.token, 'ru');
    ok(res);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${ids.all}.ics"`);
    expect(res.text).toContain('DTSTART;TZID=Asia/Almaty:20261205T190000');
    expect(res.text).toContain('TZID:Asia/Almaty');
    const parsed = Object.values(ical.sync.parseICS(res.text)).filter((c): c is VEvent => c.type === 'VEVENT');
    expect(parsed).toHaveLength(1);
    const [e] = parsed;
    expect([e.start.toISOString(), e.end.toISOString()]).toEqual(['2026-12-05T14:00:00.000Z', '2026-12-05T15:30:00.000Z']);
    expect([e.summary, e.uid, e.location]).toEqual(['Вебинар подготовки к олимпиаде', `${ids.all}@olymp`, 'https://meet.example.kz/webinar']);
    expect(String(e.description)).toContain('Разбор задач');

    const kk = await get(`/my-events/${ids.centre}/calendar`, grade7.token, 'kk');
    ok(kk);
    const [c] = Object.values(ical.sync.parseICS(kk.text)).filter((x): x is VEvent => x.type === 'VEVENT');
    expect([c.summary, c.location, c.start.toISOString()]).toEqual(['Олимпиадаға дайындық вебинары', 'Білім орталығы, Абай даңғылы 10', '2026-12-06T04:30:00.000Z']);
  });

  it('reminds each audience pupil once, an hour before: nothing at T-61 min, one notice at T-60, none again', async () => {
    const reminders = s.learning.app.get(EventReminders);
    // The service's own 15 s timer stops, so every pass below is the test's own (the Clock jumps around here).
    await reminders.onApplicationShutdown();
    const sent = async () => s.sql<{ payload: { eventId: string; userIds: string[] } }>("SELECT payload FROM {learning}.outbox WHERE subject = 'learning.event.reminded' ORDER BY created_at");
    const notices = async (p: Pupil) => {
      const res = await request(notifications.url).get('/api/notices').set('authorization', p.token).set('x-locale', 'ru');
      ok(res);
      return (res.body.data as { kind: string; title: string; text: string; data: { eventId: string } }[]).filter((n) => n.kind === 'event.reminder');
    };
    // The grade 6 event starts 3 Dec 10:00 Almaty = 05:00Z.
    const starts = Date.parse('2026-12-03T05:00:00Z');
    clock().set(starts - 61 * 60_000);
    expect(await reminders.sweep()).toBe(0);
    expect(await sent()).toEqual([]);

    clock().set(starts - 60 * 60_000);
    // A second worker (another replica) sweeping at the same moment: the row lock lets exactly one remind it.
    const other = new EventReminders(s.learning.app.get(DataSource), clock(), s.learning.app.get(EventOutbox), s.learning.app.get(RpcClient), s.learning.app.get(KIT_LOGGER));
    const counts = await Promise.all([reminders.sweep(), other.sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await sent()).map((r) => r.payload)).toEqual([expect.objectContaining({ eventId: ids.g6, userIds: [grade6.id] })]);
    const [row] = await s.sql<{ reminded_at: Date }>('SELECT reminded_at FROM {learning}.events WHERE id = $1', [ids.g6]);
    expect(row.reminded_at.getTime()).toBe(starts - 60 * 60_000);

    const got = await waitFor(async () => { const n = await notices(grade6); return n.length ? n : undefined; }, { what: 'the reminder notice' });
    expect(got).toEqual([expect.objectContaining({ title: 'Через час: Вебинар подготовки к олимпиаде', text: '«Вебинар подготовки к олимпиаде» начнётся в 10:00 (по времени Алматы).', data: expect.objectContaining({ eventId: ids.g6 }) })]);

    // Later passes, and a restarted process's (a fresh sweeper), send nothing more.
    clock().set(starts - 30 * 60_000);
    expect(await reminders.sweep()).toBe(0);
    expect(await other.sweep()).toBe(0);
    expect(await sent()).toHaveLength(1);
    for (const p of [grade7, coursePupil]) expect(await notices(p)).toEqual([]);
    expect(await notices(grade6)).toHaveLength(1);

    // The course event reaches its group's pupil (not the teacher); an audience of everyone reaches every pupil.
    clock().set(Date.parse('2026-12-04T10:30:00Z'));
    expect(await reminders.sweep()).toBe(1);
    // Two events start 5 Dec 19:00: everyone's, and one for a course nobody is in (reminded, no message).
    clock().set(Date.parse('2026-12-05T13:00:00Z'));
    expect(await reminders.sweep()).toBe(2);
    const payloads = (await sent()).map((r) => r.payload);
    expect(payloads[1]).toMatchObject({ eventId: ids.course, userIds: [coursePupil.id] });
    const pupils = (await s.sql<{ id: string }>('SELECT id FROM {auth}.users WHERE role_id = $1 ORDER BY id', [ROLE.student])).map((r) => r.id);
    expect(payloads[2]).toMatchObject({ eventId: ids.all, userIds: pupils });
    await waitFor(async () => (await notices(coursePupil)).length === 2, { what: 'the course pupil\'s two reminders' });
    clock().set(new Date('2026-12-01T09:00:00Z'));
  });

  it('every new route x every role: 401 without a token, let in when signed in, no 5xx, nothing changed', async () => {
    const snapshot = async () => s.sql('SELECT id, published, reminded_at FROM {learning}.events ORDER BY id');
    const before = await snapshot();
    const wrong: string[] = [];
    const callers: { name: string; roleId: RoleId | null }[] = [{ name: 'anonymous', roleId: null }, ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId }))];
    for (const caller of callers) {
      const token = caller.roleId === null ? null : (await s.pupil(caller.roleId === ROLE.student ? 5 : null, { roleId: caller.roleId })).token;
      for (const path of ['/my-events', `/my-events/${ids.all}`, `/my-events/${ids.all}/calendar`]) {
        let req = s.http().get(`/api${path}`).set('X-Locale', 'en');
        if (token) req = req.set('Authorization', token);
        const res = await req;
        const want = caller.roleId === null ? 401 : 200;
        if (res.status !== want) wrong.push(`${caller.name}: GET ${path}: expected ${want}, got ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
