/**
 * Trainings for staff and joining them (spec sections 2, 6, 7): the resources (trainings, chapters, subchapters,
 * training treasures) with their rules; join, leave and check; a paid training refuses a free join and is joined by
 * paying its invoice in finance (started here: `invoice.paid` grants the subscription with full hearts); unpaid
 * invoices cancelled; publish and images; and the endpoint checklist: 401, 403, localized 400, 404, nothing changed
 * by a refused request, every staff write in the audit log. Real PostgreSQL and NATS.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { LedgerService, startFinance } from '@olymp/finance';
import { ROLE } from '@olymp/proto';
import { Clock, type RunningService } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import { type Pupil, learningStack } from './support';
import { type TrainingFixture, bankQuiz, createTraining, join, play } from './trainings-fixture';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('trainings: resources, joining, invoices and the endpoint checklist', () => {
  const s = learningStack();
  let finance: RunningService;
  const t0 = new Date(Date.UTC(2030, 1, 3, 5, 0, 0));
  let free: TrainingFixture;
  let paid: TrainingFixture;
  let maker: Pupil; // content maker: edits trainings, but may not delete them or see subscriptions and invoices

  beforeAll(async () => {
    await s.start();
    finance = await startFinance(s.ns.envFor('finance'));
    s.learning.app.get(Clock).set(t0);
    free = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 4 });
    paid = await createTraining(s, { quizzes: [await bankQuiz(s, 2, 5)], heartsMax: 6, priceZp: 300 });
    maker = await s.pupil(null, { roleId: ROLE.contentMaker });
  });
  afterAll(async () => {
    await finance?.close();
    await s.stop();
  });

  const count = async (table: string, where = 'TRUE', params: unknown[] = []) =>
    Number((await s.sql<{ n: string }>(`SELECT COUNT(*) AS n FROM {learning}.${table} WHERE ${where}`, params))[0].n);
  const audit = (action: string, resourceId: string) =>
    s.sql<{ actor_id: string; after: Record<string, unknown> }>('SELECT actor_id, after FROM {learning}.audit_log WHERE action = $1 AND resource_id = $2', [action, resourceId]);
  const participation = (trainingId: string, userId: string) =>
    s.sql<{ via: string; hearts: number; invoice_id: string | null }>(
      "SELECT via, hearts, invoice_id FROM {learning}.participations WHERE board_kind = 'training' AND board_id = $1 AND user_id = $2", [trainingId, userId]);

  describe('the trainings resource', () => {
    const body = { titleKk: 'Ж', titleRu: 'Т', titleEn: 'T' };

    it('creates for staff only, refuses bad input in the caller\'s language and writes nothing then', async () => {
      const pupil = await s.pupil(5);
      const before = await count('trainings');
      expect((await s.http().post('/api/trainings').send(body)).status).toBe(401);
      expect((await s.http().post('/api/trainings').set('Authorization', pupil.token).send(body)).status).toBe(403);
      const unknown = await s.http().post('/api/trainings').set('Authorization', s.admin).set('X-Locale', 'en').send({ ...body, published: true });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('UNKNOWN_FIELD');
      const ru = await s.http().post('/api/trainings').set('Authorization', s.admin).set('X-Locale', 'ru').send({ ...body, heartsMax: 0 });
      expect(ru.status).toBe(400);
      expect(ru.body.errors).toHaveProperty('heartsMax');
      const kk = await s.http().post('/api/trainings').set('Authorization', s.admin).set('X-Locale', 'kk').send({ ...body, heartsMax: 0 });
      expect(kk.body.message).not.toBe(ru.body.message);
      expect(await count('trainings')).toBe(before);
      const made = await s.http().post('/api/trainings').set('Authorization', maker.token).send({ ...body, tryNumber: 3 });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ published: false, tryNumber: 3, heartsMax: 5, heartResetMinutes: 240 });
      expect(await audit('create', made.body.id)).toEqual([expect.objectContaining({ actor_id: maker.id })]);
    });

    it('updates plain fields; tries and hearts only through their actions', async () => {
      const put = await s.http().put(`/api/trainings/${free.id}`).set('Authorization', s.admin).send({ titleEn: 'Fractions' });
      expect(put.status).toBe(200);
      expect(put.body.titleEn).toBe('Fractions');
      const tries = await s.http().put(`/api/trainings/${free.id}`).set('Authorization', s.admin).set('X-Locale', 'en').send({ tryNumber: 9 });
      expect(tries.status).toBe(400);
      expect(tries.body.code).toBe('UNKNOWN_FIELD');
      expect((await s.http().put(`/api/trainings/${MISSING}`).set('Authorization', s.admin).send({ titleEn: 'x' })).status).toBe(404);
      expect((await s.http().put(`/api/trainings/nope`).set('Authorization', s.admin).send({ titleEn: 'x' })).status).toBe(400);
      const actions = [
        ['update-try-number', { tryNumber: 0 }, { tryNumber: 2 }],
        ['update-heart-reset-interval', { heartResetMinutes: 0 }, { heartResetMinutes: 5 }],
        ['publish', { published: 'yes' }, { published: false }],
      ] as const;
      for (const [path, bad, good] of actions) {
        const refused = await s.http().post(`/api/trainings/${free.id}/${path}`).set('Authorization', s.admin).set('X-Locale', 'en').send(bad);
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('VALIDATION_FAILED');
        expect((await s.http().post(`/api/trainings/${free.id}/${path}`).send(good)).status).toBe(401);
        expect((await s.http().post(`/api/trainings/${free.id}/${path}`).set('Authorization', (await s.pupil(5)).token).send(good)).status).toBe(403);
        expect((await s.http().post(`/api/trainings/${MISSING}/${path}`).set('Authorization', s.admin).send(good)).status).toBe(404);
      }
      const [row] = await s.sql('SELECT try_number, heart_reset_minutes, published FROM {learning}.trainings WHERE id = $1', [free.id]);
      expect(row).toEqual({ try_number: null, heart_reset_minutes: 240, published: true });
      const unlimited = await s.http().post(`/api/trainings/${free.id}/update-try-number`).set('Authorization', maker.token).send({ tryNumber: null });
      expect(unlimited.status).toBe(200);
      expect(await audit('update-try-number', free.id)).toHaveLength(1);
    });

    it('publishes and unpublishes: the pupils\' list and page follow', async () => {
      const t = await createTraining(s, { quizzes: [], publish: false });
      const ids = async () => (await s.http().get('/api/trainings-all')).body.data.map((x: { id: string }) => x.id);
      expect(await ids()).not.toContain(t.id);
      expect((await s.http().get(`/api/trainings-all/${t.id}`)).status).toBe(404);
      expect((await s.http().post(`/api/trainings/${t.id}/publish`).set('Authorization', s.admin).send({})).status).toBe(200);
      expect(await ids()).toContain(t.id);
      expect((await s.http().get(`/api/trainings-all/${t.id}`)).status).toBe(200);
      expect((await s.http().post(`/api/trainings/${t.id}/publish`).set('Authorization', s.admin).send({ published: false })).status).toBe(200);
      expect(await ids()).not.toContain(t.id);
      expect((await audit('publish', t.id)).map((a) => a.after.published)).toEqual(expect.arrayContaining([true, false]));
      expect((await s.http().get('/api/trainings-all/nope').set('X-Locale', 'en')).body.code).toBe('INVALID_ID');
    });

    it('stores an uploaded image on the training', async () => {
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a7' } }).png().toBuffer();
      const res = await s.http().post(`/api/trainings/${free.id}/images`).set('Authorization', s.admin).attach('image', png, 'cover.png');
      expect(res.status).toBe(200);
      expect(res.body.imageUrl).toBe(res.body.image.url);
      expect((await s.http().post(`/api/trainings/${free.id}/images`).set('Authorization', (await s.pupil(5)).token).attach('image', png, 'c.png')).status).toBe(403);
      expect((await s.http().post(`/api/trainings/${MISSING}/images`).set('Authorization', s.admin).attach('image', png, 'c.png')).status).toBe(404);
    });
  });

  describe('chapters, subchapters and treasures', () => {
    it('adds chapters under a training and refuses what does not fit', async () => {
      const path = `/api/trainings/${free.id}/chapters`;
      const body = { titleKk: '2', titleRu: '2', titleEn: 'Chapter 2', position: 1 };
      const before = await count('training_chapters');
      expect((await s.http().post(path).send(body)).status).toBe(401);
      expect((await s.http().post(path).set('Authorization', (await s.pupil(5)).token).send(body)).status).toBe(403);
      const smuggled = await s.http().post(path).set('Authorization', s.admin).set('X-Locale', 'en').send({ ...body, trainingId: paid.id });
      expect(smuggled.status).toBe(400);
      expect(smuggled.body.code).toBe('UNKNOWN_FIELD');
      expect((await s.http().post(`/api/trainings/${MISSING}/chapters`).set('Authorization', s.admin).send(body)).status).toBe(404);
      expect(await count('training_chapters')).toBe(before);
      const made = await s.http().post(path).set('Authorization', maker.token).send(body);
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ trainingId: free.id, titleEn: 'Chapter 2' });
      const list = await s.http().get(path).set('Authorization', maker.token);
      expect(list.body.data.map((c: { title: { en: string } }) => c.title.en)).toEqual(['Chapter 1', 'Chapter 2']);
      expect(list.body.data[0].subchapters[0]).toMatchObject({ id: free.subchapters[0].id, quiz: { id: free.subchapters[0].quizId, maxPoints: 10 } });
      const renamed = await s.http().put(`/api/training-chapters/${made.body.id}`).set('Authorization', s.admin).send({ titleEn: 'Two' });
      expect(renamed.body.titleEn).toBe('Two');
      expect((await s.http().delete(`/api/training-chapters/${made.body.id}`).set('Authorization', s.admin)).status).toBe(200);
      expect((await s.http().post('/api/training-chapters').set('Authorization', s.admin).send({ ...body, trainingId: MISSING })).body.code).toBe('RELATED_NOT_FOUND');
    });

    it('keeps subchapters with their training and their tests once pupils have taken them', async () => {
      const sub = free.subchapters[0];
      const noChapter = await s.http().post('/api/training-subchapters').set('Authorization', s.admin).set('X-Locale', 'en')
        .send({ chapterId: MISSING, titleKk: 'x', titleRu: 'x', titleEn: 'x' });
      expect(noChapter.status).toBe(400);
      expect(noChapter.body.code).toBe('RELATED_NOT_FOUND');
      const otherTraining = await s.http().put(`/api/training-subchapters/${sub.id}`).set('Authorization', s.admin).send({ chapterId: paid.chapterId });
      expect(otherTraining.body.code).toBe('RELATED_NOT_FOUND');
      const p = await s.pupil(5);
      await join(s, p, free.id);
      await play(s, p, sub, '+-');
      const swap = await s.http().put(`/api/training-subchapters/${sub.id}`).set('Authorization', s.admin).send({ quizId: await bankQuiz(s, 1, 1) });
      expect(swap.status).toBe(409);
      expect(swap.body.code).toBe('PUBLISHED_CONTENT_LOCKED');
      expect((await s.http().delete(`/api/training-subchapters/${sub.id}`).set('Authorization', s.admin)).body.code).toBe('PUBLISHED_CONTENT_LOCKED');
      expect((await s.http().delete(`/api/training-chapters/${free.chapterId}`).set('Authorization', s.admin)).body.code).toBe('PUBLISHED_CONTENT_LOCKED');
      const edit = await s.http().put(`/api/training-subchapters/${sub.id}`).set('Authorization', maker.token).send({ contentEn: 'New text' });
      expect(edit.status).toBe(200);
      expect((await s.sql('SELECT quiz_id, content_en FROM {learning}.training_subchapters WHERE id = $1', [sub.id]))[0]).toEqual({ quiz_id: sub.quizId, content_en: 'New text' });
      expect((await s.http().put(`/api/training-subchapters/${sub.id}`).set('Authorization', (await s.pupil(5)).token).send({ contentEn: 'x' })).status).toBe(403);
    });

    it('serves training treasures apart from challenge treasures; one is claimed after its subchapter\'s test', async () => {
      const body = { titleKk: 'Қ', titleRu: 'С', titleEn: 'Chest', rewardXp: 7 };
      const wrongBoard = await s.http().post('/api/training-treasures').set('Authorization', s.admin).send({ ...body, boardId: MISSING });
      expect(wrongBoard.body.code).toBe('RELATED_NOT_FOUND');
      const checkpoint = await s.http().post('/api/training-treasures').set('Authorization', s.admin).send({ ...body, boardId: free.id, checkpointId: MISSING });
      expect(checkpoint.body.code).toBe('UNKNOWN_FIELD');
      const foreignSub = await s.http().post('/api/training-treasures').set('Authorization', s.admin).send({ ...body, boardId: free.id, subchapterId: paid.subchapters[0].id });
      expect(foreignSub.body.code).toBe('RELATED_NOT_FOUND');
      const made = await s.http().post('/api/training-treasures').set('Authorization', s.admin).send({ ...body, boardId: free.id, subchapterId: free.subchapters[0].id });
      expect(made.status).toBe(201);
      expect(made.body.boardKind).toBe('training');
      expect((await s.http().get(`/api/treasures/${made.body.id}`).set('Authorization', s.admin)).status).toBe(404);
      const p = await s.pupil(5);
      await join(s, p, free.id);
      const claim = () => s.http().post(`/api/treasures/${made.body.id}/claim`).set('Authorization', p.token);
      expect((await claim()).body.code).toBe('TREASURE_LOCKED');
      await play(s, p, free.subchapters[0], '--');
      expect((await claim()).status).toBe(200);
      const page = await s.http().get(`/api/trainings-all/${free.id}`).set('Authorization', p.token);
      expect(page.body.data.chapters[0].subchapters[0].treasures).toEqual([{ id: made.body.id, title: { kk: 'Қ', ru: 'С', en: 'Chest' }, reward: { xp: 7, zp: 0, altynSaqa: 0 }, claimed: true }]);
      expect((await s.http().delete(`/api/training-treasures/${made.body.id}`).set('Authorization', s.admin)).body.code).toBe('RECORD_IN_USE');
    });
  });

  describe('joining', () => {
    it('joins a free training with a full heart bar, once; leaves before the first test; refuses to leave after it', async () => {
      const p = await s.pupil(5);
      const first = await s.http().post(`/api/trainings/${free.id}/join`).set('Authorization', p.token).set('X-Locale', 'en').send({});
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ data: { joined: true, created: true, via: 'free', hearts: { hearts: 4, max: 4 } }, message: 'You have joined. Good luck!' });
      const again = await s.http().post(`/api/trainings/${free.id}/join`).set('Authorization', p.token).send({});
      expect(again.body.data.created).toBe(false);
      expect(await participation(free.id, p.id)).toEqual([{ via: 'free', hearts: 4, invoice_id: null }]);
      expect((await s.http().get(`/api/trainings/${free.id}/check`).set('Authorization', p.token)).body.data).toMatchObject({ joined: true, paid: false });
      const listed = (await s.http().get('/api/trainings-all').set('Authorization', p.token)).body.data.find((x: { id: string }) => x.id === free.id);
      expect(listed).toMatchObject({ joined: true, paid: false });

      const left = await s.http().post(`/api/trainings/${free.id}/leave`).set('Authorization', p.token).set('X-Locale', 'en').send({});
      expect(left.status).toBe(200);
      expect(left.body.message).toBe('You have left.');
      expect((await s.http().get(`/api/trainings/${free.id}/check`).set('Authorization', p.token)).body.data).toMatchObject({ joined: false, participation: null });
      const notIn = await s.http().delete(`/api/trainings/${free.id}/leave`).set('Authorization', p.token);
      expect(notIn.status).toBe(403);
      expect(notIn.body.code).toBe('NOT_A_PARTICIPANT');

      await join(s, p, free.id);
      await play(s, p, free.subchapters[0], '++');
      const refused = await s.http().delete(`/api/trainings/${free.id}/leave`).set('Authorization', p.token).set('X-Locale', 'en');
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('LEAVE_REFUSED');
      expect(await participation(free.id, p.id)).toHaveLength(1);
    });

    it('answers 401, 400 and 404 and changes nothing; staff and unpublished trainings are refused', async () => {
      const p = await s.pupil(5);
      const before = await count('participations');
      for (const [method, path] of [['post', 'join'], ['post', 'leave'], ['delete', 'leave'], ['get', 'check'], ['get', 'invoice']] as const) {
        expect((await s.http()[method](`/api/trainings/${free.id}/${path}`)).status).toBe(401);
        const bad = await s.http()[method](`/api/trainings/nope/${path}`).set('Authorization', p.token).set('X-Locale', 'ru');
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/[а-я]/);
        expect((await s.http()[method](`/api/trainings/${MISSING}/${path}`).set('Authorization', p.token)).status).toBe(404);
      }
      const stray = await s.http().post(`/api/trainings/${free.id}/join`).set('Authorization', p.token).send({ via: 'staff' });
      expect(stray.status).toBe(400);
      expect(stray.body.code).toBe('UNKNOWN_FIELD');
      expect((await s.http().post(`/api/trainings/${free.id}/join`).set('Authorization', maker.token).send({})).status).toBe(403);
      const hidden = await createTraining(s, { quizzes: [], publish: false });
      expect((await s.http().post(`/api/trainings/${hidden.id}/join`).set('Authorization', p.token).send({})).status).toBe(404);
      expect(await count('participations')).toBe(before);
    });

    it('refuses a free join of a paid training, and grants it when the invoice is paid in finance', async () => {
      const p = await s.pupil(5);
      const refused = await s.http().post(`/api/trainings/${paid.id}/join`).set('Authorization', p.token).set('X-Locale', 'en').send({});
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ code: 'TRAINING_PAID', message: 'This training is paid. Pay its invoice to take part.' });
      expect(await participation(paid.id, p.id)).toEqual([]);
      const freeInvoice = await s.http().get(`/api/trainings/${free.id}/invoice`).set('Authorization', p.token);
      expect(freeInvoice.status).toBe(409);
      expect(freeInvoice.body.code).toBe('CHALLENGE_FREE');

      const invoice = await s.http().get(`/api/trainings/${paid.id}/invoice`).set('Authorization', p.token);
      expect(invoice.status).toBe(200);
      expect(invoice.body.data).toMatchObject({ userId: p.id, product: { kind: 'training', id: paid.id }, amountZp: 300, status: 'pending' });
      const same = await s.http().post(`/api/trainings/${paid.id}/invoice`).set('Authorization', p.token).send({});
      expect(same.body.data.invoiceId).toBe(invoice.body.data.invoiceId);

      await finance.app.get(DataSource).transaction((m) => finance.app.get(LedgerService).post(m, {
        key: `test:${randomUUID()}`, kind: 'award', legs: [{ unit: 'ZP', from: { system: 'rewards' }, to: { user: p.id }, amount: 300 }],
      }));
      expect((await request(finance.app.getHttpServer()).post(`/api/wallet-payment/${invoice.body.data.invoiceId}`).set('Authorization', p.token)).status).toBe(200);
      const granted = await waitFor(async () => (await participation(paid.id, p.id))[0], { what: 'the paid subscription' });
      expect(granted).toEqual({ via: 'invoice', hearts: 6, invoice_id: invoice.body.data.invoiceId });
      expect((await s.http().get(`/api/trainings/${paid.id}/check`).set('Authorization', p.token)).body.data)
        .toMatchObject({ joined: true, paid: true, participation: { via: 'invoice', invoiceId: invoice.body.data.invoiceId, hearts: { hearts: 6, max: 6 } } });
      const leave = await s.http().delete(`/api/trainings/${paid.id}/leave`).set('Authorization', p.token).set('X-Locale', 'en');
      expect(leave.status).toBe(409);
      expect(leave.body.code).toBe('SUBSCRIPTION_NOT_LEAVABLE');

      const subs = await s.http().get(`/api/trainings/${paid.id}/subscriptions?via=invoice`).set('Authorization', s.admin);
      expect(subs.status).toBe(200);
      expect(subs.body).toMatchObject({ total: 1, data: [{ userId: p.id, via: 'invoice', invoiceId: invoice.body.data.invoiceId, hearts: 6 }] });
      expect((await s.http().get(`/api/trainings/${paid.id}/subscriptions?via=free`).set('Authorization', s.admin)).body.total).toBe(0);
      expect((await s.http().get(`/api/trainings/${paid.id}/subscriptions?q=%25`).set('Authorization', s.admin)).body.total).toBe(0);
      expect((await s.http().get(`/api/trainings/${paid.id}/subscriptions?via=gift`).set('Authorization', s.admin)).status).toBe(400);
      expect((await s.http().get(`/api/trainings/${paid.id}/subscriptions`).set('Authorization', maker.token)).status).toBe(403);
    });

    it('cancels the unpaid invoices of a training in finance, for staff who see invoices', async () => {
      const p = await s.pupil(5);
      const invoice = await s.http().get(`/api/trainings/${paid.id}/invoice`).set('Authorization', p.token);
      expect(invoice.body.data.status).toBe('pending');
      expect((await s.http().post(`/api/trainings/${paid.id}/delete-unpaid-invoices`).set('Authorization', maker.token)).status).toBe(403);
      expect((await s.http().delete(`/api/trainings/${paid.id}/delete-unpaid-invoices`)).status).toBe(401);
      expect((await s.http().delete(`/api/trainings/${MISSING}/delete-unpaid-invoices`).set('Authorization', s.admin)).status).toBe(404);
      const res = await s.http().delete(`/api/trainings/${paid.id}/delete-unpaid-invoices`).set('Authorization', s.admin);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ cancelled: 1 });
      expect((await audit('delete-unpaid-invoices', paid.id)).map((a) => a.after)).toEqual([{ cancelled: 1 }]);
      const again = await s.http().get(`/api/trainings/${paid.id}/invoice`).set('Authorization', p.token);
      expect(again.body.data.invoiceId).not.toBe(invoice.body.data.invoiceId);
      expect(again.body.data.status).toBe('pending');
    });
  });

  it('deletes a training nobody joined (with its treasures), refuses one with pupils, and only with training:delete', async () => {
    const t = await createTraining(s, { quizzes: [] });
    const chest = await s.http().post('/api/training-treasures').set('Authorization', s.admin).send({ boardId: t.id, titleKk: 'a', titleRu: 'a', titleEn: 'a' });
    expect(chest.status).toBe(201);
    expect((await s.http().delete(`/api/trainings/${t.id}`).set('Authorization', maker.token)).status).toBe(403);
    expect((await s.http().delete(`/api/trainings/${t.id}`)).status).toBe(401);
    expect((await s.http().delete(`/api/trainings/${MISSING}`).set('Authorization', s.admin)).status).toBe(404);
    const joined = await createTraining(s, { quizzes: [] });
    await join(s, await s.pupil(5), joined.id);
    const used = await s.http().delete(`/api/trainings/${joined.id}`).set('Authorization', s.admin).set('X-Locale', 'en');
    expect(used.status).toBe(409);
    expect(used.body.code).toBe('PUBLISHED_CONTENT_LOCKED');
    expect(await count('trainings', 'id = $1', [joined.id])).toBe(1);
    expect((await s.http().delete(`/api/trainings/${t.id}`).set('Authorization', s.admin)).status).toBe(200);
    expect(await count('trainings', 'id = $1', [t.id])).toBe(0);
    expect(await count('training_chapters', 'training_id = $1', [t.id])).toBe(0);
    expect(await count('treasures', 'board_id = $1', [t.id])).toBe(0);
    expect(await audit('delete', t.id)).toHaveLength(1);
  });
});
