/**
 * Course groups feed their chat (docs/chat.md), end to end over real PostgreSQL and NATS: staff add a pupil and a
 * teacher to a group in learning -> `learning.membership.changed` (kind course_group) through learning's outbox ->
 * notifications makes them members of the group's chat; taking the pupil off the group takes them out (no reading,
 * no posting); a fact delivered again changes nothing; deleting the group sends "left" for every member.
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
});
