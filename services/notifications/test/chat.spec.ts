/**
 * Chat groups (docs/chat.md) against real PostgreSQL and NATS: membership from `learning.membership.changed`
 * (redelivered and older facts change nothing), members only (a guessed group id is 404), messages stored once per
 * client id, cursor history, unread counts, the 5-minute edit window and mutes on the kit's Clock, the rate limit,
 * public names only.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { CHAT_LIMITS, type ChatGroupView, type ChatMessageView, ROLE } from '@olymp/proto';
import { Clock, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { membership, processed, publish } from './helpers';

describe('chat', () => {
  const ns = createTestNamespace();
  let node: RunningService;
  let auth: RunningService;
  const challenge = { kind: 'challenge' as const, id: randomUUID() };
  const aigerim = randomUUID();
  const nurlan = randomUUID();
  const stranger = randomUUID();
  const tokens: Record<string, string> = {};
  let groupId: string;

  const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string, who: string, locale = 'en') =>
    request(node.url)[method](`/api${path}`).set('authorization', `Bearer ${tokens[who]}`).set('x-locale', locale);
  const send = (who: string, body: Record<string, unknown>) => api('post', `/chat/groups/${groupId}/messages`, who).send(body);
  const clientId = () => randomUUID().replace(/-/g, '');

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    node = await startNotifications(ns.envFor('notifications'));
    for (const id of [aigerim, nurlan, stranger]) tokens[id] = await testToken({ userId: id });
    tokens.admin = await testToken({ roleId: ROLE.admin });
  });

  afterAll(async () => {
    await node?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('membership follows joins and leaves; a redelivered or older fact changes nothing', async () => {
    const t0 = new Date(Date.now() - 60_000);
    await publish(node, 'learning.membership.changed', [
      membership(challenge, aigerim, 'Aigerim S.', true, t0),
      membership(challenge, nurlan, 'Nurlan A.', true, t0),
    ]);
    const groups = await waitFor(async () => {
      const res = await api('get', '/chat/groups', aigerim);
      // Both facts consumed (one at a time: the second may still be in flight when the group first shows).
      return res.body.data?.[0]?.members === 2 && (res.body.data as ChatGroupView[]);
    }, { what: 'the group of the challenge with both members' });
    expect(groups[0]).toMatchObject({ kind: 'challenge', refId: challenge.id, isDefault: true, members: 2, me: { unread: 0, lastReadSeq: 0 } });
    groupId = groups[0].id;

    // Nurlan leaves, then an older "joined" arrives late and the "left" is delivered again: he stays out.
    const [left] = await publish(node, 'learning.membership.changed', [membership(challenge, nurlan, 'Nurlan A.', false, new Date(t0.getTime() + 1000))]);
    await waitFor(() => processed(node, left), { what: 'the leave consumed' });
    const [late, again] = await publish(node, 'learning.membership.changed', [
      membership(challenge, nurlan, 'Nurlan A.', true, new Date(t0.getTime() + 500)),
      membership(challenge, nurlan, 'Nurlan A.', false, new Date(t0.getTime() + 1000)),
    ]);
    await waitFor(async () => (await processed(node, late)) && (await processed(node, again)), { what: 'late facts consumed' });
    expect((await api('get', `/chat/groups/${groupId}`, nurlan)).status).toBe(404);
    expect((await api('get', `/chat/admin/groups/${groupId}`, 'admin')).body.data.members).toBe(1);

    // He joins again (a newer fact).
    const [back] = await publish(node, 'learning.membership.changed', [membership(challenge, nurlan, 'Nurlan A.', true, new Date(t0.getTime() + 2000))]);
    await waitFor(() => processed(node, back), { what: 'the join consumed' });
    expect((await api('get', `/chat/groups/${groupId}`, nurlan)).status).toBe(200);
  });

  it('a non-member can neither read nor post, also with a guessed id: 404 like a missing group', async () => {
    for (const id of [groupId, randomUUID()]) {
      const read = await api('get', `/chat/groups/${id}/messages`, stranger, 'ru');
      expect(read.status).toBe(404);
      expect(read.body.code).toBe('NOT_FOUND');
      const post = await api('post', `/chat/groups/${id}/messages`, stranger).send({ clientId: clientId(), text: 'hi' });
      expect(post.status).toBe(404);
    }
    const history = await api('get', `/chat/admin/groups/${groupId}/messages`, 'admin');
    expect(history.body.data).toEqual([]);
  });

  it('stores a retried send once, shows public names only, and pages history by cursor', async () => {
    const id = clientId();
    const first = await send(aigerim, { clientId: id, text: 'Сәлем! 👋 https://example.com' });
    expect(first.status).toBe(201);
    const retry = await send(aigerim, { clientId: id, text: 'Сәлем! 👋 https://example.com' });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(first.body.data.id);
    const msg = first.body.data as ChatMessageView;
    expect(msg).toMatchObject({ seq: 1, text: 'Сәлем! 👋 https://example.com', author: { name: 'Aigerim S.', role: 'pupil' }, replyTo: null });
    expect(JSON.stringify(msg)).not.toContain(aigerim);

    const reply = await send(nurlan, { clientId: clientId(), text: 'Привет', replyTo: msg.id });
    expect(reply.status).toBe(201);
    expect(reply.body.data.replyTo).toMatchObject({ id: msg.id, seq: 1, name: 'Aigerim S.' });
    for (let i = 0; i < 3; i++) expect((await send(nurlan, { clientId: clientId(), text: `m${i}` })).status).toBe(201);

    const newest = await api('get', `/chat/groups/${groupId}/messages?limit=2`, aigerim);
    expect(newest.body.data.map((m: ChatMessageView) => m.seq)).toEqual([4, 5]);
    expect(newest.body.hasMore).toBe(true);
    const older = await api('get', `/chat/groups/${groupId}/messages?limit=10&before=4`, aigerim);
    expect(older.body.data.map((m: ChatMessageView) => m.seq)).toEqual([1, 2, 3]);
    expect(older.body.hasMore).toBe(false);
    const missed = await api('get', `/chat/groups/${groupId}/messages?after=2`, aigerim);
    expect(missed.body.data.map((m: ChatMessageView) => m.seq)).toEqual([3, 4, 5]);

    // Unread: Nurlan's four messages for Aigerim, until she reads them.
    const mine = await api('get', '/chat/groups', aigerim);
    expect(mine.body.data[0].me.unread).toBe(4);
    expect(mine.body.unreadTotal).toBe(4);
    const read = await api('post', `/chat/groups/${groupId}/read`, aigerim).send({ seq: 3 });
    expect(read.body.data).toEqual({ lastReadSeq: 3, unread: 2, unreadTotal: 2 });
    expect((await api('post', `/chat/groups/${groupId}/read`, aigerim).send({ seq: 999 })).body.data).toMatchObject({ lastReadSeq: 5, unread: 0 });
    // Sending marks the group read up to one's own message.
    expect((await api('get', '/chat/groups', nurlan)).body.unreadTotal).toBe(0);
  });

  it('edits within 5 minutes by the author only (the kit Clock), deletes, and refuses empty messages in the reader language', async () => {
    const clock = node.app.get(Clock);
    clock.set(new Date());
    try {
      const sent = (await send(aigerim, { clientId: clientId(), text: 'typo' })).body.data as ChatMessageView;
      const notMine = await api('patch', `/chat/messages/${sent.id}`, nurlan, 'kk').send({ text: 'x' });
      expect(notMine.status).toBe(403);
      expect(notMine.body.code).toBe('CHAT_NOT_AUTHOR');
      clock.advance(CHAT_LIMITS.editWindowMs);
      const edited = await api('patch', `/chat/messages/${sent.id}`, aigerim).send({ text: 'fixed' });
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ text: 'fixed' });
      expect(edited.body.data.editedAt).not.toBeNull();
      clock.advance(1);
      const late = await api('patch', `/chat/messages/${sent.id}`, aigerim, 'ru').send({ text: 'again' });
      expect(late.status).toBe(409);
      expect(late.body.message).toContain('5 минут');
      const deleted = await api('delete', `/chat/messages/${sent.id}`, aigerim);
      expect(deleted.body.data).toMatchObject({ text: null });
      expect(deleted.body.data.deletedAt).not.toBeNull();
      const staff = await api('get', `/chat/admin/groups/${groupId}/messages?after=${sent.seq - 1}`, 'admin');
      expect(staff.body.data[0]).toMatchObject({ originalText: 'fixed', authorId: aigerim });
      const empty = await send(aigerim, { clientId: clientId(), text: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('CHAT_MESSAGE_EMPTY');
    } finally {
      clock.resume();
    }
  });

  it('a muted member cannot post until the mute ends; the rate limit stops floods with a clear message', async () => {
    const clock = node.app.get(Clock);
    clock.set(new Date(Date.now() + 10 * 60_000));
    try {
      const muted = await api('post', `/chat/admin/groups/${groupId}/mute`, 'admin').send({ userId: nurlan, minutes: 10 });
      expect(muted.status).toBe(200);
      const refused = await send(nurlan, { clientId: clientId(), text: 'hey' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('CHAT_MUTED');
      clock.advance(10 * 60_000 - 1);
      expect((await send(nurlan, { clientId: clientId(), text: 'hey' })).status).toBe(403);
      clock.advance(1);
      expect((await send(nurlan, { clientId: clientId(), text: 'back' })).status).toBe(201);

      // Rate: at most CHAT_LIMITS.burst in 10 s (one already sent at this instant).
      for (let i = 1; i < CHAT_LIMITS.burst; i++) expect((await send(nurlan, { clientId: clientId(), text: `f${i}` })).status).toBe(201);
      const flood = await send(nurlan, { clientId: clientId(), text: 'flood' }).set('x-locale', 'kk');
      expect(flood.status).toBe(429);
      expect(flood.body.code).toBe('CHAT_RATE_LIMITED');
      expect(flood.body.message).toContain('10 с');
      clock.advance(CHAT_LIMITS.burstWindowMs);
      expect((await send(nurlan, { clientId: clientId(), text: 'calm' })).status).toBe(201);
    } finally {
      clock.resume();
    }
  });
});
