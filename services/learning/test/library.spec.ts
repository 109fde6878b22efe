/**
 * The library (docs/learning.md, "Library"): the staff resources library -> chapters -> subchapters -> cards and
 * collections with their display metadata and rules, publishing, and for pupils browsing, search (a Kazakh word,
 * prefix), flashcard decks, FSRS reviews (the stored schedule equals ts-fsrs's own computation), the day's due
 * cards and progress per chapter; the endpoint checklist (401, 403, localized 400, 404, nothing changed by a
 * refused request) and the route x role matrix of every library route. Real PostgreSQL and NATS.
 */
import { randomUUID } from 'node:crypto';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Card, Rating, createEmptyCard, fsrs, generatorParameters } from 'ts-fsrs';
import { ROLE, type RoleId } from '@olymp/proto';
import { ACCESS_KEY, type AccessRule, Clock } from '@olymp/server-kit';
import { testToken } from '@olymp/server-kit/testing';
import { type Pupil, learningStack } from './support';

const MISSING = '00000000-0000-4000-8000-000000000000';
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('library: resources, publishing, search, flashcards with FSRS, due cards and progress', () => {
  const s = learningStack();
  // 10:00 in Almaty (UTC+5).
  const t0 = new Date(Date.UTC(2030, 1, 3, 5, 0, 0));
  let clock: Clock;
  let maker: Pupil;
  let pupil: Pupil;
  let other: Pupil;
  const ids = { library: '', hidden: '', chapter: '', chapter2: '', sub: '', sub2: '', cards: [] as string[], hiddenCard: '', collection: '' };

  const post = (path: string, body: unknown, auth = s.admin) => s.http().post(path).set('Authorization', auth).send(body as object);
  const count = async (table: string) => Number((await s.sql<{ n: string }>(`SELECT COUNT(*) AS n FROM {learning}.${table}`))[0].n);
  const titles = (kk: string, ru: string, en: string) => ({ titleKk: kk, titleRu: ru, titleEn: en });
  const card = (subchapterId: string, kk: string, ru: string, en: string, back: string, position: number) => ({
    subchapterId, frontKk: kk, frontRu: ru, frontEn: en, backKk: back, backRu: back, backEn: back, position,
  });
  const made = async (path: string, body: unknown) => {
    const res = await post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };

  beforeAll(async () => {
    await s.start();
    clock = s.learning.app.get(Clock);
    clock.set(t0);
    maker = await s.pupil(null, { roleId: ROLE.contentMaker });
    pupil = await s.pupil(5);
    other = await s.pupil(5);
    ids.library = await made('/api/library', { subject: 'math', grade: 5, ...titles('Математика 5', 'Математика 5', 'Mathematics 5') });
    ids.chapter = await made('/api/chapters', { libraryId: ids.library, ...titles('Көбейту кестесі', 'Таблица умножения', 'Multiplication table'), position: 1 });
    ids.chapter2 = await made('/api/chapters', { libraryId: ids.library, ...titles('Бөлшектер', 'Дроби', 'Fractions'), position: 2 });
    ids.sub = await made('/api/subchapters', { chapterId: ids.chapter, ...titles('Екіге көбейту', 'Умножение на два', 'Times two') });
    ids.sub2 = await made('/api/subchapters', { chapterId: ids.chapter2, ...titles('Жай бөлшек', 'Обыкновенные дроби', 'Common fractions') });
    ids.cards.push(await made('/api/cards', card(ids.sub, 'Екі еселенген үшбұрыш ауданы', 'Удвоенная площадь треугольника', 'Twice a triangle\'s area', 'a·h', 2)));
    ids.cards.push(await made('/api/cards', card(ids.sub, '2 × 3 неге тең?', 'Сколько будет 2 × 3?', 'What is 2 × 3?', '6', 1)));
    ids.cards.push(await made('/api/cards', card(ids.sub2, 'Жартының жартысы', 'Половина половины', 'Half of a half', '1/4', 1)));
    ids.hidden = await made('/api/library', { subject: 'physics', grade: 7, ...titles('Физика 7 үшбұрыш', 'Физика 7', 'Physics 7') });
    const hc = await made('/api/chapters', { libraryId: ids.hidden, ...titles('Күш', 'Сила', 'Force') });
    const hs = await made('/api/subchapters', { chapterId: hc, ...titles('Ньютон', 'Ньютон', 'Newton') });
    ids.hiddenCard = await made('/api/cards', card(hs, 'Үшбұрыш күші', 'Сила треугольника', 'Triangle force', 'F = ma', 1));
    ids.collection = await made('/api/collections', { libraryId: ids.library, ...titles('Қайталау', 'Повторение', 'Revision'), cardIds: [ids.cards[2], ids.cards[0]] });
  }, 120_000);
  afterAll(() => s.stop());

  describe('staff resources', () => {
    it('keep each row\'s library and chapter from its parent, sorted by position, named by title', async () => {
      const [c] = await s.sql<{ chapter_id: string; library_id: string }>('SELECT chapter_id, library_id FROM {learning}.library_cards WHERE id = $1', [ids.cards[0]]);
      expect(c).toEqual({ chapter_id: ids.chapter, library_id: ids.library });
      const list = await s.http().get(`/api/cards?filter=subchapterId||$eq||${ids.sub}`).set('Authorization', s.admin);
      expect(list.status).toBe(200);
      const rows = (Array.isArray(list.body) ? list.body : list.body.data) as { id: string }[];
      expect(rows.map((r) => r.id)).toEqual([ids.cards[1], ids.cards[0]]);
      const col = await s.http().get(`/api/collections/${ids.collection}`).set('Authorization', maker.token);
      expect(col.status).toBe(200);
      expect(col.body).toMatchObject({ ownerId: s.adminId, cardIds: [ids.cards[2], ids.cards[0]] });
    });

    it('publish display metadata: subjects translated, rows named by title, ids hidden in lists', async () => {
      const doc = (await s.http().get('/api/docs-json')).body as { components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; 'x-label'?: string[] }> } };
      const lib = Object.values(doc.components.schemas).find((x) => x.properties?.subject && x.properties?.published && x['x-label']);
      expect(lib?.['x-label']).toEqual(['title']);
      expect(lib?.properties.subject['x-enum-labels']).toMatchObject({ kazakh: { kk: 'Қазақ тілі', ru: 'Казахский язык', en: 'Kazakh' } });
      expect(lib?.properties.id['x-hidden-in-list']).toBe(true);
    });

    it('refuse without a token (401), without the key (403), bad input in the caller\'s language (400), a missing id (404); nothing changes', async () => {
      const before = await count('library_cards');
      const body = card(ids.sub, 'x', 'x', 'x', 'y', 9);
      expect((await s.http().post('/api/cards').send(body)).status).toBe(401);
      expect((await post('/api/cards', body, pupil.token)).status).toBe(403);
      const en = await s.http().post('/api/cards').set('Authorization', s.admin).set('X-Locale', 'en').send({ ...body, frontKk: '' });
      const kk = await s.http().post('/api/cards').set('Authorization', s.admin).set('X-Locale', 'kk').send({ ...body, frontKk: '' });
      expect(en.status).toBe(400);
      expect(en.body.errors).toHaveProperty('frontKk');
      expect(kk.body.message).not.toBe(en.body.message);
      expect((await post('/api/cards', { ...body, chapterId: ids.chapter })).body.code).toBe('UNKNOWN_FIELD');
      expect((await post('/api/cards', { ...body, subchapterId: MISSING })).body.code).toBe('RELATED_NOT_FOUND');
      expect((await post('/api/cards', { ...body, frontImage: '../etc/passwd' })).status).toBe(400);
      expect((await s.http().put(`/api/cards/${MISSING}`).set('Authorization', s.admin).send({ formula: 'x' })).status).toBe(404);
      expect((await post('/api/library', { subject: 'astrology', grade: 5, ...titles('a', 'b', 'c') })).status).toBe(400);
      expect(await count('library_cards')).toBe(before);
    });

    it('a collection holds only its library\'s cards; a subchapter moves only within its library', async () => {
      const outside = await s.http().put(`/api/collections/${ids.collection}`).set('Authorization', s.admin).set('X-Locale', 'ru').send({ cardIds: [ids.hiddenCard] });
      expect(outside.status).toBe(400);
      expect(outside.body.code).toBe('COLLECTION_CARD_OUTSIDE_LIBRARY');
      expect(outside.body.message).toContain('Выберите карточки той же библиотеки');
      expect((await s.http().put(`/api/collections/${ids.collection}`).set('Authorization', pupil.token).send({ cardIds: [] })).status).toBe(403);
      const [hidden] = await s.sql<{ id: string }>('SELECT id FROM {learning}.library_chapters WHERE library_id = $1', [ids.hidden]);
      const move = await s.http().put(`/api/subchapters/${ids.sub2}`).set('Authorization', s.admin).send({ chapterId: hidden.id });
      expect(move.body.code).toBe('RELATED_NOT_FOUND');
      expect((await s.sql('SELECT 1 FROM {learning}.library_collections WHERE id = $1 AND card_ids = $2::uuid[]', [ids.collection, [ids.cards[2], ids.cards[0]]])).length).toBe(1);
    });

    it('publish and unpublish are staff actions with an audit entry', async () => {
      expect((await post(`/api/library/${ids.library}/publish`, { published: true }, pupil.token)).status).toBe(403);
      expect((await post(`/api/library/${MISSING}/publish`, { published: true })).status).toBe(404);
      expect((await s.http().get(`/api/library/published/${ids.library}`)).status).toBe(404);
      const res = await post(`/api/library/${ids.library}/publish`, { published: true }, maker.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ids.library, published: true });
      const audit = await s.sql<{ actor_id: string }>("SELECT actor_id FROM {learning}.audit_log WHERE action = 'publish' AND resource_id = $1", [ids.library]);
      expect(audit).toEqual([{ actor_id: maker.id }]);
    });
  });

  describe('for pupils', () => {
    it('lists and shows only published libraries', async () => {
      const list = await s.http().get('/api/library/published?grade=5');
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([expect.objectContaining({ id: ids.library, subject: 'math', chapterCount: 2, cardCount: 3 })]);
      expect((await s.http().get('/api/library/published?subject=physics')).body.data).toEqual([]);
      const page = await s.http().get(`/api/library/published/${ids.library}`).set('Authorization', pupil.token);
      expect(page.body.data.chapters.map((c: { id: string }) => c.id)).toEqual([ids.chapter, ids.chapter2]);
      expect(page.body.data.chapters[0].subchapters).toEqual([{ id: ids.sub, title: expect.any(Object), cardCount: 2 }]);
      expect(page.body.data.collections).toEqual([{ id: ids.collection, title: { kk: 'Қайталау', ru: 'Повторение', en: 'Revision' }, cardCount: 2 }]);
      expect((await s.http().get(`/api/library/published/${ids.hidden}`).set('Authorization', pupil.token)).status).toBe(404);
    });

    it('search finds a card and a chapter by a Kazakh word and by its start, only in published libraries', async () => {
      const word = await s.http().get(`/api/library/search?q=${encodeURIComponent('үшбұрыш')}`);
      expect(word.status).toBe(200);
      expect(word.body.data.cards.map((c: { id: string }) => c.id)).toEqual([ids.cards[0]]);
      const start = await s.http().get(`/api/library/search?q=${encodeURIComponent('КӨБЕЙТУ кест')}`);
      expect(start.body.data.chapters.map((c: { id: string }) => c.id)).toEqual([ids.chapter]);
      expect(start.body.data.chapters[0].libraryTitle.en).toBe('Mathematics 5');
      expect((await s.http().get('/api/library/search?q=%20')).status).toBe(400);
      expect((await s.http().get(`/api/library/search?q=${encodeURIComponent("'&|!:*()")}`)).body.data).toEqual({ chapters: [], cards: [] });
    });

    it('the schedule after a sequence of answers equals ts-fsrs\'s own computation', async () => {
      const f = fsrs(generatorParameters({ enable_fuzz: false }));
      let expected: Card = createEmptyCard(t0);
      let at = t0.getTime();
      const answers: ['good' | 'again' | 'hard' | 'easy', Rating.Again | Rating.Hard | Rating.Good | Rating.Easy][] = [
        ['good', Rating.Good], ['good', Rating.Good], ['again', Rating.Again], ['hard', Rating.Hard], ['good', Rating.Good], ['easy', Rating.Easy],
      ];
      for (const [rating, grade] of answers) {
        clock.set(at);
        const res = await post(`/api/cards/${ids.cards[1]}/review`, { rating }, pupil.token);
        expect(res.status).toBe(200);
        expected = f.next(expected, new Date(at), grade).card;
        const [row] = await s.sql<Record<string, unknown>>('SELECT * FROM {learning}.library_review_states WHERE user_id = $1 AND card_id = $2', [pupil.id, ids.cards[1]]);
        expect(row).toMatchObject({
          due: expected.due, stability: expected.stability, difficulty: expected.difficulty, elapsed_days: expected.elapsed_days,
          scheduled_days: expected.scheduled_days, learning_steps: expected.learning_steps, reps: expected.reps, lapses: expected.lapses,
          state: expected.state, last_review: expected.last_review,
        });
        expect(res.body.data.review).toMatchObject({ due: expected.due.toISOString(), reps: expected.reps, lapses: expected.lapses });
        const preview = f.repeat(expected, new Date(at));
        expect(res.body.data.next.easy).toBe(preview[Rating.Easy].card.due.toISOString());
        at = expected.due.getTime();
      }
      expect(expected.reps).toBe(6);
      expect(expected.lapses).toBe(1);
    });

    it('lists the day\'s due cards (Almaty days) and progress per chapter, each pupil only their own', async () => {
      clock.set(t0);
      const first = await post(`/api/cards/${ids.cards[0]}/review`, { rating: 'good' }, other.token);
      expect(first.body.data.review.due).toBe(new Date(t0.getTime() + 10 * MIN).toISOString());
      const today = await s.http().get('/api/library/due').set('Authorization', other.token);
      expect(today.body.data).toMatchObject({ date: '2030-02-03', count: 1 });
      expect(today.body.data.cards[0]).toMatchObject({ id: ids.cards[0], libraryTitle: { en: 'Mathematics 5' } });
      expect((await s.http().get('/api/library/due?date=2030-02-02').set('Authorization', other.token)).body.data.count).toBe(0);
      // 23:30 in Almaty is still the same day; the day ends at 19:00 UTC.
      clock.set(t0.getTime() + 10 * MIN);
      const ten = await post(`/api/cards/${ids.cards[0]}/review`, { rating: 'easy' }, other.token);
      const due = new Date(ten.body.data.review.due);
      expect(due.getTime()).toBeGreaterThan(t0.getTime() + DAY);
      expect((await s.http().get('/api/library/due').set('Authorization', other.token)).body.data.count).toBe(0);
      const dueDay = new Date(due.getTime() + 5 * 60 * MIN).toISOString().slice(0, 10);
      expect((await s.http().get(`/api/library/due?date=${dueDay}`).set('Authorization', other.token)).body.data.cards.map((c: { id: string }) => c.id)).toEqual([ids.cards[0]]);
      const page = await s.http().get(`/api/library/published/${ids.library}`).set('Authorization', other.token);
      expect(page.body.data.chapters.map((c: { progress: unknown }) => c.progress)).toEqual([
        { total: 2, seen: 1, due: 0, learnt: 1 },
        { total: 1, seen: 0, due: 0, learnt: 0 },
      ]);
      expect((await s.http().get(`/api/library/published/${ids.library}`)).body.data.chapters[0].progress).toBeNull();
      // The other pupil's deck shows their own states only.
      const deck = await s.http().get(`/api/chapters/${ids.chapter}/study`).set('Authorization', other.token);
      expect(deck.body.data.cards.map((c: { id: string; review: { reps: number } | null }) => [c.id, c.review?.reps ?? null])).toEqual([[ids.cards[1], null], [ids.cards[0], 2]]);
      expect((await s.sql('SELECT 1 FROM {learning}.library_review_states WHERE user_id = $1', [other.id])).length).toBe(1);
    });

    it('studies a collection in its order; cards of an unpublished library cannot be studied or reviewed', async () => {
      clock.set(t0);
      const deck = await s.http().get(`/api/collections/${ids.collection}/study`).set('Authorization', pupil.token);
      expect(deck.status).toBe(200);
      expect(deck.body.data.cards.map((c: { id: string }) => c.id)).toEqual([ids.cards[2], ids.cards[0]]);
      const [hc] = await s.sql<{ chapter_id: string }>('SELECT chapter_id FROM {learning}.library_cards WHERE id = $1', [ids.hiddenCard]);
      expect((await s.http().get(`/api/chapters/${hc.chapter_id}/study`).set('Authorization', pupil.token)).status).toBe(404);
      const before = await count('library_review_states');
      expect((await post(`/api/cards/${ids.hiddenCard}/review`, { rating: 'good' }, pupil.token)).status).toBe(404);
      expect((await post(`/api/cards/${MISSING}/review`, { rating: 'good' }, pupil.token)).status).toBe(404);
      const bad = await s.http().post(`/api/cards/${ids.cards[0]}/review`).set('Authorization', pupil.token).set('X-Locale', 'kk').send({ rating: 'perfect' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('rating');
      expect((await s.http().post(`/api/cards/${ids.cards[0]}/review`).send({ rating: 'good' })).status).toBe(401);
      expect(await count('library_review_states')).toBe(before);
      // Unpublishing hides the library again.
      expect((await post(`/api/library/${ids.library}/publish`, { published: false })).status).toBe(200);
      expect((await s.http().get(`/api/collections/${ids.collection}/study`).set('Authorization', pupil.token)).status).toBe(404);
      expect((await post(`/api/library/${ids.library}/publish`, { published: true })).status).toBe(200);
    });
  });

  describe('route x role matrix of every library route', () => {
    interface Route { method: string; path: string; rule: AccessRule }
    const PREFIXES = ['library', 'chapters', 'subchapters', 'cards', 'collections'];
    const routes: Route[] = [];
    const permissionsOf = new Map<RoleId, Set<string>>();

    beforeAll(async () => {
      const reflector = s.learning.app.get(Reflector);
      for (const wrapper of s.learning.app.get(DiscoveryService).getControllers()) {
        const ctrl = wrapper.metatype as (new (...a: never[]) => unknown) | undefined;
        if (!ctrl) continue;
        const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
        for (const key of Object.getOwnPropertyNames(ctrl.prototype)) {
          const handler = (ctrl.prototype as Record<string, unknown>)[key];
          if (key === 'constructor' || typeof handler !== 'function') continue;
          const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
          if (method === undefined) continue;
          const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
          const path = `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
          if (!PREFIXES.includes(path.split('/')[1])) continue;
          const rule = reflector.getAllAndOverride<AccessRule>(ACCESS_KEY, [handler, ctrl]);
          routes.push({ method: RequestMethod[method], path: `/api${path.replace(/:\w+/g, () => randomUUID())}`, rule });
        }
      }
      const rows: { role_id: number; name: string }[] = await s.auth.app.get(DataSource).query(
        'SELECT rp.role_id, p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id',
      );
      for (const id of Object.values(ROLE)) permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
    });

    const expected = (rule: AccessRule, roleId: RoleId | null): 'refused-401' | 'refused-403' | 'let-in' => {
      if (rule.kind === 'public') return 'let-in';
      if (roleId === null) return 'refused-401';
      if (rule.kind === 'signed-in' || roleId === ROLE.admin) return 'let-in';
      return rule.permissions.every((p) => permissionsOf.get(roleId)?.has(p)) ? 'let-in' : 'refused-403';
    };

    it('finds every library route', () => {
      expect(routes.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`).sort()).toEqual([
        'DELETE /api/cards/:id', 'DELETE /api/chapters/:id', 'DELETE /api/collections/:id', 'DELETE /api/library/:id', 'DELETE /api/subchapters/:id',
        'GET /api/cards', 'GET /api/cards/:id', 'GET /api/chapters', 'GET /api/chapters/:id', 'GET /api/chapters/:id/study',
        'GET /api/collections', 'GET /api/collections/:id', 'GET /api/collections/:id/study', 'GET /api/library', 'GET /api/library/:id',
        'GET /api/library/due', 'GET /api/library/published', 'GET /api/library/published/:id', 'GET /api/library/search',
        'GET /api/subchapters', 'GET /api/subchapters/:id',
        'PATCH /api/cards/:id', 'PATCH /api/chapters/:id', 'PATCH /api/collections/:id', 'PATCH /api/library/:id', 'PATCH /api/subchapters/:id',
        'POST /api/cards', 'POST /api/cards/:id/review', 'POST /api/chapters', 'POST /api/collections', 'POST /api/library', 'POST /api/library/:id/publish',
        'POST /api/subchapters',
        'PUT /api/cards/:id', 'PUT /api/chapters/:id', 'PUT /api/collections/:id', 'PUT /api/library/:id', 'PUT /api/subchapters/:id',
      ].sort());
    });

    const callers: { name: string; roleId: RoleId | null }[] = [
      { name: 'anonymous', roleId: null },
      ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
    ];

    it.each(callers)('$name gets exactly what the declarations and its permissions allow, never a 5xx', async ({ roleId }) => {
      const token = roleId === null ? null : await testToken({ roleId });
      const wrong: string[] = [];
      for (const route of routes) {
        let req = s.http()[route.method.toLowerCase() as 'get'](route.path);
        if (token) req = req.set('authorization', `Bearer ${token}`);
        const res = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await req.send({}) : await req;
        const want = expected(route.rule, roleId);
        const got = res.status === 401 ? 'refused-401' : res.status === 403 && res.body.code === 'FORBIDDEN' ? 'refused-403' : 'let-in';
        if (got !== want) wrong.push(`${route.method} ${route.path}: expected ${want}, got ${res.status}`);
        if (res.status >= 500) wrong.push(`${route.method} ${route.path}: ${res.status}`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
