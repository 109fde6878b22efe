/**
 * Course groups feed their chat (docs/chat.md), end to end over real PostgreSQL and NATS: staff add a pupil and a
 * teacher to a group in learning -> `learning.membership.changed` (kind course_group) through learning's outbox ->
 * notifications makes them members of the group's chat; taking the pupil off the group takes them out (no reading,
 * no posting); a fact delivered again changes nothing; deleting the group sends "left" for every member. Events: a
 * course's event, once published, has the pupils of the course's groups as members of its chat; unpublished, none; a
 * pupil put on a course group later joins it and leaves it with their last group of the course. An event for one
 * grade or every pupil opens its chat (`event.audience.changed`) to the pupils of that audience by their
 * profile's grade, nobody else; redelivered facts change nothing; unpublishing closes it.
 */
import { startNotifications } from '@olymp/notifications';
import { type EventPayload, ROLE } from '@olymp/proto';
import { EventOutbox, type RunningService } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Pupil, learningStack } from './support';

describe('course groups -> chat membership', () => {
  const s = learningStack();
  let notifications: RunningService;
  let groupId = '';
  let teacher: Pupil;
  let pupil: Pupil;
  let chatId = '';
  const chat = () => request(notifications.url);
  const post = (path: string, body: object) => s.http().post(`/api${path}`).set('Authorization', s.admin).send(body);
  const facts = (userId: string) => s.sql<{ payload: EventPayload<'learning.membership.changed'> }>(
    "SELECT payload FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->>'userId' = $1 ORDER BY created_at, id",
    [userId],
  );
  const courseChats = async (who: Pupil) =>
    (await chat().get(`/api/chat/groups?kind=course_group&refId=${groupId}`).set('Authorization', who.token)).body.data as { id: string; members: number; title: { en: string } }[];

  beforeAll(async () => {
    await s.start();
    notifications = await startNotifications(s.ns.envFor('notifications'));
    const course = await post('/courses', { kind: 'live', titleKk: 'Дайындық', titleRu: 'Подготовка', titleEn: 'Preparation' });
    const group = await post('/groups', { courseId: course.body.id, name: 'A' });
    expect([course.status, group.status]).toEqual([201, 201]);
    groupId = group.body.id;
    teacher = await s.pupil(null, { roleId: ROLE.examObserver, firstName: 'Асем', lastName: 'Нұрлан' });
    pupil = await s.pupil(5, { firstName: 'Айгерім', lastName: 'Сейіт' });
  }, 90_000);

  afterAll(async () => {
    await notifications?.close();
    await s.stop();
  });

  it('adding a pupil and a teacher makes them members of the group chat, public names only', async () => {
    expect((await post(`/groups/${groupId}/members`, { userId: pupil.id, role: 'pupil' })).status).toBe(201);
    expect((await post(`/groups/${groupId}/members`, { userId: teacher.id, role: 'teacher' })).status).toBe(201);
    const [joined] = await facts(pupil.id);
    expect(joined.payload).toMatchObject({
      group: { kind: 'course_group', id: groupId }, userId: pupil.id, name: 'Айгерім С.', role: 'pupil', active: true,
      title: { en: 'Preparation · A' },
    });
    const groups = await waitFor(async () => {
      const mine = await courseChats(pupil);
      return mine.length === 1 && mine[0].members === 2 && mine;
    }, { what: 'the pupil and the teacher in the course group chat', timeoutMs: 20_000 });
    expect(groups[0].title.en).toBe('Preparation · A');
    chatId = groups[0].id;
    const sent = await chat().post(`/api/chat/groups/${chatId}/messages`).set('Authorization', pupil.token).send({ clientId: 'pupil-hello-1', text: 'Сәлеметсіз бе!' });
    expect(sent.status).toBe(201);
    const read = await chat().get(`/api/chat/groups/${chatId}/messages`).set('Authorization', teacher.token);
    expect(read.body.data.map((m: { text: string; author: { name: string } }) => [m.author.name, m.text])).toEqual([['Айгерім С.', 'Сәлеметсіз бе!']]);
  });

  it('taking the pupil off the group takes them out of the chat; the old "joined" delivered again changes nothing', async () => {
    const res = await s.http().delete(`/api/groups/${groupId}/members/${pupil.id}`).set('Authorization', s.admin);
    expect(res.status).toBe(200);
    const [joined, left] = await facts(pupil.id);
    expect(left.payload).toMatchObject({ group: { kind: 'course_group', id: groupId }, active: false, name: 'Айгерім С.' });
    await waitFor(async () => (await chat().get(`/api/chat/groups/${chatId}`).set('Authorization', pupil.token)).status === 404, { what: 'the pupil out', timeoutMs: 20_000 });
    const cannotPost = await chat().post(`/api/chat/groups/${chatId}/messages`).set('Authorization', pupil.token).send({ clientId: 'pupil-hello-2', text: 'still here?' });
    expect([cannotPost.status, cannotPost.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await chat().get(`/api/chat/groups/${chatId}/messages`).set('Authorization', pupil.token)).status).toBe(404);

    // The same "joined" fact arrives once more (a redelivery after the leave), then the "left" too: the pupil stays out.
    const outbox = notifications.app.get(EventOutbox);
    const ids = await notifications.app.get(DataSource).transaction(async (m) => [
      await outbox.add(m, 'learning.membership.changed', joined.payload),
      await outbox.add(m, 'learning.membership.changed', left.payload),
    ]);
    await waitFor(async () => {
      const rows = (await notifications.app.get(DataSource).query('SELECT message_id FROM inbox WHERE message_id = ANY($1::text[])', [ids])) as unknown[];
      return rows.length === 2;
    }, { what: 'the redelivered facts consumed', timeoutMs: 20_000 });
    expect((await chat().get(`/api/chat/groups/${chatId}`).set('Authorization', pupil.token)).status).toBe(404);
    expect((await courseChats(teacher))[0].members).toBe(1);
  });

  it('deleting the group sends "left" for every member: the teacher is out of the chat too', async () => {
    const res = await s.http().delete(`/api/groups/${groupId}`).set('Authorization', s.admin);
    expect(res.status).toBe(200);
    expect((await facts(teacher.id)).map((f) => [f.payload.role, f.payload.active])).toEqual([['teacher', true], ['teacher', false]]);
    await waitFor(async () => (await courseChats(teacher)).length === 0, { what: 'the teacher out', timeoutMs: 20_000 });
  });

  it("publishing a course's event makes the pupils of the course's groups members of its chat; unpublishing takes them out", async () => {
    const course = await post('/courses', { kind: 'live', titleKk: 'Олимпиадаға дайындық', titleRu: 'К олимпиаде', titleEn: 'Olympiad prep' });
    const group = await post('/groups', { courseId: course.body.id, name: 'B' });
    const learner = await s.pupil(6, { firstName: 'Дана', lastName: 'Ерлан' });
    const outsider = await s.pupil(6);
    expect((await post(`/groups/${group.body.id}/members`, { userId: learner.id, role: 'pupil' })).status).toBe(201);
    const event = await post('/events', {
      titleKk: 'Вебинар', titleRu: 'Вебинар', titleEn: 'Webinar', startsAt: '2026-12-20T14:00:00Z', endsAt: '2026-12-20T15:00:00Z',
      onlineUrl: 'https://meet.example.kz/w', audience: 'course', courseId: course.body.id,
    });
    expect(event.status).toBe(201);
    const eventChats = async (who: Pupil) =>
      (await chat().get(`/api/chat/groups?kind=event&refId=${event.body.id}`).set('Authorization', who.token)).body.data as { id: string; title: { en: string } }[];
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    const [joined] = await waitFor(async () => {
      const mine = await eventChats(learner);
      return mine.length === 1 && mine;
    }, { what: 'the pupil in the event chat', timeoutMs: 20_000 });
    expect(joined.title.en).toBe('Webinar');
    expect((await facts(learner.id)).filter((f) => f.payload.group.kind === 'event').map((f) => [f.payload.name, f.payload.active])).toEqual([['Дана Е.', true]]);
    expect(await eventChats(outsider)).toEqual([]);
    // Publishing again changes nothing; unpublishing takes the pupil out.
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    expect((await facts(learner.id)).filter((f) => f.payload.group.kind === 'event')).toHaveLength(1);
    expect((await post(`/events/${event.body.id}/unpublish`, {})).status).toBe(200);
    await waitFor(async () => (await chat().get(`/api/chat/groups/${joined.id}`).set('Authorization', learner.token)).status === 404, { what: 'the pupil out of the event chat', timeoutMs: 20_000 });
  });

  it("a pupil put on a course group after the course's event was published joins its chat; taken off every group of the course, leaves it", async () => {
    const course = await post('/courses', { kind: 'live', titleKk: 'Кеш қосылу', titleRu: 'Позже', titleEn: 'Later' });
    const [a, b] = [await post('/groups', { courseId: course.body.id, name: 'A' }), await post('/groups', { courseId: course.body.id, name: 'B' })];
    const event = await post('/events', {
      titleKk: 'Кездесу', titleRu: 'Встреча', titleEn: 'Meeting', startsAt: '2026-12-21T14:00:00Z', endsAt: '2026-12-21T15:00:00Z',
      onlineUrl: 'https://meet.example.kz/m', audience: 'course', courseId: course.body.id,
    });
    expect([a.status, b.status, event.status]).toEqual([201, 201, 201]);
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    const late = await s.pupil(7, { firstName: 'Ерасыл', lastName: 'Бек' });
    const eventFacts = async () => (await facts(late.id)).filter((f) => f.payload.group.kind === 'event').map((f) => [f.payload.group.id, f.payload.name, f.payload.active]);
    const eventChats = async () =>
      (await chat().get(`/api/chat/groups?kind=event&refId=${event.body.id}`).set('Authorization', late.token)).body.data as { id: string }[];
    expect(await eventFacts()).toEqual([]);

    // Put on group A after the publish: the event's "joined" is written with the group's, and the chat lets them in.
    expect((await post(`/groups/${a.body.id}/members`, { userId: late.id, role: 'pupil' })).status).toBe(201);
    expect(await eventFacts()).toEqual([[event.body.id, 'Ерасыл Б.', true]]);
    const [joined] = await waitFor(async () => {
      const mine = await eventChats();
      return mine.length === 1 && mine;
    }, { what: 'the late pupil in the event chat', timeoutMs: 20_000 });
    const hello = await chat().post(`/api/chat/groups/${joined.id}/messages`).set('Authorization', late.token).send({ clientId: 'late-hello-1', text: 'Сәлем!' });
    expect(hello.status).toBe(201);

    // Also in group B; taken off A they still study the course: no "left" for the event, still in its chat.
    expect((await post(`/groups/${b.body.id}/members`, { userId: late.id, role: 'pupil' })).status).toBe(201);
    expect((await s.http().delete(`/api/groups/${a.body.id}/members/${late.id}`).set('Authorization', s.admin)).status).toBe(200);
    expect((await eventFacts()).map((f) => f[2])).toEqual([true, true]);
    // Taken off B, the last group of the course: "left", and the chat is closed to them (read and post).
    expect((await s.http().delete(`/api/groups/${b.body.id}/members/${late.id}`).set('Authorization', s.admin)).status).toBe(200);
    expect((await eventFacts()).map((f) => f[2])).toEqual([true, true, false]);
    await waitFor(async () => (await chat().get(`/api/chat/groups/${joined.id}`).set('Authorization', late.token)).status === 404, { what: 'the late pupil out of the event chat', timeoutMs: 20_000 });
    const refused = await chat().post(`/api/chat/groups/${joined.id}/messages`).set('Authorization', late.token).send({ clientId: 'late-hello-2', text: 'мен мұндамын' });
    expect([refused.status, refused.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('an event for one grade opens its chat to the pupils of that grade (their profile), no one else; redelivery changes nothing; unpublishing closes it', async () => {
    const sixth = await s.pupil(6, { firstName: 'Әлия', lastName: 'Қасым' });
    const fifth = await s.pupil(5);
    const staffer = await s.pupil(null, { roleId: ROLE.examObserver });
    const event = await post('/events', {
      titleKk: '6-сынып олимпиадасы', titleRu: 'Олимпиада 6 класса', titleEn: 'Grade 6 olympiad', startsAt: '2026-12-22T09:00:00Z', endsAt: '2026-12-22T11:00:00Z',
      onlineUrl: 'https://meet.example.kz/g6', audience: 'grade', grade: 6,
    });
    expect(event.status).toBe(201);
    const audienceFacts = () => s.sql<{ payload: EventPayload<'event.audience.changed'> }>(
      "SELECT payload FROM {learning}.outbox WHERE subject = 'event.audience.changed' AND payload->'group'->>'id' = $1 ORDER BY created_at, id",
      [event.body.id],
    );
    const eventChats = async (who: Pupil) =>
      (await chat().get(`/api/chat/groups?kind=event&refId=${event.body.id}`).set('Authorization', who.token)).body.data as { id: string; title: { en: string }; members: number }[];
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    const [opened] = await audienceFacts();
    expect(opened.payload).toMatchObject({ group: { kind: 'event', id: event.body.id }, open: true, grade: 6, title: { en: 'Grade 6 olympiad' } });
    // No fact per pupil: the grade-6 pupil is let in when they first look, by the grade in their profile.
    expect((await facts(sixth.id)).filter((f) => f.payload.group.id === event.body.id)).toEqual([]);
    const [group] = await waitFor(async () => {
      const mine = await eventChats(sixth);
      return mine.length === 1 && mine;
    }, { what: 'the grade-6 pupil in the open event chat', timeoutMs: 20_000 });
    expect(group.title.en).toBe('Grade 6 olympiad');
    const sent = await chat().post(`/api/chat/groups/${group.id}/messages`).set('Authorization', sixth.token).send({ clientId: 'g6-hello-1', text: 'Сәттілік!' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.author.name).toBe('Әлия Қ.');
    // A pupil of grade 5 and a staff member without chat keys: nothing listed, 404 on reading and posting by id.
    expect(await eventChats(fifth)).toEqual([]);
    for (const who of [fifth, staffer]) {
      expect((await chat().get(`/api/chat/groups/${group.id}/messages`).set('Authorization', who.token)).status).toBe(404);
      const post5 = await chat().post(`/api/chat/groups/${group.id}/messages`).set('Authorization', who.token).send({ clientId: 'other-hello-1', text: 'мен де' });
      expect([post5.status, post5.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await eventChats(sixth))[0].members).toBe(1);

    // Unpublished: closed, the pupil who came is out. The old "open" fact delivered again changes nothing.
    expect((await post(`/events/${event.body.id}/unpublish`, {})).status).toBe(200);
    const [, closed] = await audienceFacts();
    expect(closed.payload).toMatchObject({ open: false });
    await waitFor(async () => (await chat().get(`/api/chat/groups/${group.id}`).set('Authorization', sixth.token)).status === 404, { what: 'the grade-6 pupil out', timeoutMs: 20_000 });
    const outbox = notifications.app.get(EventOutbox);
    const ids = await notifications.app.get(DataSource).transaction(async (m) => [
      await outbox.add(m, 'event.audience.changed', opened.payload),
      await outbox.add(m, 'event.audience.changed', closed.payload),
    ]);
    await waitFor(async () => {
      const rows = (await notifications.app.get(DataSource).query('SELECT message_id FROM inbox WHERE message_id = ANY($1::text[])', [ids])) as unknown[];
      return rows.length === 2;
    }, { what: 'the redelivered audience facts consumed', timeoutMs: 20_000 });
    expect((await chat().get(`/api/chat/groups/${group.id}/messages`).set('Authorization', sixth.token)).status).toBe(404);
    expect(await eventChats(sixth)).toEqual([]);
    expect(await notifications.app.get(DataSource).query('SELECT open_to_pupils FROM chat_groups WHERE id = $1', [group.id])).toEqual([{ open_to_pupils: false }]);

    // Published again: open again, and the pupil comes back in by reading.
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    await waitFor(async () => (await chat().get(`/api/chat/groups/${group.id}/messages`).set('Authorization', sixth.token)).status === 200, { what: 'the chat open again', timeoutMs: 20_000 });
  });

  it('an event for every pupil opens its chat to any pupil, not to staff without chat keys', async () => {
    const anyPupil = await s.pupil(9);
    const staffer = await s.pupil(null, { roleId: ROLE.examObserver });
    const event = await post('/events', {
      titleKk: 'Бәріне', titleRu: 'Для всех', titleEn: 'For everyone', startsAt: '2026-12-23T09:00:00Z', endsAt: '2026-12-23T10:00:00Z',
      onlineUrl: 'https://meet.example.kz/all',
    });
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    const [group] = await waitFor(async () => {
      const mine = (await chat().get(`/api/chat/groups?kind=event&refId=${event.body.id}`).set('Authorization', anyPupil.token)).body.data as { id: string }[];
      return mine.length === 1 && mine;
    }, { what: 'any pupil in the open event chat', timeoutMs: 20_000 });
    expect((await chat().post(`/api/chat/groups/${group.id}/messages`).set('Authorization', anyPupil.token).send({ clientId: 'all-hello-1', text: 'Hi' })).status).toBe(201);
    expect((await chat().get(`/api/chat/groups/${group.id}`).set('Authorization', staffer.token)).status).toBe(404);
  });

  it('editing a published event\'s audience moves its chat to the new audience; deleting a published event takes its pupils out', async () => {
    const eighth = await s.pupil(8, { firstName: 'Самал', lastName: 'Төлеу' });
    const ninth = await s.pupil(9, { firstName: 'Арман', lastName: 'Жақсы' });
    const event = await post('/events', {
      titleKk: 'Кездесу', titleRu: 'Встреча', titleEn: 'Meet-up', startsAt: '2026-12-24T09:00:00Z', endsAt: '2026-12-24T10:00:00Z',
      onlineUrl: 'https://meet.example.kz/meet', audience: 'grade', grade: 8,
    });
    expect((await post(`/events/${event.body.id}/publish`, {})).status).toBe(200);
    const listed = async (who: Pupil) =>
      (await chat().get(`/api/chat/groups?kind=event&refId=${event.body.id}`).set('Authorization', who.token)).body.data as { id: string }[];
    const [group] = await waitFor(async () => {
      const mine = await listed(eighth);
      return mine.length === 1 && mine;
    }, { what: 'the grade-8 pupil in the chat', timeoutMs: 20_000 });
    expect(await listed(ninth)).toEqual([]);

    // Grade 8 -> 9 while published: the grade-8 pupil is out, the grade-9 pupil comes in.
    const edit = await s.http().patch(`/api/events/${event.body.id}`).set('Authorization', s.admin).send({ grade: 9 });
    expect(edit.status).toBe(200);
    await waitFor(async () => (await chat().get(`/api/chat/groups/${group.id}`).set('Authorization', eighth.token)).status === 404, { what: 'the grade-8 pupil out after the edit', timeoutMs: 20_000 });
    await waitFor(async () => (await listed(ninth)).length === 1, { what: 'the grade-9 pupil in after the edit', timeoutMs: 20_000 });
    expect((await chat().post(`/api/chat/groups/${group.id}/messages`).set('Authorization', ninth.token).send({ clientId: 'g9-hello-1', text: 'Сәлем' })).status).toBe(201);
    // An edit that leaves the audience alone writes no fact.
    const facts = async () => (await s.sql<{ n: number }>("SELECT count(*)::int AS n FROM {learning}.outbox WHERE subject = 'event.audience.changed' AND payload->'group'->>'id' = $1", [event.body.id]))[0].n;
    const before = await facts();
    expect((await s.http().patch(`/api/events/${event.body.id}`).set('Authorization', s.admin).send({ titleEn: 'Meet-up!' })).status).toBe(200);
    expect(await facts()).toBe(before);

    // Deleted while published: the chat closes.
    expect((await s.http().delete(`/api/events/${event.body.id}`).set('Authorization', s.admin)).status).toBe(200);
    expect(await facts()).toBe(before + 1);
    await waitFor(async () => (await chat().get(`/api/chat/groups/${group.id}`).set('Authorization', ninth.token)).status === 404, { what: 'the chat closed after the delete', timeoutMs: 20_000 });
  });
});
