/**
 * Flex (self-paced) courses (issue 15, "Flex courses"), on real PostgreSQL and NATS with auth, learning and finance:
 * a pupil who has not bought the course reads its course-info but is refused its chapters, lessons, test and
 * leaderboard (403 FLEX_NOT_ENROLLED, localized, nothing written); buying a tariff through the sandbox opens them;
 * lessons are done in order with the course page offering the next undone one (resume), a lesson's test is played
 * through the attempts engine in the `flex` context and its points count; a lesson is done once; access that
 * ran out closes the lessons again; the course's own chat is told of the pupil on payment and when the access ends
 * (learning.membership.changed, kind `course`); the leaderboard shows "Aigerim S." and no ids or phones; staff's chapter and
 * lesson CRUD, and every new route x every role.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startFinance } from '@olymp/finance';
import { RenewalSweeper } from '@olymp/learning';
import { ROLE, type RoleId } from '@olymp/proto';
import type { RunningService } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';
import { PRECHECKS, type Pupil, learningStack } from './support';
import { bankQuiz } from './trainings-fixture';
import { chunkedUpload, mp4 } from './media-fixtures';

describe('flex courses', () => {
  const s = learningStack();
  const uploadDir = mkdtempSync(join(tmpdir(), 'olymp-flex-'));
  let finance: RunningService;
  const permissionsOf = new Map<RoleId, Set<string>>();
  const tokens = new Map<RoleId, string>();
  let courseId = '';
  let liveCourseId = '';
  let tariffId = '';
  let chapter1 = '';
  let chapter2 = '';
  let quizId = '';
  const lessons = { intro: '', tested: '', last: '', draft: '' };
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  const post = (path: string, token: string, body: object = {}, locale = 'en') => s.http().post(`/api${path}`).set('Authorization', token).set('X-Locale', locale).send(body);
  const get = (path: string, token: string, locale = 'en') => s.http().get(`/api${path}`).set('Authorization', token).set('X-Locale', locale);
  const money = () => request(finance.app.getHttpServer());
  const counts = async () => Object.fromEntries(
    await Promise.all((['flex_chapters', 'flex_lessons', 'flex_progress', 'attempts', 'course_enrolments'] as const)
      .map(async (t) => [t, (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.${t}`))[0].n])),
  );
  /** Buys the course's tariff as the student site does: the invoice, then its tenge through the sandbox provider. */
  const buy = async (p: Pupil) => {
    const invoice = await post(`/users/${p.id}/courses/${courseId}/invoice`, p.token, { tariffId });
    ok(invoice);
    const invoiceId = invoice.body.data.invoiceId as string;
    await money().post(`/api/invoices/${invoiceId}/provider-payment`).set('Authorization', p.token).expect(200);
    await money().post(`/api/invoices/${invoiceId}/sandbox-complete`).set('Authorization', p.token).send({ outcome: 'succeeded' }).expect(200);
    await waitFor(async () => (await get(`/flex-courses/${courseId}`, p.token)).body.data?.access === true, { timeoutMs: 30_000 });
  };
  /** Plays the lesson's test in the flex context: every question right ('+') or wrong ('-'), then finishes. */
  const playTest = async (p: Pupil, lessonId: string, pattern: string) => {
    const started = await post(`/users/${p.id}/quizzes/${quizId}/start`, p.token, { flexLesson: lessonId, prechecks: PRECHECKS });
    ok(started, 201);
    expect(started.body.data.context).toEqual({ kind: 'flex', courseId, lessonId });
    const { attempt, questions } = started.body.data as { attempt: { id: string }; questions: { id: string }[] };
    for (const [i, q] of questions.entries()) {
      const answer = pattern[i] === '+' ? await s.correctAnswer(q.id) : await s.wrongAnswer(q.id);
      ok(await post('/user-answer', p.token, { attemptId: attempt.id, questionId: q.id, answer }));
    }
    const finished = await post(`/users/${p.id}/quizzes/${quizId}/finish`, p.token, { attemptId: attempt.id, flexLesson: lessonId });
    ok(finished);
    return finished.body.data.attempt.points as number;
  };
  const lesson = (chapterId: string, title: string, extra: object = {}) =>
    post('/flex-lessons', s.admin, { chapterId, titleKk: `${title} kk`, titleRu: `${title} ru`, titleEn: title, bodyKk: `${title}: мәтін`, bodyRu: `${title}: текст`, bodyEn: `${title}: text`, published: true, ...extra });

  beforeAll(async () => {
    await s.start({ UPLOAD_DIR: uploadDir });
    finance = await startFinance(s.ns.envFor('finance'));
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    for (const id of Object.values(ROLE)) {
      permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
      tokens.set(id, (await s.pupil(null, { roleId: id })).token);
    }
    const course = await post('/courses', s.admin, {
      kind: 'flex', published: true, titleKk: 'Бөлшектер өз қарқыныңмен', titleRu: 'Дроби в своём темпе', titleEn: 'Fractions at your own pace', descriptionEn: 'Short lessons, videos and tests.',
    });
    ok(course, 201);
    courseId = course.body.id;
    const live = await post('/courses', s.admin, { kind: 'live', published: true, titleKk: 'Тірі', titleRu: 'Живой', titleEn: 'Live' });
    ok(live, 201);
    liveCourseId = live.body.id;
    const tariff = await post('/tariffs', s.admin, { courseId, titleKk: '1 ай', titleRu: '1 месяц', titleEn: 'One month', priceTenge: 5000, periodMonths: 1, published: true });
    ok(tariff, 201);
    tariffId = tariff.body.id;
    const c1 = await post('/flex-chapters', s.admin, { courseId, titleKk: 'Бөлшек деген не', titleRu: 'Что такое дробь', titleEn: 'What a fraction is', position: 1, published: true });
    ok(c1, 201);
    chapter1 = c1.body.id;
    const c2 = await post('/flex-chapters', s.admin, { courseId, titleKk: 'Қосу', titleRu: 'Сложение', titleEn: 'Adding', position: 2, published: true });
    ok(c2, 201);
    chapter2 = c2.body.id;
    quizId = await bankQuiz(s, 2, 3);
    const l1 = await lesson(chapter1, 'Halves', { position: 1, points: 10 });
    ok(l1, 201);
    lessons.intro = l1.body.id;
    const l2 = await lesson(chapter1, 'Quarters', { position: 2, points: 5, quizId });
    ok(l2, 201);
    lessons.tested = l2.body.id;
    const l3 = await lesson(chapter2, 'Same denominators', { position: 1, points: 10 });
    ok(l3, 201);
    lessons.last = l3.body.id;
    const l4 = await lesson(chapter2, 'Draft', { position: 2, published: false });
    ok(l4, 201);
    lessons.draft = l4.body.id;
  }, 120_000);

  afterAll(async () => {
    await finance?.close();
    await s.stop();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('keeps chapters to flex courses and edits lessons in kk/ru/en (staff CRUD)', async () => {
    const before = await counts();
    const wrong = await post('/flex-chapters', s.admin, { courseId: liveCourseId, titleKk: 'Т', titleRu: 'Г', titleEn: 'C' }, 'ru');
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([400, 'FLEX_COURSE_ONLY', expect.stringContaining('флекс')]);
    const bad = await post('/flex-lessons', s.admin, { chapterId: chapter1, titleKk: '', titleRu: 'x', titleEn: 'x' }, 'kk');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await post('/flex-lessons', s.admin, { chapterId: randomUUID(), titleKk: 'a', titleRu: 'b', titleEn: 'c' });
    expect([missing.status, missing.body.code]).toEqual([400, 'RELATED_NOT_FOUND']);
    expect(await counts()).toEqual(before);
    expect((await get(`/flex-lessons/${randomUUID()}`, s.admin)).status).toBe(404);
    const edited = await s.http().patch(`/api/flex-lessons/${lessons.intro}`).set('Authorization', s.admin).send({ bodyRu: 'Половина: одна из двух равных частей.' });
    expect([edited.status, edited.text]).toEqual([200, expect.any(String)]);
    const read = await get(`/flex-lessons/${lessons.intro}`, s.admin);
    expect(read.body).toMatchObject({ bodyRu: 'Половина: одна из двух равных частей.', bodyEn: 'Halves: text', chapterId: chapter1, points: 10 });
    const list = await get(`/flex-chapters?filter=courseId||$eq||${courseId}`, s.admin);
    ok(list);
    expect((list.body as { id: string }[]).map((c) => c.id)).toEqual([chapter1, chapter2]);
  });

  it('shows course-info to a pupil who has not bought it and refuses its lessons, test and board (403, nothing written)', async () => {
    const p = await s.pupil(5);
    const before = await counts();
    const page = await get(`/flex-courses/${courseId}`, p.token);
    ok(page);
    expect(page.body.data).toMatchObject({
      id: courseId, access: false, enrolment: null, title: { en: 'Fractions at your own pace' }, description: { en: 'Short lessons, videos and tests.' },
      chapters: [{ id: chapter1, lessonsTotal: 2, lessons: [] }, { id: chapter2, lessonsTotal: 1, lessons: [] }],
      progress: { lessonsDone: 0, lessonsTotal: 3, points: 0, next: null },
    });
    expect(JSON.stringify(page.body)).not.toContain('text');
    for (const path of [`/flex-courses/${courseId}/chapters/${chapter1}`, `/flex-courses/${courseId}/lessons/${lessons.intro}`, `/flex-courses/${courseId}/leaderboard`]) {
      const res = await get(path, p.token, 'ru');
      expect([path, res.status, res.body.code, res.body.message]).toEqual([path, 403, 'FLEX_NOT_ENROLLED', expect.stringContaining('Купите курс')]);
    }
    const done = await post(`/flex-courses/${courseId}/lessons/${lessons.intro}/complete`, p.token, {}, 'kk');
    expect([done.status, done.body.code, done.body.message]).toEqual([403, 'FLEX_NOT_ENROLLED', expect.stringContaining('дүкеннен')]);
    const test = await post(`/users/${p.id}/quizzes/${quizId}/start`, p.token, { flexLesson: lessons.tested, prechecks: PRECHECKS });
    expect([test.status, test.body.code]).toEqual([403, 'FLEX_NOT_ENROLLED']);
    // A test not of that lesson; a live course and a missing one at the flex routes: 404.
    const elsewhere = await post(`/users/${p.id}/quizzes/${quizId}/start`, p.token, { flexLesson: lessons.intro, prechecks: PRECHECKS });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, 'QUIZ_NOT_IN_CONTEXT']);
    expect((await get(`/flex-courses/${liveCourseId}`, p.token)).status).toBe(404);
    expect((await get(`/flex-courses/${randomUUID()}`, p.token)).status).toBe(404);
    expect((await get('/flex-courses/nope', p.token)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('opens the lessons once bought: done in order, the course page resumes at the next undone one, the test counts', async () => {
    const p = await s.pupil(5, { firstName: 'Айгерім', lastName: 'Сейіт' });
    await buy(p);
    let page = (await get(`/flex-courses/${courseId}`, p.token)).body.data;
    expect(page).toMatchObject({
      access: true, enrolment: { status: 'active' },
      progress: { lessonsDone: 0, lessonsTotal: 3, points: 0, next: { chapterId: chapter1, lessonId: lessons.intro, title: { en: 'Halves' } } },
    });
    expect(page.chapters[0].lessons).toEqual([
      { id: lessons.intro, chapterId: chapter1, title: { kk: 'Halves kk', ru: 'Halves ru', en: 'Halves' }, points: 10, hasTest: false, hasVideo: false, done: false },
      expect.objectContaining({ id: lessons.tested, hasTest: true, done: false }),
    ]);
    expect(page.chapters[1].lessons.map((l: { id: string }) => l.id)).toEqual([lessons.last]);
    const read = await get(`/flex-courses/${courseId}/lessons/${lessons.intro}`, p.token);
    ok(read);
    expect(read.body.data).toMatchObject({
      body: { kk: 'Halves: мәтін', ru: 'Половина: одна из двух равных частей.', en: 'Halves: text' }, chapterTitle: { en: 'What a fraction is' },
      quizId: null, videos: [], pointsEarned: null, previousLessonId: null, nextLessonId: lessons.tested,
    });
    const first = await post(`/flex-courses/${courseId}/lessons/${lessons.intro}/complete`, p.token);
    ok(first);
    expect(first.body).toMatchObject({ message: expect.stringContaining('Lesson done'), data: { pointsEarned: 10, progress: { lessonsDone: 1, points: 10, next: { lessonId: lessons.tested } } } });
    // Resumed where they stopped: the course page (read again, as after a reload) offers the tested lesson.
    page = (await get(`/flex-courses/${courseId}`, p.token)).body.data;
    expect(page.progress).toMatchObject({ lessonsDone: 1, points: 10, next: { chapterId: chapter1, lessonId: lessons.tested } });
    expect(page.chapters[0]).toMatchObject({ lessonsDone: 1, lessonsTotal: 2 });

    // The tested lesson is done only after its test: 409 first, nothing written.
    const before = await counts();
    const early = await post(`/flex-courses/${courseId}/lessons/${lessons.tested}/complete`, p.token);
    expect([early.status, early.body.code]).toEqual([409, 'FLEX_TEST_UNFINISHED']);
    expect(await counts()).toEqual(before);
    expect((await get(`/flex-courses/${courseId}/lessons/${lessons.tested}`, p.token)).body.data).toMatchObject({ quizId, testPoints: null, previousLessonId: lessons.intro, nextLessonId: lessons.last });
    expect(await playTest(p, lessons.tested, '+-')).toBe(3);
    const attempt = await s.sql<{ context_kind: string; flex_lesson_id: string; board_id: string | null }>('SELECT context_kind, flex_lesson_id, board_id FROM {learning}.attempts WHERE user_id = $1', [p.id]);
    expect(attempt).toEqual([{ context_kind: 'flex', flex_lesson_id: lessons.tested, board_id: null }]);
    expect((await get(`/users/${p.id}/quizzes/${quizId}?flexLesson=${lessons.tested}`, p.token)).body.data.attempt).toMatchObject({ status: 'finished', points: 3 });
    const second = await post(`/flex-courses/${courseId}/lessons/${lessons.tested}/complete`, p.token);
    ok(second);
    expect(second.body.data).toMatchObject({ pointsEarned: 8, progress: { lessonsDone: 2, points: 18, next: { chapterId: chapter2, lessonId: lessons.last } } });
    // Once: a repeat answers the same and writes nothing.
    const progressRows = (await counts()).flex_progress;
    const again = await post(`/flex-courses/${courseId}/lessons/${lessons.tested}/complete`, p.token);
    expect(again.body.data).toMatchObject({ pointsEarned: 8, progress: { lessonsDone: 2, points: 18 } });
    expect((await counts()).flex_progress).toBe(progressRows);
    // The chapter page, an unpublished lesson (404) and the last lesson: all done, nothing left to continue.
    const ch2 = await get(`/flex-courses/${courseId}/chapters/${chapter2}`, p.token);
    ok(ch2);
    expect(ch2.body.data).toMatchObject({ courseId, id: chapter2, lessonsDone: 0, lessonsTotal: 1, lessons: [{ id: lessons.last, done: false }] });
    expect((await get(`/flex-courses/${courseId}/lessons/${lessons.draft}`, p.token)).status).toBe(404);
    expect((await get(`/flex-courses/${courseId}/chapters/${randomUUID()}`, p.token)).status).toBe(404);
    ok(await post(`/flex-courses/${courseId}/lessons/${lessons.last}/complete`, p.token));
    expect((await get(`/flex-courses/${courseId}`, p.token)).body.data.progress).toEqual({ lessonsDone: 3, lessonsTotal: 3, points: 28, next: null });
    const mine = (await get('/flex-courses', p.token)).body.data;
    expect(mine).toEqual([{ id: courseId, title: expect.any(Object), imageUrl: null, access: true, lessonsDone: 3, lessonsTotal: 3, points: 28 }]);

    // The course's own chat (kind `course`) was told of the pupil on payment, by public name.
    const facts = async () => (await s.sql<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM {learning}.outbox WHERE subject = 'learning.membership.changed' AND payload->>'userId' = $1 ORDER BY created_at, id", [p.id],
    )).map((r) => r.payload);
    expect(await facts()).toEqual([
      expect.objectContaining({ group: { kind: 'course', id: courseId }, name: 'Айгерім С.', role: 'pupil', active: true, title: expect.objectContaining({ en: 'Fractions at your own pace' }) }),
    ]);

    // Access that ran out (to the millisecond on the enrolment's end) closes the lessons and the test again.
    await s.sql('UPDATE {learning}.course_enrolments SET access_until = now() - interval \'1 second\' WHERE user_id = $1', [p.id]);
    expect((await get(`/flex-courses/${courseId}/lessons/${lessons.intro}`, p.token)).body.code).toBe('FLEX_NOT_ENROLLED');
    expect((await get(`/flex-courses/${courseId}`, p.token)).body.data).toMatchObject({ access: false, enrolment: { status: 'lapsed' }, progress: { lessonsDone: 3, next: null } });
    const closed = await post(`/users/${p.id}/quizzes/${quizId}/start`, p.token, { flexLesson: lessons.tested, prechecks: PRECHECKS });
    expect([closed.status, closed.body.code]).toEqual([403, 'FLEX_NOT_ENROLLED']);
    // The renewal sweeper ends the enrolment: the course's chat loses the pupil.
    await s.learning.app.get(RenewalSweeper).sweep();
    expect((await facts()).map((f) => [f.group, f.active])).toEqual([[{ kind: 'course', id: courseId }, true], [{ kind: 'course', id: courseId }, false]]);
  });

  it('plays a lesson\'s video (media\'s materials, owner kind flex-lesson) for enrolled pupils only, with range requests', async () => {
    const video = mp4(12.5, 200_000);
    const upload = await chunkedUpload(s, s.admin, video, 'halves.mp4');
    const made = await post('/materials', s.admin, { ownerKind: 'flex-lesson', ownerId: lessons.last, kind: 'video', titleKk: 'Бейне', titleRu: 'Видео', titleEn: 'Video', uploadId: upload });
    ok(made, 201);
    const videoId = made.body.data.id as string;
    const p = await s.pupil(5);
    const refused = await get(`/videos/${videoId}/info`, p.token, 'ru');
    expect([refused.status, refused.body.code]).toEqual([403, 'FLEX_NOT_ENROLLED']);
    expect((await s.http().get(`/api/videos/${videoId}/play`).set('Authorization', p.token).set('Range', 'bytes=0-99')).status).toBe(403);
    await buy(p);
    const lesson = (await get(`/flex-courses/${courseId}/lessons/${lessons.last}`, p.token)).body.data;
    expect(lesson).toMatchObject({ hasVideo: true, videos: [{ id: videoId, title: { en: 'Video' }, durationSeconds: 12.5 }] });
    const info = await get(`/videos/${videoId}/info`, p.token);
    ok(info);
    expect(info.body.data).toMatchObject({ id: videoId, mime: 'video/mp4', size: video.length, playUrl: expect.stringContaining(`/api/videos/${videoId}/play?ticket=`) });
    const part = await s.http().get(new URL(info.body.data.playUrl, 'http://x').pathname + new URL(info.body.data.playUrl, 'http://x').search).set('Range', 'bytes=100-199');
    expect([part.status, part.headers['content-range'], part.headers['content-length']]).toEqual([206, `bytes 100-199/${video.length}`, '100']);
    const page = (await get(`/flex-courses/${courseId}`, p.token)).body.data;
    expect(page.chapters[1].lessons[0]).toMatchObject({ id: lessons.last, hasVideo: true });
  });

  it('ranks the course\'s pupils by points earned in it, as "Aigerim S." with no ids or phones', async () => {
    const aigerim = await s.pupil(6, { firstName: 'Aigerim', lastName: 'Seitkali' });
    const bolat = await s.pupil(6, { firstName: 'Bolat', lastName: 'Nurlan' });
    await buy(aigerim);
    await buy(bolat);
    ok(await post(`/flex-courses/${courseId}/lessons/${lessons.intro}/complete`, aigerim.token));
    expect(await playTest(aigerim, lessons.tested, '++')).toBe(6);
    ok(await post(`/flex-courses/${courseId}/lessons/${lessons.tested}/complete`, aigerim.token));
    ok(await post(`/flex-courses/${courseId}/lessons/${lessons.intro}/complete`, bolat.token));
    const board = await get(`/flex-courses/${courseId}/leaderboard`, bolat.token);
    ok(board);
    // The earlier pupil (28 points, lapsed since) still counts: points earned stay theirs.
    expect(board.body.data).toEqual([
      { rank: 1, name: 'Айгерім С.', points: 28, lessonsDone: 3, me: false },
      { rank: 2, name: 'Aigerim S.', points: 21, lessonsDone: 2, me: false },
      { rank: 3, name: 'Bolat N.', points: 10, lessonsDone: 1, me: true },
    ]);
    expect(board.body.me).toEqual({ rank: 3, name: 'Bolat N.', points: 10, lessonsDone: 1, me: true });
    const text = JSON.stringify(board.body);
    const [phone] = await s.sql<{ phone: string }>('SELECT phone FROM {auth}.users WHERE id = $1', [aigerim.id]);
    for (const secret of [aigerim.id, bolat.id, phone.phone, 'Seitkali', 'Nurlan', 'userId']) expect(text).not.toContain(secret);
    // Staff who read courses see it without buying.
    ok(await get(`/flex-courses/${courseId}/leaderboard`, s.admin));
    // The admin's course page lists the same pupils by full name with their flex progress (GET courses/{course}/students).
    const students = await get(`/courses/${courseId}/students`, s.admin);
    ok(students);
    const progress = students.body.data.map((r: { firstName: string; lastName: string; enrolment: { status: string }; groups: unknown[]; progress: unknown }) =>
      [`${r.firstName} ${r.lastName}`, r.enrolment.status, r.groups, r.progress]);
    expect(progress).toEqual(expect.arrayContaining([
      ['Aigerim Seitkali', 'active', [], { kind: 'flex', lessonsDone: 2, lessonsTotal: 3, points: 21 }],
      ['Bolat Nurlan', 'active', [], { kind: 'flex', lessonsDone: 1, lessonsTotal: 3, points: 10 }],
    ]));
    expect(students.body.total).toBe(progress.length);
  });

  const callers: { name: string; roleId: RoleId | null }[] = [
    { name: 'anonymous', roleId: null },
    ...Object.entries(ROLE).map(([name, roleId]) => ({ name, roleId: roleId as RoleId })),
  ];

  it.each(callers)('access matrix: $name gets exactly what the routes allow, and a refused call changes nothing', async ({ roleId }) => {
    const before = await counts();
    const keys = { read: 'sidebar:course_index', write: 'course:update' } as const;
    type Want = 'signed-in' | 'enrolled' | 'enrolled-or-course-reader' | (typeof keys)[keyof typeof keys];
    const calls: { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: string; want: Want; body?: object }[] = [
      { method: 'get', path: '/api/flex-courses', want: 'signed-in' },
      { method: 'get', path: `/api/flex-courses/${courseId}`, want: 'signed-in' },
      { method: 'get', path: `/api/flex-courses/${courseId}/chapters/${chapter1}`, want: 'enrolled-or-course-reader' },
      { method: 'get', path: `/api/flex-courses/${courseId}/lessons/${lessons.intro}`, want: 'enrolled-or-course-reader' },
      { method: 'get', path: `/api/flex-courses/${courseId}/leaderboard`, want: 'enrolled-or-course-reader' },
      { method: 'post', path: `/api/flex-courses/${courseId}/lessons/${lessons.intro}/complete`, want: 'enrolled', body: {} },
      ...(['flex-chapters', 'flex-lessons'] as const).flatMap((path) => {
        const id = path === 'flex-chapters' ? chapter1 : lessons.intro;
        return [
          { method: 'get' as const, path: `/api/${path}`, want: keys.read },
          { method: 'get' as const, path: `/api/${path}/${id}`, want: keys.read },
          { method: 'post' as const, path: `/api/${path}`, want: keys.write },
          { method: 'put' as const, path: `/api/${path}/${id}`, want: keys.write },
          { method: 'patch' as const, path: `/api/${path}/${id}`, want: keys.write },
          { method: 'delete' as const, path: `/api/${path}/${randomUUID()}`, want: keys.write },
        ];
      }),
    ];
    const wrong: string[] = [];
    const holds = (key: string) => roleId === ROLE.admin || !!permissionsOf.get(roleId as RoleId)?.has(key);
    for (const call of calls) {
      let req = s.http()[call.method](call.path).set('X-Locale', 'en');
      if (roleId !== null) req = req.set('Authorization', tokens.get(roleId) as string);
      // Writes carry an unknown field: let through the guard, the body is refused (400) before anything is written.
      const res = call.method === 'get' || call.method === 'delete' ? await req : await req.send(call.body ?? { nope: 1 });
      // None of these callers bought the course.
      const want = roleId === null ? 401
        : call.want === 'signed-in' ? 'let-in'
          : call.want === 'enrolled' ? 403
            : call.want === 'enrolled-or-course-reader' ? (holds(keys.read) ? 'let-in' : 403)
              : holds(call.want) ? 'let-in' : 403;
      const got = res.status === 401 || res.status === 403 ? res.status : 'let-in';
      if (got !== want) wrong.push(`${call.method.toUpperCase()} ${call.path}: expected ${want}, got ${res.status}`);
      expect(res.status).toBeLessThan(500);
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
