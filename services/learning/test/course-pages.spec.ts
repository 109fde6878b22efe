/**
 * An online course's pupil pages (issue 15, docs/course-pages.md) against real PostgreSQL and NATS: the group's news
 * feed (teachers and staff post, the group's pupils read newest first with a cursor), consultation slots booked once
 * (two pupils booking the same time at once: exactly one wins, the other gets a localized 409 and nothing of theirs
 * is written), cancelling until two hours before, the course's terms versioned and accepted before the lessons, and
 * every new route x every role (401, 403, nothing changed by a refused call). A new post reaches the group's pupils
 * as a notice (`course.news.posted` through the outbox to notifications).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startNotifications } from '@olymp/notifications';
import { CONSULTATION_CANCEL_HOURS, ROLE, type RoleId, parseEvent } from '@olymp/proto';
import { Clock, type RunningService } from '@olymp/server-kit';
import { testToken, waitFor } from '@olymp/server-kit/testing';
import { type Pupil, learningStack } from './support';

describe('course pages: news feed, consultations, onboarding and agreements', () => {
  const s = learningStack();
  let notifications: RunningService;
  let teacher: Pupil;
  let otherTeacher: Pupil;
  let pupil: Pupil;
  let pupil2: Pupil;
  let outsider: Pupil;
  let courseId = '';
  let groupId = '';
  let otherGroupId = '';
  const clock = () => s.learning.app.get(Clock);
  const http = () => s.http();
  const NOW = new Date('2026-12-01T05:00:00Z');

  async function member(group: string, userId: string, role: 'pupil' | 'teacher') {
    const res = await http().post(`/api/groups/${group}/members`).set('Authorization', s.admin).send({ userId, role });
    expect([res.status, res.text]).toEqual([201, expect.any(String)]);
  }

  async function openSlot(startsAt: string, endsAt: string, token = teacher.token, group = groupId): Promise<string> {
    const res = await http().post(`/api/groups/${group}/consultation-slots`).set('Authorization', token).send({ startsAt, endsAt });
    expect([res.status, res.text]).toEqual([201, expect.any(String)]);
    return res.body.data.id as string;
  }

  const slotRow = async (id: string) =>
    (await s.sql<{ booked_by: string | null; booked_by_name: string | null; booked_at: Date | null }>('SELECT booked_by, booked_by_name, booked_at FROM {learning}.consultation_slots WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    await s.start();
    notifications = await startNotifications(s.ns.envFor('notifications'));
    clock().set(NOW);
    teacher = await s.pupil(null, { roleId: ROLE.contentMaker, firstName: 'Гүлнар', lastName: 'Мұғалімова' });
    otherTeacher = await s.pupil(null, { roleId: ROLE.contentMaker, firstName: 'Бауыржан', lastName: 'Екінші' });
    pupil = await s.pupil(7, { firstName: 'Aigerim', lastName: 'Sadykova' });
    pupil2 = await s.pupil(7, { firstName: 'Nurlan', lastName: 'Bekov' });
    outsider = await s.pupil(7, { firstName: 'Dana', lastName: 'Other' });
    const course = await http().post('/api/courses').set('Authorization', s.admin).send({ kind: 'live', titleKk: 'Дайындық', titleRu: 'Подготовка', titleEn: 'Preparation' });
    courseId = course.body.id as string;
    const group = await http().post('/api/groups').set('Authorization', s.admin).send({ courseId, name: 'Топ А' });
    const other = await http().post('/api/groups').set('Authorization', s.admin).send({ courseId, name: 'Топ Б' });
    groupId = group.body.id as string;
    otherGroupId = other.body.id as string;
    await member(groupId, teacher.id, 'teacher');
    await member(groupId, pupil.id, 'pupil');
    await member(groupId, pupil2.id, 'pupil');
    await member(otherGroupId, otherTeacher.id, 'teacher');
    await member(otherGroupId, outsider.id, 'pupil');
  }, 90_000);

  afterAll(async () => {
    await notifications?.close();
    await s.stop();
  });

  it('lets the group’s teacher and staff post news that the group’s pupils read newest first, page by page', async () => {
    const posts: string[] = [];
    const times = ['2026-12-01T05:00:00Z', '2026-12-01T06:00:00Z', '2026-12-01T07:00:00Z'];
    clock().set(new Date(times[0]));
    const first = await http().post(`/api/groups/${groupId}/news`).set('Authorization', teacher.token).send({ textKk: 'Ертең сабақ 19:00-де' });
    expect([first.status, first.text]).toEqual([201, expect.any(String)]);
    expect(first.body.data).toMatchObject({ text: { kk: 'Ертең сабақ 19:00-де', ru: '', en: '' }, linkUrl: null, author: 'Гүлнар Мұғалімова', createdAt: times[0].replace('Z', '.000Z') });
    posts.push(first.body.data.id);
    clock().set(new Date(times[1]));
    const second = await http().post(`/api/groups/${groupId}/news`).set('Authorization', teacher.token)
      .send({ textKk: 'Үй жұмысы', textRu: 'Домашнее задание', textEn: 'Homework', linkUrl: 'https://example.kz/hw' });
    expect(second.status).toBe(201);
    posts.push(second.body.data.id);
    clock().set(new Date(times[2]));
    // Staff post through the resource of the admin screens; the author is the caller, the time the Clock's.
    const staff = await http().post('/api/course-news').set('Authorization', s.admin).send({ groupId, textRu: 'Каникулы с 30 декабря' });
    expect([staff.status, staff.text]).toEqual([201, expect.any(String)]);
    expect(staff.body).toMatchObject({ groupId, createdAt: times[2].replace('Z', '.000Z') });
    const [audit] = await s.sql<{ actor_id: string }>("SELECT actor_id FROM {learning}.audit_log WHERE resource = 'course-news' AND resource_id = $1", [staff.body.id]);
    expect(audit.actor_id).toBe(s.adminId);
    posts.push(staff.body.id);
    // Another group's news stays there.
    await http().post(`/api/groups/${otherGroupId}/news`).set('Authorization', otherTeacher.token).send({ textEn: 'Other group' }).expect(201);

    const page1 = await http().get(`/api/groups/${groupId}/news?limit=2`).set('Authorization', pupil.token);
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((p: { id: string }) => p.id)).toEqual([posts[2], posts[1]]);
    expect(page1.body.data[1]).toMatchObject({ author: 'Гүлнар М.', linkUrl: 'https://example.kz/hw', text: { kk: 'Үй жұмысы', ru: 'Домашнее задание', en: 'Homework' } });
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await http().get(`/api/groups/${groupId}/news?limit=2&cursor=${page1.body.nextCursor}`).set('Authorization', pupil.token);
    expect([page2.body.data.map((p: { id: string }) => p.id), page2.body.nextCursor]).toEqual([[posts[0]], null]);
    // The teacher sees full names; a pupil of another group is refused, in their language.
    const asTeacher = await http().get(`/api/groups/${groupId}/news`).set('Authorization', teacher.token);
    expect(asTeacher.body.data[2].author).toBe('Гүлнар Мұғалімова');
    const foreign = await http().get(`/api/groups/${groupId}/news`).set('Authorization', outsider.token).set('X-Locale', 'ru');
    expect([foreign.status, foreign.body.code, foreign.body.message]).toEqual([403, 'NOT_GROUP_MEMBER', expect.stringContaining('группы')]);

    // Each post is one `course.news.posted` (valid by proto) naming the group's pupils, written with the post; the
    // pupils get a notice each, in their language.
    const events = (await s.sql<{ payload: unknown }>("SELECT payload FROM {learning}.outbox WHERE subject = 'course.news.posted' AND payload->>'groupId' = $1 ORDER BY created_at", [groupId]))
      .map((r) => parseEvent('course.news.posted', r.payload));
    expect(events.map((e) => e.postId).sort()).toEqual([...posts].sort());
    for (const e of events) expect([e.courseId, [...e.pupils].sort(), e.course.ru]).toEqual([courseId, [pupil.id, pupil2.id].sort(), 'Подготовка']);
    const schema = s.ns.schemaOf('notifications');
    const notices = async () => (await s.pg.query(`SELECT user_id FROM "${schema}".notices WHERE kind = 'course.news' AND params->>'groupId' = $1`, [groupId])).rows as { user_id: string }[];
    await waitFor(async () => (await notices()).length === 6, { timeoutMs: 20_000, what: 'a notice per post and pupil' });
    expect((await notices()).filter((n) => n.user_id === outsider.id)).toEqual([]);
    const list = await request(notifications.url).get('/api/notices').set('Authorization', pupil.token).set('X-Locale', 'ru');
    expect(list.body.data.filter((n: { kind: string }) => n.kind === 'course.news').map((n: { title: string; text: string }) => [n.title, n.text])).toEqual(expect.arrayContaining([
      ['Новость курса «Подготовка»', 'Каникулы с 30 декабря'],
      ['Новость курса «Подготовка»', 'Домашнее задание'],
      ['Новость курса «Подготовка»', 'Ертең сабақ 19:00-де'],
    ]));
  });

  it('refuses bad news posts with a localized 4xx and writes nothing', async () => {
    const count = async () => (await s.sql<{ n: string }>('SELECT count(*)::text AS n FROM {learning}.course_news_posts'))[0].n;
    const before = await count();
    const empty = await http().post(`/api/groups/${groupId}/news`).set('Authorization', teacher.token).set('X-Locale', 'kk').send({ textKk: '  ' });
    expect([empty.status, empty.body.code, empty.body.message]).toEqual([400, 'NEWS_POST_EMPTY', 'Жаңалықты кемінде бір тілде жазыңыз.']);
    const badLink = await http().post(`/api/groups/${groupId}/news`).set('Authorization', teacher.token).set('X-Locale', 'en').send({ textEn: 'x', linkUrl: 'javascript:alert(1)' });
    expect([badLink.status, badLink.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const byPupil = await http().post(`/api/groups/${groupId}/news`).set('Authorization', pupil.token).set('X-Locale', 'en').send({ textEn: 'hi' });
    expect([byPupil.status, byPupil.body.code]).toEqual([403, 'NOT_GROUP_TEACHER']);
    const byOtherTeacher = await http().post(`/api/groups/${groupId}/news`).set('Authorization', otherTeacher.token).send({ textEn: 'hi' });
    expect(byOtherTeacher.status).toBe(403);
    const missing = await http().post(`/api/groups/${randomUUID()}/news`).set('Authorization', s.admin).send({ textEn: 'hi' });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    const badCursor = await http().get(`/api/groups/${groupId}/news?cursor=abc`).set('Authorization', pupil.token);
    expect(badCursor.status).toBe(400);
    const crudEmpty = await http().post('/api/course-news').set('Authorization', s.admin).send({ groupId });
    expect([crudEmpty.status, crudEmpty.body.code]).toEqual([400, 'NEWS_POST_EMPTY']);
    expect(await count()).toBe(before);
  });

  it('books a slot once: of two pupils booking at the same moment exactly one wins, the other gets a localized 409', async () => {
    clock().set(NOW);
    // Almaty is UTC+5: 15:00-15:30 in Almaty on 3 December.
    const slotId = await openSlot('2026-12-03T15:00:00+05:00', '2026-12-03T15:30:00+05:00');
    const free = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', pupil.token);
    expect(free.body.data).toEqual([expect.objectContaining({ id: slotId, startsAt: '2026-12-03T10:00:00.000Z', state: 'free', teacher: 'Гүлнар М.', bookedBy: null })]);

    for (let round = 0; round < 3; round++) {
      const id = round === 0 ? slotId : await openSlot(`2026-12-0${4 + round}T15:00:00+05:00`, `2026-12-0${4 + round}T15:30:00+05:00`);
      const [a, b] = await Promise.all([
        http().post(`/api/consultation-slots/${id}/booking`).set('Authorization', pupil.token).set('X-Locale', 'ru'),
        http().post(`/api/consultation-slots/${id}/booking`).set('Authorization', pupil2.token).set('X-Locale', 'ru'),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const [won, lost] = a.status === 201 ? [a, b] : [b, a];
      const winner = a.status === 201 ? pupil : pupil2;
      expect(won.body.data).toMatchObject({ id, state: 'mine', bookedBy: null });
      expect([lost.body.code, lost.body.message]).toEqual(['CONSULTATION_SLOT_TAKEN', 'Это время консультации только что заняли. Выберите другое свободное время.']);
      const row = await slotRow(id);
      expect(row.booked_by).toBe(winner.id);
      expect(row.booked_by_name).toBe(winner === pupil ? 'Aigerim Sadykova' : 'Nurlan Bekov');
      expect(row.booked_at?.toISOString()).toBe(NOW.toISOString());
    }

    // Booking one's own again changes nothing; the other pupil sees it taken, without a name.
    const holder = (await slotRow(slotId)).booked_by === pupil.id ? pupil : pupil2;
    const other = holder === pupil ? pupil2 : pupil;
    await http().post(`/api/consultation-slots/${slotId}/booking`).set('Authorization', holder.token).expect(201);
    const seen = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', other.token);
    expect(seen.body.data[0]).toMatchObject({ id: slotId, state: 'taken', bookedBy: null, bookedAt: null, cancellableUntil: null });
    // The teacher sees who booked, by name.
    const forTeacher = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', teacher.token);
    expect(forTeacher.body.data[0]).toMatchObject({ id: slotId, state: 'taken', bookedBy: holder === pupil ? 'Aigerim Sadykova' : 'Nurlan Bekov', teacher: 'Гүлнар Мұғалімова' });
    // Staff's list (the admin screen) has the booking's name too.
    const staffList = await http().get(`/api/consultation-slots?filter=groupId||$eq||${groupId}&join=group`).set('Authorization', s.admin);
    expect(staffList.status).toBe(200);
    expect(JSON.stringify(staffList.body)).toContain(holder === pupil ? 'Aigerim Sadykova' : 'Nurlan Bekov');
  });

  it('lets the booking pupil cancel until two hours before, and refuses later, past and foreign bookings without changing anything', async () => {
    clock().set(NOW);
    const slotId = await openSlot('2026-12-10T15:00:00+05:00', '2026-12-10T16:00:00+05:00');
    await http().post(`/api/consultation-slots/${slotId}/booking`).set('Authorization', pupil.token).expect(201);
    const mine = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', pupil.token);
    expect(mine.body.data.find((x: { id: string }) => x.id === slotId)).toMatchObject({ state: 'mine', cancellableUntil: '2026-12-10T08:00:00.000Z' });
    const before = await slotRow(slotId);

    // Someone else's booking is not theirs to cancel; an outsider cannot book; a booked slot cannot be moved.
    const foreign = await http().delete(`/api/consultation-slots/${slotId}/booking`).set('Authorization', pupil2.token);
    expect(foreign.status).toBe(404);
    const outsiderBook = await http().post(`/api/consultation-slots/${slotId}/booking`).set('Authorization', outsider.token).set('X-Locale', 'en');
    expect([outsiderBook.status, outsiderBook.body.code]).toEqual([403, 'NOT_GROUP_MEMBER']);
    const move = await http().patch(`/api/consultation-slots/${slotId}`).set('Authorization', s.admin).set('X-Locale', 'en').send({ startsAt: '2026-12-10T16:00:00+05:00', endsAt: '2026-12-10T17:00:00+05:00' });
    expect([move.status, move.body.code]).toEqual([409, 'CONSULTATION_SLOT_BOOKED']);

    // One millisecond past two hours before the start: too late, in the pupil's language.
    clock().set(new Date(Date.parse('2026-12-10T10:00:00Z') - CONSULTATION_CANCEL_HOURS * 3_600_000 + 1));
    const late = await http().delete(`/api/consultation-slots/${slotId}/booking`).set('Authorization', pupil.token).set('X-Locale', 'kk');
    expect([late.status, late.body.code, late.body.message]).toEqual([409, 'CONSULTATION_CANCEL_TOO_LATE', expect.stringContaining('2 сағат')]);
    expect(await slotRow(slotId)).toEqual(before);

    // Exactly two hours before: still in time; the slot is free again and another pupil can have it.
    clock().set(new Date(Date.parse('2026-12-10T10:00:00Z') - CONSULTATION_CANCEL_HOURS * 3_600_000));
    const cancelled = await http().delete(`/api/consultation-slots/${slotId}/booking`).set('Authorization', pupil.token);
    expect([cancelled.status, cancelled.body.data.state]).toEqual([200, 'free']);
    expect(await slotRow(slotId)).toEqual({ booked_by: null, booked_by_name: null, booked_at: null });
    await http().post(`/api/consultation-slots/${slotId}/booking`).set('Authorization', pupil2.token).expect(201);

    // A slot that has started cannot be booked; a teacher cannot open one in the past or longer than four hours.
    clock().set(new Date('2026-12-10T10:00:00Z'));
    const past = await http().post(`/api/consultation-slots/${slotId}/booking`).set('Authorization', pupil.token).set('X-Locale', 'en');
    expect([past.status, past.body.code]).toEqual([409, 'CONSULTATION_SLOT_PAST']);
    const count = async () => (await s.sql<{ n: string }>('SELECT count(*)::text AS n FROM {learning}.consultation_slots'))[0].n;
    const slots = await count();
    const inPast = await http().post(`/api/groups/${groupId}/consultation-slots`).set('Authorization', teacher.token).send({ startsAt: '2026-12-09T15:00:00+05:00', endsAt: '2026-12-09T16:00:00+05:00' });
    expect([inPast.status, inPast.body.code]).toEqual([409, 'CONSULTATION_SLOT_PAST']);
    const tooLong = await http().post(`/api/groups/${groupId}/consultation-slots`).set('Authorization', teacher.token).send({ startsAt: '2026-12-20T09:00:00+05:00', endsAt: '2026-12-20T14:00:00+05:00' });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const byPupil = await http().post(`/api/groups/${groupId}/consultation-slots`).set('Authorization', pupil.token).send({ startsAt: '2026-12-20T09:00:00+05:00', endsAt: '2026-12-20T10:00:00+05:00' });
    expect([byPupil.status, byPupil.body.code]).toEqual([403, 'NOT_GROUP_TEACHER']);
    expect(await count()).toBe(slots);
    // Slots that are over leave the pupil's list.
    const list = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', pupil.token);
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(slotId);
    clock().set(new Date('2026-12-10T11:00:00Z'));
    const later = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', pupil.token);
    expect(later.body.data.map((x: { id: string }) => x.id)).not.toContain(slotId);
  });

  it('asks a pupil to accept the course’s terms before the lessons, records the time and version, and asks again for a new version', async () => {
    clock().set(new Date('2026-12-02T04:00:00Z'));
    const none = await http().get(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token);
    expect(none.body.data).toEqual({ courseId, current: null, acceptedVersion: null, acceptedAt: null, mustAccept: false });
    const v1 = await http().post('/api/course-terms').set('Authorization', teacher.token).send({ courseId, textKk: 'Шарттар 1', textRu: 'Условия 1', textEn: 'Terms 1' });
    expect([v1.status, v1.text]).toEqual([201, expect.any(String)]);
    expect(v1.body).toMatchObject({ courseId, version: 1, createdByName: 'Гүлнар Мұғалімова' });
    const asked = await http().get(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token);
    expect(asked.body.data).toMatchObject({ current: { version: 1, text: { kk: 'Шарттар 1', ru: 'Условия 1', en: 'Terms 1' } }, acceptedVersion: null, mustAccept: true });

    // The terms gate holds in the API too: the group's lessons are refused to the pupil (in their language), the
    // caller's own timetable lists the lesson without its recording; teachers are not asked.
    const lesson = await http().post('/api/lessons').set('Authorization', s.admin)
      .send({ groupId, titleKk: 'Сабақ', titleRu: 'Урок', titleEn: 'Lesson', startsAt: '2026-12-02T03:00:00Z', recordingUrl: 'https://example.kz/rec/1' });
    expect([lesson.status, lesson.text]).toEqual([201, expect.any(String)]);
    const gated = await http().get(`/api/groups/${groupId}/timetable`).set('Authorization', pupil.token).set('X-Locale', 'ru');
    expect([gated.status, gated.body.code, gated.body.message]).toEqual([403, 'TERMS_NOT_ACCEPTED', expect.stringContaining('примите условия курса')]);
    const gatedKk = await http().get(`/api/groups/${groupId}/timetable`).set('Authorization', pupil.token).set('X-Locale', 'kk');
    expect(gatedKk.body.message).toContain('шарттарын қабылдаңыз');
    const recording = await http().get(`/api/lessons/${lesson.body.id}/recording`).set('Authorization', pupil.token).set('X-Locale', 'en');
    expect([recording.status, recording.body.code, recording.body.message]).toEqual([403, 'TERMS_NOT_ACCEPTED', expect.stringContaining('Accept the course terms first')]);
    const materials = await http().get(`/api/materials/media?ownerKind=lesson&ownerId=${lesson.body.id}`).set('Authorization', pupil.token);
    expect([materials.status, materials.body.code]).toEqual([403, 'TERMS_NOT_ACCEPTED']);
    const ownGated = await http().get('/api/my-timetable').set('Authorization', pupil.token);
    expect(ownGated.body.data.find((l: { id: string }) => l.id === lesson.body.id)).toMatchObject({ recordingUrl: null, meetingUrl: null });
    const forTeacher = await http().get(`/api/groups/${groupId}/timetable`).set('Authorization', teacher.token);
    expect(forTeacher.body.data.find((l: { id: string }) => l.id === lesson.body.id)).toMatchObject({ recordingUrl: 'https://example.kz/rec/1' });

    clock().set(new Date('2026-12-02T04:05:00Z'));
    const accepted = await http().post(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token).send({ version: 1 });
    expect([accepted.status, accepted.body.data]).toEqual([201, expect.objectContaining({ acceptedVersion: 1, acceptedAt: '2026-12-02T04:05:00.000Z', mustAccept: false })]);
    const open = await http().get(`/api/groups/${groupId}/timetable`).set('Authorization', pupil.token);
    expect([open.status, open.body.data.find((l: { id: string }) => l.id === lesson.body.id)?.recordingUrl]).toEqual([200, 'https://example.kz/rec/1']);
    // Past the gate the lesson has no recording uploaded: 404, no longer 403.
    expect((await http().get(`/api/lessons/${lesson.body.id}/recording`).set('Authorization', pupil.token)).status).toBe(404);
    const ownOpen = await http().get('/api/my-timetable').set('Authorization', pupil.token);
    expect(ownOpen.body.data.find((l: { id: string }) => l.id === lesson.body.id)).toMatchObject({ recordingUrl: 'https://example.kz/rec/1' });
    // Again is the same (the first time stays).
    clock().set(new Date('2026-12-02T04:10:00Z'));
    const again = await http().post(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token).send({ version: 1 });
    expect(again.body.data.acceptedAt).toBe('2026-12-02T04:05:00.000Z');

    // A new version asks again; accepting the old one is refused with the current number, and writes nothing.
    const v2 = await http().post('/api/course-terms').set('Authorization', s.admin).send({ courseId, textKk: 'Шарттар 2', textRu: 'Условия 2', textEn: 'Terms 2' });
    expect(v2.body.version).toBe(2);
    const askedAgain = await http().get(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token);
    expect(askedAgain.body.data).toMatchObject({ current: { version: 2 }, acceptedVersion: 1, mustAccept: true });
    // A new version closes the lessons again until it is accepted.
    const closedAgain = await http().get(`/api/groups/${groupId}/timetable`).set('Authorization', pupil.token).set('X-Locale', 'en');
    expect([closedAgain.status, closedAgain.body.code]).toEqual([403, 'TERMS_NOT_ACCEPTED']);
    const count = async () => (await s.sql<{ n: string }>('SELECT count(*)::text AS n FROM {learning}.course_terms_acceptances'))[0].n;
    const before = await count();
    const old = await http().post(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token).set('X-Locale', 'en').send({ version: 1 });
    expect([old.status, old.body.code, old.body.message]).toEqual([409, 'TERMS_OUTDATED', expect.stringContaining('version 2')]);
    const notPupil = await http().post(`/api/courses/${courseId}/agreement`).set('Authorization', teacher.token).send({ version: 2 });
    expect([notPupil.status, notPupil.body.code]).toEqual([403, 'NOT_GROUP_MEMBER']);
    const missing = await http().post(`/api/courses/${randomUUID()}/agreement`).set('Authorization', pupil.token).send({ version: 2 });
    expect(missing.status).toBe(404);
    const bad = await http().post(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token).set('X-Locale', 'ru').send({ version: '2' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    // Terms versions are never edited: a new version is a new row.
    const edit = await http().patch(`/api/course-terms/${v1.body.id}`).set('Authorization', s.admin).send({ textEn: 'changed' });
    expect(edit.status).toBe(404);
    expect(await count()).toBe(before);
    const rows = await s.sql<{ version: number; accepted_at: Date }>('SELECT version, accepted_at FROM {learning}.course_terms_acceptances WHERE user_id = $1', [pupil.id]);
    expect(rows.map((r) => [r.version, r.accepted_at.toISOString()])).toEqual([[1, '2026-12-02T04:05:00.000Z']]);
    await http().post(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token).send({ version: 2 }).expect(201);
    const done = await http().get(`/api/courses/${courseId}/agreement`).set('Authorization', pupil.token);
    expect(done.body.data).toMatchObject({ acceptedVersion: 2, mustAccept: false });
    await http().get(`/api/groups/${groupId}/timetable`).set('Authorization', pupil.token).expect(200);
  });

  it('keeps the free trial lesson behind the course’s terms: its link is refused until the trial pupil accepts them', async () => {
    clock().set(new Date('2026-12-03T13:50:00Z'));
    const course = await http().post('/api/courses').set('Authorization', s.admin)
      .send({ kind: 'live', published: true, titleKk: 'Сынақ', titleRu: 'Пробный', titleEn: 'Trial' });
    const trialCourse = course.body.id as string;
    const group = await http().post('/api/groups').set('Authorization', s.admin)
      .send({ courseId: trialCourse, name: 'Т', published: true, meetingUrl: 'https://meet.example.kz/trial' });
    // The next live lesson starts in 5 minutes: its link is in its window, so only the gate can hold it back.
    await http().post('/api/lessons').set('Authorization', s.admin)
      .send({ groupId: group.body.id, titleKk: 'Сабақ', titleRu: 'Урок', titleEn: 'Lesson', startsAt: '2026-12-03T13:55:00Z' }).expect(201);
    await http().post('/api/course-terms').set('Authorization', s.admin).send({ courseId: trialCourse, textKk: 'Ш', textRu: 'У', textEn: 'T' }).expect(201);
    const guest = await s.pupil(6, { firstName: 'Ерлан', lastName: 'Сынақов' });
    const path = `/api/users/${guest.id}/courses/${trialCourse}/free-trial-lesson`;
    const given = await http().post(path).set('Authorization', guest.token).send({});
    expect([given.status, given.body.data]).toEqual([201, expect.objectContaining({ startsAtAlmaty: expect.any(String), meetingUrl: null })]);
    for (const [locale, words] of [['kk', 'шарттарын қабылдаңыз'], ['ru', 'примите условия курса'], ['en', 'Accept the course terms first']]) {
      const refused = await http().get(path).set('Authorization', guest.token).set('X-Locale', locale);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, 'TERMS_NOT_ACCEPTED', expect.stringContaining(words)]);
    }
    const standing = await http().get(`/api/users/${guest.id}/courses/${trialCourse}`).set('Authorization', guest.token);
    expect(standing.body.data.freeTrial).toMatchObject({ meetingUrl: null });
    // The trial pupil is no member of a group, yet accepts the terms; then the link is there.
    await http().post(`/api/courses/${trialCourse}/agreement`).set('Authorization', guest.token).send({ version: 1 }).expect(201);
    const open = await http().get(path).set('Authorization', guest.token);
    expect([open.status, open.body.data?.meetingUrl]).toEqual([200, 'https://meet.example.kz/trial']);
    const standingOpen = await http().get(`/api/users/${guest.id}/courses/${trialCourse}`).set('Authorization', guest.token);
    expect(standingOpen.body.data.freeTrial).toMatchObject({ meetingUrl: 'https://meet.example.kz/trial' });
    // Someone with neither a group nor a trial still cannot accept.
    const stranger = await s.pupil(6);
    const refused = await http().post(`/api/courses/${trialCourse}/agreement`).set('Authorization', stranger.token).send({ version: 1 });
    expect([refused.status, refused.body.code]).toEqual([403, 'NOT_GROUP_MEMBER']);
    clock().set(NOW);
  });

  it('shows the group’s teachers (name, photo, subject; no phones or ids) and ranks its pupils by graded homework', async () => {
    clock().set(NOW);
    const teachers = await http().get(`/api/groups/${groupId}/teachers`).set('Authorization', pupil.token);
    expect([teachers.status, teachers.body]).toEqual([200, { data: [{ name: 'Гүлнар Мұғалімова', photoUrl: null, subject: null }] }]);
    // A teacher record with a subject (auth's staff-people) gives the subject in kk/ru/en.
    const auth = s.ns.schemaOf('auth');
    const [subject] = (await s.pg.query(`SELECT id, name_ru FROM "${auth}".subjects ORDER BY id LIMIT 1`)).rows as { id: number; name_ru: string }[];
    await s.pg.query(`INSERT INTO "${auth}".teachers (first_name, last_name, phone, user_id, subject_id) VALUES ('Гүлнар', 'Мұғалімова', '+77001112233', $1, $2)`, [teacher.id, subject.id]);
    const withSubject = await http().get(`/api/groups/${groupId}/teachers`).set('Authorization', pupil.token);
    expect(withSubject.body.data[0].subject.ru).toBe(subject.name_ru);
    expect(JSON.stringify(withSubject.body)).not.toMatch(/\+7700|[0-9a-f]{8}-[0-9a-f]{4}-/);
    const foreign = await http().get(`/api/groups/${groupId}/teachers`).set('Authorization', outsider.token).set('X-Locale', 'kk');
    expect([foreign.status, foreign.body.code]).toEqual([403, 'NOT_GROUP_MEMBER']);
    const missing = await http().get(`/api/groups/${randomUUID()}/leaderboard`).set('Authorization', pupil.token);
    expect(missing.status).toBe(404);

    // Nothing graded yet: both pupils share the first place with 0.
    const zero = await http().get(`/api/groups/${groupId}/leaderboard`).set('Authorization', pupil.token);
    expect(zero.body.data.map((r: { rank: number; points: number }) => [r.rank, r.points])).toEqual([[1, 0], [1, 0]]);
    const lesson = await http().post('/api/lessons').set('Authorization', s.admin).send({ groupId, titleKk: 'Ү/ж', titleRu: 'Д/з', titleEn: 'HW', startsAt: '2026-12-01T10:00:00Z' });
    const hw = await http().post(`/api/lessons/${lesson.body.id}/homework`).set('Authorization', teacher.token).send({ title: 'Есептер', dueAt: '2026-12-05T10:00:00Z', maxPoints: 10 });
    expect([hw.status, hw.text]).toEqual([201, expect.any(String)]);
    for (const [who, points] of [[pupil, 7], [pupil2, 9]] as const) {
      const sub = await http().put(`/api/homework/${hw.body.data.id}/submission`).set('Authorization', who.token).send({ text: 'жауап' });
      expect([sub.status, sub.text]).toEqual([200, expect.any(String)]);
      await http().put(`/api/homework-submissions/${sub.body.data.id}/grade`).set('Authorization', teacher.token).send({ points }).expect(200);
    }
    const board = await http().get(`/api/groups/${groupId}/leaderboard`).set('Authorization', pupil.token);
    expect(board.body).toEqual({
      data: [{ rank: 1, name: 'Nurlan B.', points: 9, me: false }, { rank: 2, name: 'Aigerim S.', points: 7, me: true }],
      me: { rank: 2, name: 'Aigerim S.', points: 7, me: true },
    });
    expect(JSON.stringify(board.body)).not.toMatch(/Sadykova|Bekov|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('lists a pupil’s notices about one group only (the course page’s notifications tab), a graded homework among them', async () => {
    // The homework graded in the case before reaches the pupil as a notice (`homework.graded` through the outbox).
    const graded = (await s.sql<{ payload: unknown }>("SELECT payload FROM {learning}.outbox WHERE subject = 'homework.graded' AND payload->>'pupilId' = $1", [pupil.id]))
      .map((r) => parseEvent('homework.graded', r.payload));
    expect(graded).toEqual([expect.objectContaining({ groupId, courseId, title: 'Есептер', points: 7, maxPoints: 10, course: { kk: 'Дайындық', ru: 'Подготовка', en: 'Preparation' } })]);
    const schema = s.ns.schemaOf('notifications');
    await waitFor(async () => (await s.pg.query(`SELECT 1 FROM "${schema}".notices WHERE kind = 'homework.graded' AND user_id = $1`, [pupil.id])).rowCount === 1, { timeoutMs: 20_000, what: 'the homework graded notice' });
    const mine = await request(notifications.url).get(`/api/notices?group=${groupId}&limit=50`).set('Authorization', pupil.token).set('X-Locale', 'ru');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((n: { kind: string }) => n.kind).sort()).toEqual(['course.news', 'course.news', 'course.news', 'homework.graded']);
    expect(mine.body.data.every((n: { data: { groupId?: string } }) => n.data.groupId === groupId)).toBe(true);
    expect(mine.body.data.find((n: { kind: string }) => n.kind === 'homework.graded')).toMatchObject({ title: 'Домашнее задание проверено', text: '«Есептер» по курсу «Подготовка»: 7 из 10 баллов.' });
    const other = await request(notifications.url).get(`/api/notices?group=${otherGroupId}`).set('Authorization', pupil.token);
    expect([other.status, other.body.data]).toEqual([200, []]);
    const bad = await request(notifications.url).get('/api/notices?group=nope').set('Authorization', pupil.token);
    expect(bad.status).toBe(400);
  });

  it('lets every role do exactly what membership and its keys allow; a refused call writes nothing', async () => {
    clock().set(NOW);
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    const holds = (roleId: RoleId, key: string) => roleId === ROLE.admin || rows.some((r) => r.role_id === roleId && r.name === key);
    const slotId = await openSlot('2026-12-25T15:00:00+05:00', '2026-12-25T15:30:00+05:00');
    const counts = async () => (await s.sql<{ n: string }>(
      `SELECT (SELECT count(*) FROM {learning}.course_news_posts) || '/' || (SELECT count(*) FROM {learning}.consultation_slots) || '/' ||
        (SELECT count(*) FROM {learning}.consultation_slots WHERE booked_by IS NOT NULL) || '/' || (SELECT count(*) FROM {learning}.course_terms) || '/' ||
        (SELECT count(*) FROM {learning}.course_terms_acceptances) AS n`))[0].n;
    const before = await counts();
    type Rule = 'reads-group' | 'teaches' | 'pupil' | 'booker' | 'signed-in' | 'course-pupil' | 'sidebar:group_index' | 'group:update' | 'sidebar:course_index' | 'course:update';
    // Routes that membership decides get a well-formed body refused after that decision (empty news, a time in the
    // past, a terms version that is not current); the others an unknown field, refused before anything is written.
    const past = { startsAt: '2026-11-01T10:00:00+05:00', endsAt: '2026-11-01T11:00:00+05:00' };
    const routes: { method: 'get' | 'post' | 'patch' | 'delete'; path: string; rule: Rule; body?: object }[] = [
      { method: 'get', path: `/api/groups/${groupId}/news`, rule: 'reads-group' },
      { method: 'post', path: `/api/groups/${groupId}/news`, rule: 'teaches', body: { textKk: '' } },
      { method: 'get', path: `/api/groups/${groupId}/consultation-slots`, rule: 'reads-group' },
      { method: 'post', path: `/api/groups/${groupId}/consultation-slots`, rule: 'teaches', body: past },
      { method: 'post', path: `/api/consultation-slots/${slotId}/booking`, rule: 'pupil' },
      { method: 'delete', path: `/api/consultation-slots/${slotId}/booking`, rule: 'booker' },
      // A missing slot of the group: past the access decision the answer is 404, so nothing is deleted.
      { method: 'delete', path: `/api/groups/${groupId}/consultation-slots/${randomUUID()}`, rule: 'teaches' },
      { method: 'get', path: `/api/groups/${groupId}/teachers`, rule: 'reads-group' },
      { method: 'get', path: `/api/groups/${groupId}/leaderboard`, rule: 'reads-group' },
      { method: 'get', path: `/api/courses/${courseId}/agreement`, rule: 'signed-in' },
      { method: 'post', path: `/api/courses/${courseId}/agreement`, rule: 'course-pupil', body: { version: 999 } },
      { method: 'get', path: '/api/course-news', rule: 'sidebar:group_index' },
      { method: 'post', path: '/api/course-news', rule: 'group:update' },
      { method: 'get', path: '/api/consultation-slots', rule: 'sidebar:group_index' },
      { method: 'post', path: '/api/consultation-slots', rule: 'group:update' },
      { method: 'patch', path: `/api/consultation-slots/${slotId}`, rule: 'group:update' },
      { method: 'delete', path: `/api/consultation-slots/${randomUUID()}`, rule: 'group:update' },
      { method: 'get', path: '/api/course-terms', rule: 'sidebar:course_index' },
      { method: 'post', path: '/api/course-terms', rule: 'course:update' },
    ];
    // `coursePupil`: a pupil of one of the course's groups (the other group is the same course's).
    type Caller = { name: string; token: string | null; roleId: RoleId | null; membership: 'teacher' | 'pupil' | null; coursePupil: boolean };
    const callers: Caller[] = [
      { name: 'anonymous', token: null, roleId: null, membership: null, coursePupil: false },
      { name: 'the group’s teacher', token: teacher.token, roleId: ROLE.contentMaker, membership: 'teacher', coursePupil: false },
      { name: 'another group’s teacher', token: otherTeacher.token, roleId: ROLE.contentMaker, membership: null, coursePupil: false },
      { name: 'a pupil of the group', token: pupil.token, roleId: ROLE.student, membership: 'pupil', coursePupil: true },
      { name: 'a pupil of another group of the course', token: outsider.token, roleId: ROLE.student, membership: null, coursePupil: true },
    ];
    for (const [name, roleId] of Object.entries(ROLE)) callers.push({ name, token: `Bearer ${await testToken({ roleId, userId: randomUUID() })}`, roleId, membership: null, coursePupil: false });
    const allowed = (c: Caller, rule: Rule): 401 | 403 | 'in' => {
      if (c.roleId === null) return 401;
      const staffReads = holds(c.roleId, 'sidebar:group_index');
      const staffWrites = holds(c.roleId, 'group:update');
      switch (rule) {
        case 'reads-group': return c.membership || staffReads ? 'in' : 403;
        case 'teaches': return c.membership === 'teacher' || staffWrites ? 'in' : 403;
        case 'pupil': return c.membership === 'pupil' ? 'in' : 403;
        // Nobody's booking: everyone signed in is told 404 (not theirs), which is "in" past the guards.
        case 'booker': return 'in';
        case 'signed-in': return 'in';
        case 'course-pupil': return c.coursePupil ? 'in' : 403;
        case 'sidebar:group_index':
        case 'group:update':
        case 'sidebar:course_index':
        case 'course:update': return holds(c.roleId, rule) ? 'in' : 403;
      }
    };
    const wrong: string[] = [];
    for (const c of callers) {
      for (const r of routes) {
        let req = s.http()[r.method](r.path).set('X-Locale', 'en');
        if (c.token) req = req.set('Authorization', c.token);
        // The bodiless booking is the one write let through (the group's pupil), undone by the DELETE after it.
        const write = (r.method === 'post' && !r.path.endsWith('/booking')) || r.method === 'patch';
        const res = write ? await req.send(r.body ?? { nope: 1 }) : await req;
        const got = res.status === 401 || res.status === 403 ? res.status : 'in';
        const want = allowed(c, r.rule);
        if (got !== want) wrong.push(`${c.name} ${r.method.toUpperCase()} ${r.path}: expected ${want}, got ${res.status} ${res.text.slice(0, 100)}`);
        expect(res.status).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
    // The one write let through is the group pupil's booking, which the same pass's DELETE undid.
    expect(await counts()).toEqual(before);
    expect((await slotRow(slotId)).booked_by).toBeNull();
  }, 120_000);

  it('tells the booking pupil when staff delete their booked consultation; a free slot tells nobody', async () => {
    clock().set(NOW);
    const booked = await openSlot('2026-12-28T15:00:00+05:00', '2026-12-28T15:30:00+05:00');
    const free = await openSlot('2026-12-28T16:00:00+05:00', '2026-12-28T16:30:00+05:00');
    await http().post(`/api/consultation-slots/${booked}/booking`).set('Authorization', pupil2.token).expect(201);
    await http().delete(`/api/consultation-slots/${booked}`).set('Authorization', s.admin).expect(200);
    await http().delete(`/api/consultation-slots/${free}`).set('Authorization', s.admin).expect(200);
    const events = (await s.sql<{ payload: unknown }>("SELECT payload FROM {learning}.outbox WHERE subject = 'consultation.slot.cancelled'"))
      .map((r) => parseEvent('consultation.slot.cancelled', r.payload));
    expect(events).toEqual([expect.objectContaining({ slotId: booked, groupId, courseId, pupilId: pupil2.id, startsAt: '2026-12-28T10:00:00.000Z', cancelledAt: NOW.toISOString() })]);
    const schema = s.ns.schemaOf('notifications');
    await waitFor(async () => (await s.pg.query(`SELECT 1 FROM "${schema}".notices WHERE kind = 'consultation.cancelled' AND user_id = $1`, [pupil2.id])).rowCount === 1, { timeoutMs: 20_000, what: 'the cancelled consultation notice' });
    const list = await request(notifications.url).get(`/api/notices?group=${groupId}`).set('Authorization', pupil2.token).set('X-Locale', 'ru');
    expect(list.body.data.find((n: { kind: string }) => n.kind === 'consultation.cancelled')).toMatchObject({
      title: 'Консультация отменена', text: expect.stringContaining('«Подготовка» 28.12.2026 в 15:00'),
    });
  });
  it('lets a teacher of the group call a consultation time off over the group’s route; the booking pupil is told', async () => {
    clock().set(NOW);
    const booked = await openSlot('2026-12-29T15:00:00+05:00', '2026-12-29T15:30:00+05:00');
    const free = await openSlot('2026-12-29T16:00:00+05:00', '2026-12-29T16:30:00+05:00');
    await http().post(`/api/consultation-slots/${booked}/booking`).set('Authorization', pupil.token).expect(201);
    const slots = await http().get(`/api/groups/${groupId}/consultation-slots`).set('Authorization', teacher.token);
    expect(slots.body.data.find((x: { id: string }) => x.id === booked)).toMatchObject({ state: 'taken', bookedBy: 'Aigerim Sadykova' });
    const count = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM {learning}.consultation_slots'))[0].n;
    const before = await count();
    // Another group's teacher, a pupil, a slot of another group or a missing one: refused, nothing deleted.
    const foreign = await http().delete(`/api/groups/${groupId}/consultation-slots/${free}`).set('Authorization', otherTeacher.token).set('X-Locale', 'ru');
    expect([foreign.status, foreign.body.code]).toEqual([403, 'NOT_GROUP_TEACHER']);
    expect((await http().delete(`/api/groups/${groupId}/consultation-slots/${free}`).set('Authorization', pupil.token)).status).toBe(403);
    expect((await http().delete(`/api/groups/${otherGroupId}/consultation-slots/${free}`).set('Authorization', otherTeacher.token)).status).toBe(404);
    expect((await http().delete(`/api/groups/${groupId}/consultation-slots/${randomUUID()}`).set('Authorization', teacher.token)).status).toBe(404);
    expect((await http().delete(`/api/groups/${randomUUID()}/consultation-slots/${free}`).set('Authorization', teacher.token)).status).toBe(404);
    expect((await http().delete(`/api/groups/${groupId}/consultation-slots/nope`).set('Authorization', teacher.token)).status).toBe(400);
    expect(await count()).toBe(before);
    const gone = await http().delete(`/api/groups/${groupId}/consultation-slots/${booked}`).set('Authorization', teacher.token);
    expect([gone.status, gone.body.data]).toEqual([200, { id: booked, groupId, pupilTold: true }]);
    const quiet = await http().delete(`/api/groups/${groupId}/consultation-slots/${free}`).set('Authorization', teacher.token);
    expect(quiet.body.data).toEqual({ id: free, groupId, pupilTold: false });
    expect(await count()).toBe(before - 2);
    const events = (await s.sql<{ payload: unknown }>("SELECT payload FROM {learning}.outbox WHERE subject = 'consultation.slot.cancelled'"))
      .map((r) => parseEvent('consultation.slot.cancelled', r.payload)).filter((e) => e.slotId === booked || e.slotId === free);
    expect(events).toEqual([expect.objectContaining({ slotId: booked, groupId, pupilId: pupil.id })]);
  });
});
