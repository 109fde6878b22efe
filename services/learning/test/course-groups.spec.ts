/**
 * Courses, step 2 (issue 15): a group's people (teachers and pupils, the capacity), timetables in Almaty time with the
 * group link's and the recordings' windows on the kit's Clock, attendance and homework. Every new route x every
 * caller (anonymous, each role as an outsider, a pupil and a teacher of the group): 401/403 as the keys and
 * membership say, refused calls change nothing, no 5xx; localized 4xx; a pupil sees only their own.
 */
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { ROLE, type RoleId } from '@olymp/proto';
import { Clock } from '@olymp/server-kit';
import { pdf } from './media-fixtures';
import { type Pupil, learningStack } from './support';

const at = (iso: string) => new Date(iso);
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const parts: Buffer[] = [];
  stream.on('data', (c: Buffer) => parts.push(c));
  stream.on('end', () => cb(null, Buffer.concat(parts)));
};

describe('courses: groups, timetable, attendance, homework', () => {
  const s = learningStack();
  const clock = () => s.learning.app.get(Clock);
  const permissionsOf = new Map<RoleId, Set<string>>();
  let groupId = '';
  let otherGroupId = '';
  let lessonA = '';
  let lessonB = '';
  let otherLesson = '';
  let teacher: Pupil;
  let pupil: Pupil;
  let pupil2: Pupil;
  let outsider: Pupil;
  const ok = (res: { status: number; text: string }, status = 200) => expect([res.status, res.text]).toEqual([status, expect.any(String)]);
  const post = (path: string, token: string, body: object) => s.http().post(`/api${path}`).set('Authorization', token).set('X-Locale', 'en').send(body);
  const put = (path: string, token: string, body: object) => s.http().put(`/api${path}`).set('Authorization', token).set('X-Locale', 'en').send(body);
  const get = (path: string, token: string) => s.http().get(`/api${path}`).set('Authorization', token).set('X-Locale', 'en');
  /** Starts a hand-in upload and sends the file in chunks of 8 KB; the last answer (a refusal stops it). */
  const startAndSend = async (homeworkId: string, token: string, file: Buffer, name: string, type?: string) => {
    const started = await post(`/homework/${homeworkId}/upload`, token, { name, size: file.length, type });
    ok(started, 201);
    let res = started;
    for (let offset = 0; offset < file.length && res.status < 300; offset += 8192) {
      res = await s.http().post(`/api/homework/${homeworkId}/upload`).set('Authorization', token).set('X-Locale', 'en')
        .field('id', started.body.data.id).field('offset', String(offset)).attach('chunk', file.subarray(offset, offset + 8192), 'part.bin');
    }
    return res;
  };
  /** A pupil's hand-in file through `homework/{homework}/upload` (the kit's chunked protocol, chunks of 8 KB): its stored name. */
  const handInUpload = async (homeworkId: string, token: string, file: Buffer, name: string, type = 'application/pdf') => {
    const res = await startAndSend(homeworkId, token, file, name, type);
    ok(res);
    expect(res.body.data).toMatchObject({ status: 'stored', mime: type, name });
    return res.body.data.filename as string;
  };
  /**
   * A minimal OLE compound file (MS-CFB, what .doc, .xls and .ppt are): the header, then a directory sector with the
   * root entry and one stream entry named `stream` (`WordDocument` in a Word document, `Workbook` in a spreadsheet).
   */
  const compoundFile = (stream: string) => {
    const b = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
    b.writeUInt16LE(0x3e, 0x18);
    b.writeUInt16LE(3, 0x1a);
    b.writeUInt16LE(0xfffe, 0x1c);
    b.writeUInt16LE(9, 0x1e);
    b.writeUInt16LE(6, 0x20);
    b.writeUInt32LE(0, 0x30);
    const entry = (at: number, name: string, type: number) => {
      const n = Buffer.from(`${name}\0`, 'utf16le');
      n.copy(b, at);
      b.writeUInt16LE(n.length, at + 0x40);
      b[at + 0x42] = type;
    };
    entry(512, 'Root Entry', 5);
    entry(640, stream, 2);
    b.fill(0x41, 1024);
    return b;
  };
  const counts = async () => Object.fromEntries(
    await Promise.all((['course_group_members', 'lesson_attendance', 'homeworks', 'homework_submissions'] as const).map(async (t) => [t, (await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM {learning}.${t}`))[0].n])),
  );
  const lesson = async (group: string, startsAt: string, extra: object = {}) => {
    const res = await post('/lessons', s.admin, { groupId: group, titleKk: 'Сабақ', titleRu: 'Урок', titleEn: 'Lesson', startsAt, durationMinutes: 90, ...extra });
    ok(res, 201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    await s.start();
    const rows = await s.sql<{ role_id: number; name: string }>('SELECT rp.role_id, p.name FROM {auth}.role_permissions rp JOIN {auth}.permissions p ON p.id = rp.permission_id');
    for (const id of Object.values(ROLE)) permissionsOf.set(id, new Set(rows.filter((r) => r.role_id === id).map((r) => r.name)));
    const course = await post('/courses', s.admin, { kind: 'live', titleKk: 'Дайындық', titleRu: 'Подготовка', titleEn: 'Preparation' });
    ok(course, 201);
    const group = await post('/groups', s.admin, { courseId: course.body.id, name: 'A', capacity: 2, meetingUrl: 'https://meet.example.kz/a' });
    ok(group, 201);
    groupId = group.body.id;
    const other = await post('/groups', s.admin, { courseId: course.body.id, name: 'B', meetingUrl: 'https://meet.example.kz/b' });
    ok(other, 201);
    otherGroupId = other.body.id;
    // Wednesday 2 December 2026, 19:00 and next Wednesday, in Almaty (UTC+5).
    lessonA = await lesson(groupId, '2026-12-02T19:00:00+05:00', { recordingUrl: 'https://video.example.kz/a.mp4' });
    lessonB = await lesson(groupId, '2026-12-09T19:00:00+05:00');
    otherLesson = await lesson(otherGroupId, '2026-12-03T10:00:00+05:00');
    // A teacher is a staff user (here an exam observer, who holds no group keys); pupils are students.
    teacher = await s.pupil(null, { roleId: ROLE.examObserver, firstName: 'Асем', lastName: 'Нұрлан' });
    pupil = await s.pupil(5, { firstName: 'Айгерім', lastName: 'Сейіт' });
    pupil2 = await s.pupil(5, { firstName: 'Бауыржан', lastName: 'Төле' });
    outsider = await s.pupil(5);
    ok(await post(`/groups/${otherGroupId}/members`, s.admin, { userId: outsider.id, role: 'pupil' }), 201);
  }, 60_000);

  afterAll(() => s.stop());

  it('staff put teachers and pupils in a group within its capacity; the kinds of people are checked', async () => {
    ok(await post(`/groups/${groupId}/members`, s.admin, { userId: teacher.id, role: 'teacher' }), 201);
    const added = await post(`/groups/${groupId}/members`, s.admin, { userId: pupil.id, role: 'pupil' });
    ok(added, 201);
    expect(added.body.data).toMatchObject({ userId: pupil.id, role: 'pupil', firstName: 'Айгерім', lastName: 'Сейіт' });
    const before = await counts();
    const refusals = [
      [await post(`/groups/${groupId}/members`, s.admin, { userId: pupil.id, role: 'pupil' }), 409, 'ALREADY_IN_GROUP'],
      [await post(`/groups/${groupId}/members`, s.admin, { userId: teacher.id, role: 'pupil' }), 400, 'NOT_A_PUPIL'],
      [await post(`/groups/${groupId}/members`, s.admin, { userId: pupil2.id, role: 'teacher' }), 400, 'NOT_STAFF'],
      [await post(`/groups/${groupId}/members`, s.admin, { userId: randomUUID(), role: 'pupil' }), 400, 'RELATED_NOT_FOUND'],
      [await post(`/groups/${randomUUID()}/members`, s.admin, { userId: pupil2.id, role: 'pupil' }), 404, 'NOT_FOUND'],
      [await post(`/groups/${groupId}/members`, s.admin, { userId: pupil2.id, role: 'parent' }), 400, 'VALIDATION_FAILED'],
    ] as const;
    expect(refusals.map(([r]) => [r.status, r.body.code])).toEqual(refusals.map(([, st, code]) => [st, code]));
    expect(await counts()).toEqual(before);

    ok(await post(`/groups/${groupId}/members`, s.admin, { userId: pupil2.id, role: 'pupil' }), 201);
    const extra = await s.pupil(5);
    const full = await post(`/groups/${groupId}/members`, s.admin, { userId: extra.id, role: 'pupil' });
    expect([full.status, full.body.code]).toEqual([409, 'GROUP_FULL']);
    // Teachers do not count against the capacity.
    const second = await s.pupil(null, { roleId: ROLE.manager });
    ok(await post(`/groups/${groupId}/members`, s.admin, { userId: second.id, role: 'teacher' }), 201);
    expect((await s.http().delete(`/api/groups/${groupId}/members/${second.id}`).set('Authorization', s.admin)).status).toBe(200);
    expect((await s.http().delete(`/api/groups/${groupId}/members/${second.id}`).set('Authorization', s.admin)).status).toBe(404);

    const members = await get(`/groups/${groupId}/members`, teacher.token);
    ok(members);
    expect(members.body).toMatchObject({ pupils: 2, capacity: 2 });
    expect(members.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role]).sort()).toEqual([[pupil.id, 'pupil'], [pupil2.id, 'pupil'], [teacher.id, 'teacher']].sort());
    // A pupil of the group does not get the list of the group's people (their names and ids).
    expect((await get(`/groups/${groupId}/members`, pupil.token)).body.code).toBe('NOT_GROUP_TEACHER');

    const mine = await get('/my-groups', pupil.token);
    ok(mine);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: groupId, role: 'pupil', teachers: ['Асем Н.'] })]);
    expect(JSON.stringify(mine.body)).not.toContain(teacher.id);

    // The admin's "My groups": the groups the caller teaches (membership, not keys: this teacher holds no group key),
    // with the pupils counted and the next lesson not yet over; nobody else's, and nothing for a pupil.
    clock().set(at('2026-12-02T15:00:00Z'));
    const teaching = await get('/my-teaching-groups', teacher.token);
    ok(teaching);
    expect(teaching.body.data).toEqual([{
      id: groupId, name: 'A', pupils: 2, capacity: 2, meetingUrl: 'https://meet.example.kz/a',
      course: { id: expect.any(String), kind: 'live', title: { kk: 'Дайындық', ru: 'Подготовка', en: 'Preparation' } },
      nextLesson: { id: lessonA, title: { kk: 'Сабақ', ru: 'Урок', en: 'Lesson' }, startsAt: '2026-12-02T14:00:00.000Z', startsAtAlmaty: '2026-12-02 19:00' },
    }]);
    clock().set(at('2026-12-02T15:30:00Z'));
    expect((await get('/my-teaching-groups', teacher.token)).body.data[0].nextLesson).toMatchObject({ id: lessonB });
    clock().resume();
    expect((await get('/my-teaching-groups', pupil.token)).body.data).toEqual([]);
    expect((await get('/my-teaching-groups', s.admin)).body.data).toEqual([]);
  });

  it('shows the week in Almaty time; the group link from 15 minutes before until the end, the recording for 60 days', async () => {
    const start = at('2026-12-02T14:00:00Z');
    clock().set(at('2026-12-01T09:00:00Z'));
    const week = await get('/my-timetable?week=2026-12-04', pupil.token);
    ok(week);
    expect(week.body).toMatchObject({ from: '2026-11-30', to: '2026-12-06' });
    expect(week.body.data).toEqual([expect.objectContaining({ id: lessonA, startsAtAlmaty: '2026-12-02 19:00', endsAt: '2026-12-02T15:30:00.000Z', kind: 'live', meetingUrl: null, recordingUrl: null })]);
    const linkAt = async (ms: number, token = pupil.token) => {
      clock().set(ms);
      const res = await get('/my-timetable?week=2026-12-02', token);
      ok(res);
      const found = res.body.data.find((l: { id: string }) => l.id === lessonA);
      expect(found).toBeDefined();
      return found.meetingUrl;
    };
    expect(await linkAt(start.getTime() - 15 * 60_000 - 1)).toBeNull();
    expect(await linkAt(start.getTime() - 15 * 60_000)).toBe('https://meet.example.kz/a');
    expect(await linkAt(start.getTime() + 90 * 60_000 - 1, teacher.token)).toBe('https://meet.example.kz/a');
    expect(await linkAt(start.getTime() + 90 * 60_000)).toBeNull();
    const recordingOn = async (day: number) => {
      clock().set(start.getTime() + day * 24 * 3600_000);
      const res = await get(`/groups/${groupId}/timetable?from=2026-12-02&to=2026-12-02`, pupil.token);
      ok(res);
      return res.body.data[0].recordingUrl;
    };
    expect(await recordingOn(59)).toBe('https://video.example.kz/a.mp4');
    expect(await recordingOn(61)).toBeNull();
    clock().set(at('2026-12-08T09:00:00Z'));
    const teacherWeek = await get('/my-timetable', teacher.token);
    expect(teacherWeek.body.data.map((l: { id: string }) => l.id)).toEqual([lessonB]);
    // The other group's pupil sees neither this group's lessons nor its link.
    const other = await get('/my-timetable?week=2026-12-02', outsider.token);
    expect(other.body.data.map((l: { id: string }) => l.id)).toEqual([otherLesson]);
    expect((await get(`/groups/${groupId}/timetable`, outsider.token)).body.code).toBe('NOT_GROUP_MEMBER');
    const bad = await get(`/groups/${groupId}/timetable?from=2026-13-45`, pupil.token);
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    clock().resume();
  });

  it('a teacher marks attendance of their group only; a pupil sees their own; counts per pupil', async () => {
    const marked = await put(`/lessons/${lessonA}/attendance`, teacher.token, { marks: [{ userId: pupil.id, status: 'present' }, { userId: pupil2.id, status: 'late' }] });
    ok(marked);
    expect(marked.body.data.map((r: { userId: string; status: string }) => [r.userId, r.status]).sort()).toEqual([[pupil.id, 'present'], [pupil2.id, 'late']].sort());
    ok(await put(`/lessons/${lessonB}/attendance`, teacher.token, { marks: [{ userId: pupil.id, status: 'absent' }] }));
    const before = await counts();
    const stranger = await put(`/lessons/${lessonA}/attendance`, teacher.token, { marks: [{ userId: outsider.id, status: 'present' }] });
    expect([stranger.status, stranger.body.code]).toEqual([400, 'PUPIL_NOT_IN_GROUP']);
    expect((await put(`/lessons/${otherLesson}/attendance`, teacher.token, { marks: [{ userId: outsider.id, status: 'present' }] })).body.code).toBe('NOT_GROUP_TEACHER');
    expect((await put(`/lessons/${lessonA}/attendance`, pupil.token, { marks: [{ userId: pupil.id, status: 'present' }] })).body.code).toBe('NOT_GROUP_TEACHER');
    expect(await counts()).toEqual(before);

    const own = await get('/my-attendance', pupil.token);
    ok(own);
    expect(own.body.data.map((r: { lessonId: string; status: string }) => [r.lessonId, r.status])).toEqual([[lessonB, 'absent'], [lessonA, 'present']]);
    expect(JSON.stringify(own.body)).not.toContain(pupil2.id);
    const tally = await get(`/groups/${groupId}/attendance-counts`, teacher.token);
    ok(tally);
    expect(tally.body.lessons).toBe(2);
    expect(tally.body.data).toEqual(expect.arrayContaining([
      expect.objectContaining({ userId: pupil.id, present: 1, late: 0, absent: 1 }),
      expect.objectContaining({ userId: pupil2.id, present: 0, late: 1, absent: 0 }),
    ]));
    expect((await get(`/groups/${groupId}/attendance-counts`, pupil.token)).body.code).toBe('NOT_GROUP_TEACHER');

    // present-all: the pupils not marked yet become present, marks already given stay; a pupil or another group's
    // lesson is refused and writes nothing; again changes nothing.
    const refusedAll = [
      await post(`/lessons/${lessonB}/attendance/present-all`, pupil.token, {}),
      await post(`/lessons/${otherLesson}/attendance/present-all`, teacher.token, {}),
    ];
    expect(refusedAll.map((r) => [r.status, r.body.code])).toEqual([[403, 'NOT_GROUP_TEACHER'], [403, 'NOT_GROUP_TEACHER']]);
    expect((await post(`/lessons/${randomUUID()}/attendance/present-all`, teacher.token, {})).status).toBe(404);
    expect(await counts()).toEqual(before);
    const all = await post(`/lessons/${lessonB}/attendance/present-all`, teacher.token, {});
    ok(all, 201);
    const marksB = all.body.data.map((r: { userId: string; status: string }) => [r.userId, r.status]).sort();
    expect(marksB).toEqual([[pupil.id, 'absent'], [pupil2.id, 'present']].sort());
    const again = await post(`/lessons/${lessonB}/attendance/present-all`, teacher.token, {});
    expect(again.body.data.map((r: { userId: string; status: string }) => [r.userId, r.status]).sort()).toEqual(marksB);
  });

  it('homework: set by the teacher, handed in by pupils (late after the due time), graded; a pupil sees only their own', async () => {
    clock().set(at('2026-12-02T16:00:00Z'));
    const hw = await post(`/lessons/${lessonA}/homework`, teacher.token, { title: 'Есептер 1-5', text: 'Шығарыңыз', dueAt: '2026-12-04T20:00:00+05:00', maxPoints: 10 });
    ok(hw, 201);
    const id = hw.body.data.id as string;
    // The pupil sends a PDF in chunks through the homework's upload route; nobody but a pupil of the group may.
    const bytes = pdf(20_000);
    const uploadName = await handInUpload(id, pupil.token, bytes, 'Жауап "1".pdf');
    const notPupils = [await post(`/homework/${id}/upload`, teacher.token, { name: 'x.pdf', size: 10 }), await post(`/homework/${id}/upload`, outsider.token, { name: 'x.pdf', size: 10 })];
    expect(notPupils.map((r) => [r.status, r.body.code])).toEqual([[403, 'NOT_GROUP_MEMBER'], [403, 'NOT_GROUP_MEMBER']]);
    expect((await post(`/homework/${randomUUID()}/upload`, pupil.token, { name: 'x.pdf', size: 10 })).status).toBe(404);
    // Someone else's upload, or a name that is no upload of theirs, is refused in the pupil's language; nothing is stored.
    const beforeRefusals = await counts();
    const stolen = await put(`/homework/${id}/submission`, pupil2.token, { text: 'Көшірме', uploadName });
    expect([stolen.status, stolen.body.code]).toEqual([400, 'HOMEWORK_UPLOAD_NOT_YOURS']);
    const made = await put(`/homework/${id}/submission`, pupil.token, { text: 'Жауаптар', uploadName: 'photo.jpg' });
    expect([made.status, made.body.code]).toEqual([400, 'HOMEWORK_UPLOAD_NOT_YOURS']);
    const ru = await s.http().put(`/api/homework/${id}/submission`).set('Authorization', pupil2.token).set('X-Locale', 'ru').send({ text: 'x', uploadName });
    expect([ru.status, ru.body.message]).toEqual([400, expect.stringMatching(/файл/)]);
    // Neither words nor a file is nothing to hand in (in the pupil's language); blank words count as none.
    const empty = [await put(`/homework/${id}/submission`, pupil.token, {}), await put(`/homework/${id}/submission`, pupil.token, { text: '   ', uploadName: null })];
    expect(empty.map((r) => [r.status, r.body.code])).toEqual([[400, 'HOMEWORK_EMPTY'], [400, 'HOMEWORK_EMPTY']]);
    const emptyRu = await s.http().put(`/api/homework/${id}/submission`).set('Authorization', pupil.token).set('X-Locale', 'ru').send({ text: '' });
    expect([emptyRu.status, emptyRu.body.message]).toEqual([400, expect.stringMatching(/Ответ пустой/)]);
    expect(await counts()).toEqual(beforeRefusals);
    // A photo or a file alone is a hand-in; words may be added later, until it is graded.
    const fileOnly = await put(`/homework/${id}/submission`, pupil.token, { uploadName });
    ok(fileOnly);
    expect(fileOnly.body.data).toMatchObject({ text: '', uploadName, fileName: 'Жауап "1".pdf' });
    const mine = await put(`/homework/${id}/submission`, pupil.token, { text: 'Жауаптар', uploadName });
    ok(mine);
    expect(mine.body.data).toMatchObject({ late: false, text: 'Жауаптар', uploadName, fileName: 'Жауап "1".pdf', points: null });
    clock().set(at('2026-12-04T15:00:00.001Z'));
    const late = await put(`/homework/${id}/submission`, pupil2.token, { text: 'Кеш' });
    expect(late.body.data).toMatchObject({ late: true, uploadName: null, fileName: null });
    expect((await put(`/homework/${id}/submission`, outsider.token, { text: 'x' })).body.code).toBe('NOT_GROUP_MEMBER');
    expect((await put(`/homework/${id}/submission`, teacher.token, { text: 'x' })).body.code).toBe('NOT_GROUP_MEMBER');

    // The file: the exact bytes for the pupil, the group's teacher and staff (group:update), under the pupil's name;
    // 403 for another pupil of the group and a pupil of another group; 404 for a missing id or a hand-in without a file.
    const file = (token: string, sub = mine.body.data.id as string, hw = id) => get(`/homework/${hw}/submissions/${sub}/file`, token).buffer(true).parse(binary);
    for (const token of [pupil.token, teacher.token, s.admin]) {
      const res = await file(token);
      expect([res.status, res.headers['content-type'], res.headers['content-disposition']]).toEqual([
        200, 'application/pdf', 'attachment; filename="_____ _1_.pdf"; filename*=UTF-8\'\'%D0%96%D0%B0%D1%83%D0%B0%D0%BF%20%221%22.pdf',
      ]);
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    }
    const refused = [await get(`/homework/${id}/submissions/${mine.body.data.id}/file`, pupil2.token), await get(`/homework/${id}/submissions/${mine.body.data.id}/file`, outsider.token)];
    expect(refused.map((r) => [r.status, r.body.code])).toEqual([[403, 'NOT_GROUP_TEACHER'], [403, 'NOT_GROUP_TEACHER']]);
    expect((await get(`/homework/${id}/submissions/${mine.body.data.id}/file`, '')).status).toBe(401);
    const missing = [
      await get(`/homework/${id}/submissions/${randomUUID()}/file`, teacher.token),
      await get(`/homework/${randomUUID()}/submissions/${mine.body.data.id}/file`, teacher.token),
      await get(`/homework/${id}/submissions/${late.body.data.id}/file`, teacher.token),
    ];
    expect(missing.map((r) => r.status)).toEqual([404, 404, 404]);

    const list = await get(`/homework/${id}/submissions`, teacher.token);
    ok(list);
    expect(list.body.data).toHaveLength(2);
    const sub = list.body.data.find((x: { userId: string }) => x.userId === pupil.id);
    expect(sub).toMatchObject({ uploadName, fileName: 'Жауап "1".pdf' });
    const tooMany = await put(`/homework-submissions/${sub.id}/grade`, teacher.token, { points: 11 });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'POINTS_TOO_HIGH']);
    expect(tooMany.body.message).toContain('10');
    expect((await put(`/homework-submissions/${sub.id}/grade`, pupil.token, { points: 10 })).body.code).toBe('NOT_GROUP_TEACHER');
    const graded = await put(`/homework-submissions/${sub.id}/grade`, teacher.token, { points: 9, comment: 'Жақсы' });
    expect(graded.body.data).toMatchObject({ points: 9, comment: 'Жақсы' });
    const again = await put(`/homework/${id}/submission`, pupil.token, { text: 'өзгерту' });
    expect([again.status, again.body.code]).toEqual([409, 'SUBMISSION_GRADED']);

    const own = await get('/my-homework', pupil.token);
    ok(own);
    expect(own.body.data).toEqual([expect.objectContaining({ id, groupId, submissions: null, mine: expect.objectContaining({ userId: pupil.id, points: 9 }) })]);
    expect(JSON.stringify(own.body)).not.toContain(pupil2.id);
    const groupView = await get(`/groups/${groupId}/homework`, pupil2.token);
    expect(groupView.body.data[0].mine).toMatchObject({ userId: pupil2.id, points: null });
    expect((await get(`/groups/${groupId}/homework`, teacher.token)).body.data[0]).toMatchObject({ submissions: 2, mine: null });
    expect((await get('/my-homework', outsider.token)).body.data).toEqual([]);
    clock().resume();
  });

  it('homework files: at most 25 MB (refused before anything is stored, kk/ru/en), Word 97-2003 documents (.doc) accepted, other compound files not', async () => {
    const hw = await post(`/lessons/${lessonB}/homework`, teacher.token, { title: 'Файлмен', dueAt: '2026-12-20T20:00:00+05:00', maxPoints: 5 });
    ok(hw, 201);
    const id = hw.body.data.id as string;
    const uploads = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM {learning}.upload'))[0].n;
    const before = { rows: await counts(), uploads: await uploads() };
    const limit = 25 * 1024 * 1024;
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      const res = await s.http().post(`/api/homework/${id}/upload`).set('Authorization', pupil.token).set('X-Locale', locale)
        .send({ name: 'big.pdf', size: limit + 1, type: 'application/pdf' });
      expect([res.status, res.body.code, res.body.message]).toEqual([413, 'HOMEWORK_FILE_TOO_LARGE', expect.stringContaining('25')]);
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(3);
    // The same through a multipart form without a file (the protocol's other way to start).
    const form = await s.http().post(`/api/homework/${id}/upload`).set('Authorization', pupil.token).field('name', 'big.pdf').field('size', String(limit * 2));
    expect([form.status, form.body.code]).toEqual([413, 'HOMEWORK_FILE_TOO_LARGE']);
    expect({ rows: await counts(), uploads: await uploads() }).toEqual(before);
    // Exactly 25 MB may start.
    ok(await post(`/homework/${id}/upload`, pupil.token, { name: 'edge.pdf', size: limit, type: 'application/pdf' }), 201);
    expect(await uploads()).toBe(before.uploads + 1);

    // A Word 97-2003 document (an OLE compound file with a WordDocument stream) is stored and served as .doc; a
    // spreadsheet in the same container is refused, its bytes and session gone.
    const word = compoundFile('WordDocument');
    const stored = await handInUpload(id, pupil.token, word, 'Эссе.doc', 'application/msword');
    expect(stored).toMatch(/\.doc$/);
    const handed = await put(`/homework/${id}/submission`, pupil.token, { uploadName: stored });
    ok(handed);
    const file = await get(`/homework/${id}/submissions/${handed.body.data.id}/file`, teacher.token).buffer(true).parse(binary);
    expect([file.status, file.headers['content-type'], file.headers['content-disposition']]).toEqual([200, 'application/msword', expect.stringContaining('.doc"')]);
    expect(Buffer.compare(file.body as Buffer, word)).toBe(0);
    const sheet = await startAndSend(id, pupil.token, compoundFile('Workbook'), 'table.xls');
    expect([sheet.status, sheet.body.code, sheet.body.message]).toEqual([400, 'UPLOAD_TYPE_NOT_ALLOWED', expect.stringContaining('DOC')]);
    expect((await s.sql('SELECT 1 FROM {learning}.upload WHERE original_name = $1', ['table.xls'])).length).toBe(0);
  });

  it('probes the homework file routes: no token 401, someone else 403, NUL bytes, wrong content types and a 5 MB body a clear 4xx; nothing stored', async () => {
    const [hw] = await s.sql<{ id: string }>('SELECT h.id FROM {learning}.homeworks h WHERE NOT EXISTS (SELECT 1 FROM {learning}.homework_submissions s WHERE s.homework_id = h.id AND s.user_id = $1) LIMIT 1', [pupil2.id]);
    const [withFile] = await s.sql<{ id: string; homework_id: string }>('SELECT id, homework_id FROM {learning}.homework_submissions WHERE user_id = $1 AND upload_name IS NOT NULL LIMIT 1', [pupil.id]);
    const upload = `/api/homework/${hw.id}/upload`;
    const fileOf = `/api/homework/${withFile.homework_id}/submissions/${withFile.id}/file`;
    const uploads = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM {learning}.upload'))[0].n;
    const before = { rows: await counts(), uploads: await uploads() };
    const big = JSON.stringify({ name: 'a.pdf', size: 10, type: 'x'.repeat(5 * 1024 * 1024) });
    const probes: [string, request.Test, number][] = [
      ['upload without a token', s.http().post(upload).send({ name: 'a.pdf', size: 10 }), 401],
      ['file without a token', s.http().get(fileOf), 401],
      ['upload by a pupil of another group', s.http().post(upload).set('Authorization', outsider.token).send({ name: 'a.pdf', size: 10 }), 403],
      ['upload by the group\'s teacher', s.http().post(upload).set('Authorization', teacher.token).send({ name: 'a.pdf', size: 10 }), 403],
      ['file of another pupil', s.http().get(fileOf).set('Authorization', pupil2.token), 403],
      ['NUL in the upload path', s.http().post('/api/homework/%00/upload').set('Authorization', pupil2.token).send({ name: 'a.pdf', size: 10 }), 400],
      ['NUL in the file path', s.http().get(`/api/homework/${withFile.homework_id}/submissions/%00/file`).set('Authorization', pupil.token), 400],
      ['NUL in the name', s.http().post(upload).set('Authorization', pupil2.token).send({ name: 'a\u0000.pdf', size: 10 }), 400],
      ['NUL in a key', s.http().post(upload).set('Authorization', pupil2.token).send({ name: 'a.pdf', size: 10, 'x\u0000': 1 }), 400],
      ['XML', s.http().post(upload).set('Authorization', pupil2.token).set('Content-Type', 'application/xml').send('<a/>'), 415],
      ['plain text', s.http().post(upload).set('Authorization', pupil2.token).set('Content-Type', 'text/plain').send('name=a.pdf'), 415],
      ['a form', s.http().post(upload).set('Authorization', pupil2.token).set('Content-Type', 'application/x-www-form-urlencoded').send('name=a.pdf&size=10'), 415],
      ['unreadable JSON', s.http().post(upload).set('Authorization', pupil2.token).set('Content-Type', 'application/json').send('{"name":'), 400],
      ['a 5 MB JSON body', s.http().post(upload).set('Authorization', pupil2.token).set('Content-Type', 'application/json').send(big), 413],
      ['a size below one byte', s.http().post(upload).set('Authorization', pupil2.token).send({ name: 'a.pdf', size: 0 }), 400],
      ['a chunk of no upload', s.http().post(upload).set('Authorization', pupil2.token).field('id', randomUUID()).field('offset', '0').attach('chunk', Buffer.from('x'), 'c.bin'), 404],
    ];
    const got: [string, number][] = [];
    for (const [name, req, status] of probes) {
      const res = await req.set('X-Locale', 'ru');
      got.push([name, res.status]);
      expect([name, res.status, typeof res.body.message]).toEqual([name, status, 'string']);
    }
    expect(got.filter(([, status]) => status >= 500)).toEqual([]);
    expect({ rows: await counts(), uploads: await uploads() }).toEqual(before);
  });

  it('every new route x every caller: 401, 403 or let in as keys and membership say; refused calls change nothing; no 5xx', async () => {
    const [hw] = await s.sql<{ id: string }>('SELECT id FROM {learning}.homeworks LIMIT 1');
    const [sub] = await s.sql<{ id: string }>('SELECT id FROM {learning}.homework_submissions LIMIT 1');
    // The first pupil's hand-in with its file: the group's other pupil may not read it.
    const [withFile] = await s.sql<{ id: string; homework_id: string }>('SELECT id, homework_id FROM {learning}.homework_submissions WHERE user_id = $1', [pupil.id]);
    type Member = 'pupil' | 'teacher';
    const routes: { method: 'get' | 'post' | 'put' | 'delete'; path: string; body?: object; key: string | null; members: Member[] }[] = [
      { method: 'get', path: `/groups/${groupId}/members`, key: 'sidebar:group_index', members: ['teacher'] },
      { method: 'post', path: `/groups/${groupId}/members`, body: { userId: pupil.id, role: 'pupil' }, key: 'group:update', members: [] },
      { method: 'delete', path: `/groups/${groupId}/members/${randomUUID()}`, key: 'group:update', members: [] },
      { method: 'get', path: `/groups/${groupId}/timetable`, key: 'sidebar:group_index', members: ['pupil', 'teacher'] },
      { method: 'get', path: '/my-groups', key: null, members: [] },
      { method: 'get', path: '/my-teaching-groups', key: null, members: [] },
      { method: 'get', path: '/my-timetable', key: null, members: [] },
      { method: 'get', path: '/my-attendance', key: null, members: [] },
      { method: 'get', path: '/my-homework', key: null, members: [] },
      { method: 'get', path: `/lessons/${lessonA}/attendance`, key: 'sidebar:group_index', members: ['teacher'] },
      { method: 'put', path: `/lessons/${lessonA}/attendance`, body: { marks: [{ userId: pupil.id, status: 'present' }] }, key: 'group:update', members: ['teacher'] },
      { method: 'get', path: `/groups/${groupId}/attendance-counts`, key: 'sidebar:group_index', members: ['teacher'] },
      { method: 'post', path: `/lessons/${lessonB}/attendance/present-all`, key: 'group:update', members: ['teacher'] },
      { method: 'post', path: `/lessons/${lessonA}/homework`, body: { title: 'T', dueAt: '2026-12-10T20:00:00+05:00' }, key: 'group:update', members: ['teacher'] },
      { method: 'get', path: `/groups/${groupId}/homework`, key: 'sidebar:group_index', members: ['pupil', 'teacher'] },
      { method: 'put', path: `/homework/${hw.id}/submission`, body: { text: 'x' }, key: 'nobody', members: ['pupil'] },
      { method: 'get', path: `/homework/${hw.id}/submissions`, key: 'sidebar:group_index', members: ['teacher'] },
      { method: 'get', path: `/homework/${withFile.homework_id}/submissions/${withFile.id}/file`, key: 'group:update', members: ['teacher'] },
      { method: 'post', path: `/homework/${hw.id}/upload`, body: { name: 'a.pdf', size: 100 }, key: 'nobody', members: ['pupil'] },
      { method: 'put', path: `/homework-submissions/${sub.id}/grade`, body: { points: 5 }, key: 'group:update', members: ['teacher'] },
    ];
    const callers: { name: string; token: string | null; roleId: RoleId | null; member: Member | null }[] = [
      { name: 'anonymous', token: null, roleId: null, member: null },
      ...await Promise.all(Object.entries(ROLE).map(async ([name, roleId]) => ({ name, token: (await s.pupil(null, { roleId })).token, roleId: roleId as RoleId, member: null }))),
      { name: 'pupil of the group', token: pupil2.token, roleId: ROLE.student, member: 'pupil' },
      { name: 'pupil of another group', token: outsider.token, roleId: ROLE.student, member: null },
      { name: 'teacher of the group', token: teacher.token, roleId: ROLE.examObserver, member: 'teacher' },
    ];
    const wrong: string[] = [];
    for (const caller of callers) {
      for (const r of routes) {
        const before = await counts();
        let req = s.http()[r.method](`/api${r.path}`).set('X-Locale', 'en');
        if (caller.token) req = req.set('Authorization', caller.token);
        const res = r.body ? await req.send(r.body) : await req;
        // Handing in homework (and sending its file) is the pupil's own act: no key lets anyone else do it, not even admin.
        const keyed = r.key === null || (r.key !== 'nobody' && (caller.roleId === ROLE.admin || permissionsOf.get(caller.roleId as RoleId)?.has(r.key)));
        const want = caller.roleId === null ? 401 : keyed || (caller.member && r.members.includes(caller.member)) ? 'let-in' : 403;
        const got = res.status === 401 || res.status === 403 ? res.status : 'let-in';
        if (got !== want) wrong.push(`${caller.name}: ${r.method.toUpperCase()} ${r.path}: expected ${want}, got ${res.status} ${res.text.slice(0, 80)}`);
        if (res.status >= 500) wrong.push(`${caller.name}: ${r.method.toUpperCase()} ${r.path}: ${res.status}`);
        if (got !== 'let-in' && JSON.stringify(await counts()) !== JSON.stringify(before)) wrong.push(`${caller.name}: ${r.path} changed data while refused`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers odd input with localized 4xx, a missing id with 404, never a 5xx', async () => {
    const before = await counts();
    const messages = new Set<string>();
    for (const locale of ['kk', 'ru', 'en']) {
      const res = await s.http().put(`/api/lessons/${lessonA}/attendance`).set('Authorization', s.admin).set('X-Locale', locale).send({ marks: [] });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      messages.add(res.body.message);
      const outsiderRes = await s.http().get(`/api/groups/${groupId}/timetable`).set('Authorization', outsider.token).set('X-Locale', locale);
      expect(outsiderRes.status).toBe(403);
      messages.add(outsiderRes.body.message);
    }
    expect(messages.size).toBe(6);
    const missing = randomUUID();
    for (const path of [`/groups/${missing}/members`, `/groups/${missing}/timetable`, `/lessons/${missing}/attendance`, `/groups/${missing}/attendance-counts`, `/groups/${missing}/homework`, `/homework/${missing}/submissions`]) {
      expect([path, (await get(path, s.admin)).status]).toEqual([path, 404]);
    }
    expect((await put(`/homework/${missing}/submission`, pupil.token, { text: 'x' })).status).toBe(404);
    expect((await put(`/homework-submissions/${missing}/grade`, s.admin, { points: 1 })).status).toBe(404);
    expect((await post(`/lessons/${missing}/homework`, s.admin, { title: 'T', dueAt: '2026-12-10T20:00:00+05:00' })).status).toBe(404);
    const odd = [
      await get('/groups/not-a-uuid/members', s.admin),
      await get('/my-timetable?week=yesterday', pupil.token),
      await get('/my-timetable?week=2026-02-30', pupil.token),
      await get(`/groups/${groupId}/timetable?from=2026-12-10&to=2020-01-01`, s.admin),
      await get(`/groups/${groupId}/timetable?from=2000-01-01&to=2999-12-31`, s.admin),
      await put(`/lessons/${lessonA}/attendance`, s.admin, { marks: [{ userId: pupil.id, status: 'sleeping' }] }),
      await put(`/lessons/${lessonA}/attendance`, s.admin, { marks: 'all' }),
      await post(`/lessons/${lessonA}/homework`, s.admin, { title: '', dueAt: 'soon' }),
      await put(`/homework-submissions/${randomUUID()}/grade`, s.admin, { points: -1 }),
      await put(`/homework-submissions/${randomUUID()}/grade`, s.admin, { points: 1e12 }),
    ];
    expect(odd.filter((r) => r.status >= 500 || r.status < 200).map((r) => r.text)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
