/**
 * Boots every domain service against real PostgreSQL and NATS and checks what must hold for all of them:
 * each is ready, its migrations match its entities exactly, every HTTP route declares who may call it, every HTTP
 * route is in the service's OpenAPI document (GET /api/docs-json) with that declaration, and its durable event
 * consumers keep the names they are deployed under.
 */
import request from 'supertest';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { startAuth } from '@olymp/auth';
import { startLearning } from '@olymp/learning';
import { startShop } from '@olymp/shop';
import { startFinance } from '@olymp/finance';
import { startNotifications } from '@olymp/notifications';
import { ACCESS_KEY, type AccessRule, EventConsumers, NatsService, type RunningService, checkDurableNames, pendingSchemaChanges } from '@olymp/server-kit';
import { createTestNamespace, httpRoutes } from '@olymp/server-kit/testing';

const starters = { auth: startAuth, learning: startLearning, shop: startShop, finance: startFinance, notifications: startNotifications };

describe('every service', () => {
  const ns = createTestNamespace();
  const running: Record<string, RunningService> = {};

  beforeAll(async () => {
    for (const [name, start] of Object.entries(starters)) {
      running[name] = await start(ns.envFor(name as keyof typeof starters));
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of Object.values(running).reverse()) await s.close();
    await ns.cleanup();
  });

  it.each(Object.keys(starters))('%s is ready (PostgreSQL and NATS checked)', async (name) => {
    const res = await request(running[name].url).get('/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toMatchObject({ postgres: { status: 'up' }, nats: { status: 'up' } });
  });

  it.each(Object.keys(starters))('%s has migrations that match its entities', async (name) => {
    expect(await pendingSchemaChanges(running[name].app.get(DataSource))).toEqual([]);
  });

  it.each(Object.keys(starters))('%s declares access on every HTTP route', async (name) => {
    const app = running[name].app;
    const reflector = app.get(Reflector);
    const routes = httpRoutes(app);
    const undeclared = routes
      .filter((r) => !reflector.getAllAndOverride(ACCESS_KEY, [r.handler, r.controller]))
      .map((r) => `${r.name} ${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });

  it.each(Object.keys(starters))('%s publishes every HTTP route in its OpenAPI document, with who may call it', async (name) => {
    const app = running[name].app;
    const reflector = app.get(Reflector);
    const doc = (await request(running[name].url).get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { security?: unknown[]; 'x-permissions'?: string[]; 'x-access'?: string }>>;
    };
    const missing: string[] = [];
    const wrong: string[] = [];
    // The routes as Fastify's router holds them (httpRoutes checks each against it); health is outside /api.
    const routes = httpRoutes(app).filter((r) => r.path.startsWith('/api/'));
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const verb = route.method.toLowerCase();
      const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [route.handler, route.controller]);
      const op = doc.paths[path]?.[verb];
      if (!op) {
        missing.push(`${route.method} ${path} (${route.name})`);
        continue;
      }
      const permissions = rule?.kind === 'permission' ? rule.permissions : [];
      if ((op.security?.length === 0) !== (rule?.kind === 'public') || JSON.stringify(op['x-permissions'] ?? []) !== JSON.stringify(permissions)) {
        wrong.push(`${route.method} ${path}: documented ${JSON.stringify([op.security, op['x-permissions']])}, declared ${JSON.stringify(rule)}`);
      }
    }
    expect(routes.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
  });

  /**
   * Custom routes whose answer has no JSON schema, each with the reason. Every other custom route names its answer
   * with `@ApiShape({ response })`, a contract in proto.
   */
  const KIT: Record<string, string> = { 'GET /api/docs-json': 'the OpenAPI document itself' };
  const WITHOUT_RESPONSE_SCHEMA: Record<keyof typeof starters, Record<string, string>> = {
    auth: { ...KIT, 'GET /api/users/{user}/avatars/{filename}': 'streams an avatar image' },
    learning: {
      ...KIT,
      'GET /api/upload-image/{filename}': 'streams an uploaded image',
      'GET /api/upload/files/{filename}': 'streams an uploaded file (to its uploader)',
      'GET /api/materials/{id}/file': 'a material\'s file (who may see its owner)',
      'GET /api/achievements/{code}/print': 'a certificate as a PDF (inline)',
      'GET /api/achievements/{code}/download': 'a certificate as a PDF file',
      'GET /api/certificates/download': 'a certificate as a PDF file',
      'GET /api/challenges/{challenge}/certs/zip': 'the certificates of a run as one ZIP (streamed)',
      'GET /api/calendar/{token}': 'a pupil\'s timetable as an iCalendar file (text/calendar)',
      'GET /api/my-events/{event}/calendar': 'an event as an iCalendar file (text/calendar)',
      'GET /api/videos/{id}/play': 'a video\'s bytes, whole or a range (206)',
      'GET /api/attendance-report/csv': 'a group\'s attendance as a CSV file (UTF-8 with BOM)',
      'GET /api/homework/{homework}/submissions/{submission}/file': 'a hand-in\'s file (the pupil, the group\'s teachers, group:update)',
    },
    shop: { ...KIT, 'GET /api/orders/export': 'a CSV file (streamed)' },
    finance: { ...KIT, 'GET /api/finance/payments/export': 'a CSV file' },
    notifications: { ...KIT, 'GET /api/chat/groups/{id}/images/{filename}': 'streams a chat picture (members only)' },
  };

  it.each(Object.keys(starters))('%s documents the answer of every custom route with a schema', async (name) => {
    const doc = (await request(running[name].url).get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { 'x-custom'?: boolean; responses: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
    };
    const custom: string[] = [];
    const unshaped: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [verb, op] of Object.entries(item)) {
        if (!op['x-custom']) continue;
        const route = `${verb.toUpperCase()} ${path}`;
        custom.push(route);
        const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2')).map(([, r]) => r);
        const shaped = success.some((r) => Object.values(r.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0));
        if (!shaped && !(route in WITHOUT_RESPONSE_SCHEMA[name as keyof typeof starters])) unshaped.push(route);
      }
    }
    expect(custom.length).toBeGreaterThan(0);
    expect(unshaped).toEqual([]);
    // The exceptions are routes that exist and still have no schema.
    expect(Object.keys(WITHOUT_RESPONSE_SCHEMA[name as keyof typeof starters]).filter((r) => !custom.includes(r))).toEqual([]);
  });

  /**
   * The durable consumers as deployed (named `Class.method` when names were derived from code). A changed name is a
   * new consumer that replays 14 days of its subject (SMS sent again, rewards paid again): this list changes only
   * with a new consumer, never by a rename.
   */
  const DEPLOYED: Record<keyof typeof starters, string[]> = {
    // auth__sms_delivery_reported__SmsDeliveryReports_record retired 2026-11-28 with its event (docs/events.md "Retired").
    auth: ['auth__system_probe_sent__ProbeService_receive'],
    learning: ['learning__invoice_paid__InvoicePaidConsumer_grant', 'learning__invoice_paid__learning_enrolment_invoice-paid', 'learning__invoice_refunded__learning_enrolment_invoice-refunded', 'learning__system_probe_sent__ProbeService_receive'],
    shop: [
      'shop__achievement_earned__shop_prizes_achievement-earned',
      'shop__invoice_cancelled__shop_orders_invoice-cancelled',
      'shop__invoice_paid__shop_orders_invoice-paid',
      'shop__system_probe_sent__ProbeService_receive',
      'shop__treasure_claimed__shop_prizes_treasure-claimed',
    ],
    finance: [
      'finance__quiz_finished__RewardsConsumer_quizFinished',
      'finance__system_probe_sent__ProbeService_receive',
      'finance__treasure_claimed__RewardsConsumer_treasureClaimed',
    ],
    notifications: [
      'notifications__achievement_earned__NoticesConsumer_achievementEarned',
      'notifications__consultation_slot_cancelled__notifications_consultation-cancelled',
      'notifications__course_enrolled__notifications_notices_course-enrolled',
      'notifications__course_news_posted__notifications_course-news',
      'notifications__event_audience_changed__notifications_chat_audience',
      'notifications__homework_graded__notifications_homework-graded',
      'notifications__invoice_paid__NoticesConsumer_invoicePaid',
      'notifications__learning_event_reminded__notifications_notices_event-reminded',
      'notifications__learning_membership_changed__notifications_chat_membership',
      'notifications__lesson_reminder_due__notifications_lesson-reminder',
      'notifications__order_status_changed__NoticesConsumer_orderStatusChanged',
      'notifications__sms_requested__SmsDelivery_deliver',
      'notifications__system_probe_sent__ProbeService_receive',
    ],
  };

  it.each(Object.keys(starters))('%s keeps its durable consumers under their deployed names', async (name) => {
    const nats = running[name].app.get(NatsService);
    const prefix = nats.durableName('', '').replace(/__$/, '');
    const onStream: string[] = [];
    for await (const c of nats.jsm.consumers.list(nats.streamName)) {
      const durable = c.config.durable_name;
      if (durable?.startsWith(`${prefix}${name}__`)) onStream.push(durable.slice(prefix.length));
    }
    const registered = running[name].app.get(EventConsumers).durables().map((d) => d.slice(prefix.length));
    expect(registered.sort()).toEqual(DEPLOYED[name as keyof typeof starters]);
    expect(onStream.sort()).toEqual(DEPLOYED[name as keyof typeof starters]);
  });
});

describe('durable consumer names', () => {
  const handler = (subject: string, durable: unknown, where = 'Some.handler') => ({ subject, durable, where });

  it('accepts explicit, distinct names (the same name on two subjects is two consumers)', () => {
    expect(() => checkDurableNames([handler('invoice.paid', 'Notices.paid'), handler('quiz.finished', 'Notices.paid')])).not.toThrow();
  });

  it('refuses a handler without a durable name, or with a malformed one', () => {
    expect(() => checkDurableNames([handler('invoice.paid', undefined, 'Notices.invoicePaid')])).toThrow(/Notices\.invoicePaid: @OnEvent\('invoice\.paid'\) needs an explicit durable name/);
    expect(() => checkDurableNames([handler('invoice.paid', '')])).toThrow(/needs an explicit durable name/);
    expect(() => checkDurableNames([handler('invoice.paid', 'a b')])).toThrow(/needs an explicit durable name/);
  });

  it('refuses two handlers of one service whose consumers would share a name', () => {
    expect(() => checkDurableNames([handler('invoice.paid', 'A.grant', 'A.grant'), handler('invoice.paid', 'A.grant', 'B.grant')])).toThrow(
      /B\.grant: durable name 'A\.grant' of 'invoice\.paid' is already used by A\.grant/,
    );
    // Dots become underscores in NATS: these two would be one consumer.
    expect(() => checkDurableNames([handler('invoice.paid', 'A.grant'), handler('invoice.paid', 'A_grant')])).toThrow(/already used/);
  });
});
