/**
 * Chat in real time over two notifications nodes sharing rooms through the postgres adapter: a message posted on
 * one node reaches a member connected to the other (once), edits, deletes and typing follow, a member who was
 * offline gets what was missed exactly once on reconnect (`chat:join` with `after`), and a member who leaves stops
 * receiving at once.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { io } from 'socket.io-client';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { type ChatJoinAck, type ChatMessageView, type ChatTyping, ROLE } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { type Client, membership, processed, publish } from './helpers';

class ChatClient {
  readonly messages: ChatMessageView[] = [];
  readonly updates: ChatMessageView[] = [];
  readonly typing: ChatTyping[] = [];

  private constructor(readonly socket: Client) {
    socket.on('chat:message', (m) => this.messages.push(m));
    socket.on('chat:updated', (m) => this.updates.push(m));
    socket.on('chat:typing', (t) => this.typing.push(t));
  }

  static connect(url: string, token: string): Promise<ChatClient> {
    const socket: Client = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token, locale: 'en' }, reconnection: false, forceNew: true });
    const client = new ChatClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(client));
      socket.once('connect_error', reject);
    });
  }

  join(groupId: string, after?: number): Promise<ChatJoinAck> {
    return this.socket.timeout(5000).emitWithAck('chat:join', after === undefined ? { groupId } : { groupId, after });
  }

  close(): void {
    this.socket.close();
  }
}

describe('chat over two nodes', () => {
  const ns = createTestNamespace();
  let a: RunningService;
  let b: RunningService;
  let auth: RunningService;
  const clients: ChatClient[] = [];
  const training = { kind: 'training' as const, id: randomUUID() };
  const dana = randomUUID();
  const erasyl = randomUUID();
  const tokens: Record<string, string> = {};
  let groupId: string;

  const connect = async (node: RunningService, who: string) => {
    const c = await ChatClient.connect(node.url, tokens[who]);
    clients.push(c);
    return c;
  };
  const send = (node: RunningService, who: string, text: string, clientId = randomUUID().replace(/-/g, '')) =>
    request(node.url).post(`/api/chat/groups/${groupId}/messages`).set('authorization', `Bearer ${tokens[who]}`).send({ clientId, text });

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    a = await startNotifications(ns.envFor('notifications'));
    b = await startNotifications(ns.envFor('notifications'));
    for (const id of [dana, erasyl]) tokens[id] = await testToken({ userId: id });
    tokens.admin = await testToken({ roleId: ROLE.admin });
    const at = new Date(Date.now() - 60_000);
    const ids = await publish(a, 'learning.membership.changed', [membership(training, dana, 'Dana K.', true, at), membership(training, erasyl, 'Erasyl Z.', true, at)]);
    await waitFor(async () => (await processed(a, ids[0])) || (await processed(b, ids[0])), { what: 'first join consumed' });
    await waitFor(async () => (await processed(a, ids[1])) || (await processed(b, ids[1])), { what: 'second join consumed' });
    const res = await request(a.url).get('/api/chat/groups').set('authorization', `Bearer ${tokens[dana]}`);
    groupId = res.body.data[0].id;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await a?.close();
    await b?.close();
    await auth?.close();
    await ns.cleanup();
  });

  it('a message posted on node B reaches a member connected to node A, once; edits, deletes and typing follow', async () => {
    const onA = await connect(a, dana);
    const onB = await connect(b, erasyl);
    // Rooms are joined at connect; an explicit join answers when the room is surely joined.
    expect(await onA.join(groupId)).toMatchObject({ ok: true });
    expect(await onB.join(groupId)).toMatchObject({ ok: true });

    const sent = await send(b, erasyl, 'Hello from B');
    expect(sent.status).toBe(201);
    const got = await waitFor(() => onA.messages.find((m) => m.id === sent.body.data.id), { what: 'the message on node A' });
    expect(got).toMatchObject({ text: 'Hello from B', author: { name: 'Erasyl Z.' } });
    await waitFor(() => onB.messages.some((m) => m.id === sent.body.data.id), { what: 'the message back on the sender node' });

    const edited = await request(b.url).patch(`/api/chat/messages/${got.id}`).set('authorization', `Bearer ${tokens[erasyl]}`).send({ text: 'Hello, edited' });
    expect(edited.status).toBe(200);
    await waitFor(() => onA.updates.some((m) => m.id === got.id && m.text === 'Hello, edited'), { what: 'the edit on node A' });
    await request(b.url).delete(`/api/chat/messages/${got.id}`).set('authorization', `Bearer ${tokens[erasyl]}`).expect(200);
    await waitFor(() => onA.updates.some((m) => m.id === got.id && m.deletedAt !== null && m.text === null), { what: 'the delete on node A' });

    onB.socket.emit('chat:typing', { groupId });
    const typing = await waitFor(() => onA.typing.at(-1), { what: 'typing on node A' });
    expect(typing).toMatchObject({ groupId, name: 'Erasyl Z.' });
    // Nothing came twice (one broadcast per node, one delivery per socket).
    expect(onA.messages.filter((m) => m.id === got.id)).toHaveLength(1);
  });

  it('a member offline while messages were sent gets them on reconnect exactly once', async () => {
    const first = await connect(a, dana);
    await first.join(groupId);
    const before = (await send(b, erasyl, 'before')).body.data as ChatMessageView;
    await waitFor(() => first.messages.some((m) => m.id === before.id), { what: 'the message while online' });
    const lastSeen = Math.max(...first.messages.map((m) => m.seq));
    first.close();

    const clientId = randomUUID().replace(/-/g, '');
    const missed1 = (await send(b, erasyl, 'while offline 1', clientId)).body.data as ChatMessageView;
    await send(b, erasyl, 'while offline 1', clientId).expect(200); // a retry: stored once
    const missed2 = (await send(a, erasyl, 'while offline 2')).body.data as ChatMessageView;

    const again = await connect(b, dana);
    const ack = await again.join(groupId, lastSeen);
    expect(ack.ok).toBe(true);
    const caught = ack.ok ? ack.messages : [];
    expect(caught.map((m) => m.id)).toEqual([missed1.id, missed2.id]);
    expect(caught.map((m) => m.text)).toEqual(['while offline 1', 'while offline 2']);
  });

  it('a member who leaves stops receiving at once, on every node', async () => {
    const onA = await connect(a, dana);
    await onA.join(groupId);
    const [left] = await publish(b, 'learning.membership.changed', [membership(training, dana, 'Dana K.', false, new Date())]);
    await waitFor(async () => (await processed(a, left)) || (await processed(b, left)), { what: 'the leave consumed' });
    // The room was left after the commit, through the adapter; give a message after that point.
    await waitFor(async () => {
      const res = await request(a.url).get(`/api/chat/groups/${groupId}`).set('authorization', `Bearer ${tokens[dana]}`);
      return res.status === 404;
    }, { what: 'the group gone for her' });
    const refusal = await onA.join(groupId);
    expect(refusal).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    // A moderator writes here (staff are not rate limited; the pupils have written a lot in this file).
    const marker = (await send(b, 'admin', 'after she left')).body.data as ChatMessageView;
    expect(marker.author).toMatchObject({ role: 'staff', name: null });
    // A second socket still in the room proves the message went out before we look.
    const watcher = await connect(a, erasyl);
    await watcher.join(groupId, marker.seq - 1).then((ack) => expect(ack.ok && ack.messages.map((m) => m.id)).toEqual([marker.id]));
    const probe = (await send(b, 'admin', 'probe')).body.data as ChatMessageView;
    await waitFor(() => watcher.messages.some((m) => m.id === probe.id), { what: 'the probe delivered to a member on node A' });
    expect(onA.messages.some((m) => m.id === marker.id || m.id === probe.id)).toBe(false);
  });
});
