/**
 * The route x role matrix of chat (the rules of services/shop/test/access-matrix.spec.ts): every chat route,
 * called by an anonymous visitor and by each of the seven roles, gets exactly what its declaration and the role's
 * permissions (from auth's database) allow; bad input is a localized 400, a missing id 404, nothing is changed by
 * a refused request and nothing answers 5xx. The socket events too: `chat:join` refuses anonymous sockets, bad
 * payloads and non-members (localized), and `chat:typing` of a non-member reaches nobody.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { io } from 'socket.io-client';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { type ChatTyping, ROLE, type RoleId } from '@olymp/proto';
import { ACCESS_KEY, type AccessRule, type RunningService } from '@olymp/server-kit';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { type Client, membership, processed, publish } from './helpers';

interface Route {
  method: string;
  path: string;
  rule: AccessRule;
}

describe('chat: every route x every role, and the socket events', () => {
  const ns = createTestNamespace();
  let auth: RunningService;
  let node: RunningService;
  const routes: Route[] = [];
  const permissionsOf = new Map<RoleId, Set<string>>();
  const event = { kind: 'event' as const, id: randomUUID() };
  const member = randomUUID();
  let groupId: string;
  let memberToken: string;
  const sockets: Client[] = [];

  const count = async (table: string) => Number(((await node.app.get(DataSource).query(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: string }[])[0].n);
  const socketOf = (auth: Record<string, unknown>): Promise<Client> => {
    const s: Client = io(node.url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  };

  beforeAll(async () => {
    auth = await startAuth(ns.envFor('auth'));
    node = await startNotifications(ns.envFor('notifications'));
    const reflector = node.app.get(Reflector);
    for (const wrapper of node.app.get(DiscoveryService).getControllers()) {
      const ctrl = wrapper.metatype as (new (...a: never[]) => unknown) | undefined;
      if (!ctrl) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
      if (!base.startsWith('chat')) continue;
      for (const key of Object.getOwnPropertyNames(ctrl.prototype)) {
        const handler = (ctrl.prototype as Record<string, unknown>)[key];
        if (key === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const rule = reflector.getAllAndOverride<AccessRule>(ACCESS_KEY, [handler, ctrl]);
        const path = `/api/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:\w+/g, () => randomUUID());
        routes.push({ method: RequestMethod[method], path, rule });
      }
    }
    const rows: { role_id: number; name: string }[] = await auth.app.get(DataSource).query(
      'SELECT rp.role_id, p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id',
    );
    for (const id of Object.values(ROLE)) permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
    const [id] = await publish(node, 'learning.membership.changed', [membership(event, member, 'Aliya N.', true, new Date())]);
    await waitFor(() => processed(node, id), { what: 'the member in' });
    memberToken = await testToken({ userId: member });
    groupId = (await request(node.url).get('/api/chat/groups').set('authorization', `Bearer ${memberToken}`)).body.data[0].id;
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await node?.close();
    await auth?.close();
    await ns.cleanup();
  });

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  const expected = (rule: AccessRule, roleId: RoleId | null): 'refused-401' | 'refused-403' | 'let-in' => {
    if (rule.kind === 'public') return 'let-in';
    if (roleId === null) return 'refused-401';
    if (rule.kind === 'signed-in' || roleId === ROLE.admin) return 'let-in';
    return rule.permissions.every((p) => permissionsOf.get(roleId)?.has(p)) ? 'let-in' : 'refused-403';
  };

  it('finds every chat route', () => {
    expect(routes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`).sort()).toEqual([
      'DELETE /api/chat/messages/:id',
      'GET /api/chat/admin/groups',
      'GET /api/chat/admin/groups/:id',
      'GET /api/chat/admin/groups/:id/members',
      'GET /api/chat/admin/groups/:id/messages',
      'GET /api/chat/admin/groups/:id/reports',
      'GET /api/chat/groups',
      'GET /api/chat/groups/:id',
      'GET /api/chat/groups/:id/images/:id',
      'GET /api/chat/groups/:id/messages',
      'PATCH /api/chat/admin/groups/:id',
      'PATCH /api/chat/messages/:id',
      'POST /api/chat/admin/groups',
      'POST /api/chat/admin/groups/:id/announcements',
      'POST /api/chat/admin/groups/:id/close',
      'POST /api/chat/admin/groups/:id/members',
      'POST /api/chat/admin/groups/:id/mute',
      'POST /api/chat/admin/groups/:id/reopen',
      'POST /api/chat/admin/messages/:id/hide',
      'POST /api/chat/groups/:id/images',
      'POST /api/chat/groups/:id/messages',
      'POST /api/chat/groups/:id/read',
      'POST /api/chat/messages/:id/report',
    ]);
  });

  it.each(callers)('$name gets exactly what the declarations and its permissions allow, and changes nothing', async ({ roleId }) => {
    const token = roleId === null ? null : await testToken({ roleId });
    const before = await Promise.all(['chat_groups', 'chat_members', 'chat_messages', 'chat_reports', 'chat_images'].map(count));
    const wrong: string[] = [];
    for (const route of routes) {
      let req = request(node.url)[route.method.toLowerCase() as 'get'](route.path);
      if (token) req = req.set('authorization', `Bearer ${token}`);
      const res = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await req.send({}) : await req;
      const want = expected(route.rule, roleId);
      const got = res.status === 401 ? 'refused-401' : res.status === 403 && res.body.code === 'FORBIDDEN' ? 'refused-403' : 'let-in';
      if (got !== want) wrong.push(`${route.method} ${route.path}: expected ${want}, got ${res.status}`);
      // Let in with made-up ids and empty bodies: a 4xx (400 or 404), never a success or a 5xx.
      if (got === 'let-in' && route.path.match(/[0-9a-f-]{36}/)) expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(wrong).toEqual([]);
    expect(await Promise.all(['chat_groups', 'chat_members', 'chat_messages', 'chat_reports', 'chat_images'].map(count))).toEqual(before);
  });

  it('answers bad input with a localized 400 and a missing id with 404', async () => {
    const messages = await count('chat_messages');
    const post = (body: unknown, locale: string) =>
      request(node.url).post(`/api/chat/groups/${groupId}/messages`).set('authorization', `Bearer ${memberToken}`).set('x-locale', locale).send(body as object);
    const messagesFor = { kk: 'clientId', ru: 'clientId', en: 'clientId' };
    for (const [locale, field] of Object.entries(messagesFor)) {
      const res = await post({ text: 'no client id' }, locale);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    const en = await post({ clientId: 'abcdefgh', text: 'x'.repeat(2001) }, 'en');
    const ru = await post({ clientId: 'abcdefgh', text: 'x'.repeat(2001) }, 'ru');
    expect([en.status, ru.status]).toEqual([400, 400]);
    expect(en.body.message).not.toBe(ru.body.message);
    expect((await post({ clientId: 'abcdefgh', text: 'hi', extra: 1 }, 'en')).status).toBe(400);
    expect((await post({ clientId: 'abcdefgh', image: '../../etc/passwd' }, 'en')).status).toBe(400);
    const missing = await request(node.url).patch(`/api/chat/messages/${randomUUID()}`).set('authorization', `Bearer ${memberToken}`).set('x-locale', 'kk').send({ text: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const badId = await request(node.url).get('/api/chat/groups/not-a-uuid/messages').set('authorization', `Bearer ${memberToken}`);
    expect(badId.status).toBe(400);
    const both = await request(node.url).get(`/api/chat/groups/${groupId}/messages?before=5&after=1`).set('authorization', `Bearer ${memberToken}`);
    expect(both.status).toBe(400);
    expect(await count('chat_messages')).toBe(messages);
  });

  it('chat:join refuses anonymous sockets, bad payloads and non-members in the socket language; typing of a non-member reaches nobody', async () => {
    const anonymous = await socketOf({ locale: 'en' });
    expect(await anonymous.timeout(5000).emitWithAck('chat:join', { groupId })).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    const outsider = await socketOf({ token: await testToken(), locale: 'ru' });
    const bad = await outsider.timeout(5000).emitWithAck('chat:join', { groupId: 'x' } as never);
    expect(bad).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const notMember = await outsider.timeout(5000).emitWithAck('chat:join', { groupId });
    expect(notMember).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(notMember.ok === false && notMember.message).toMatch(/[а-я]/);

    const insider = await socketOf({ token: memberToken, locale: 'en' });
    expect(await insider.timeout(5000).emitWithAck('chat:join', { groupId })).toMatchObject({ ok: true });
    const typing: ChatTyping[] = [];
    insider.on('chat:typing', (t) => typing.push(t));
    outsider.emit('chat:typing', { groupId });
    // A member's own socket then types on a second socket: that one arrives, the outsider's never did.
    const second = await socketOf({ token: memberToken, locale: 'en' });
    await second.timeout(5000).emitWithAck('chat:join', { groupId });
    second.emit('chat:typing', { groupId });
    await waitFor(() => typing.length > 0, { what: 'the member typing' });
    expect(typing).toEqual([expect.objectContaining({ groupId, name: 'Aliya N.' })]);
  });
});
