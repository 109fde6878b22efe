import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AttendanceStatus, HomeworkView, SubmissionView } from '@olymp/proto';
import {
  type AuthUser, ChunkedUploadService, Clock, DomainError, EventOutbox, type StoredObject, UPLOAD_STORAGE, UploadRecord, type UploadStorage,
  type UploadFileLimit, type UploadPostResult, notFound, storageKey,
} from '@olymp/server-kit';
import { DataSource, In } from 'typeorm';
import { CourseGroup, GroupMember, Homework, HomeworkSubmission, Lesson, LessonAttendance } from '../floor/course.entities';
import { GroupAccess } from './group-access';

/**
 * The largest file a pupil hands in (the student site checks the same before sending): a photo or a scan of written
 * work, a PDF, a Word document is well under it; a video is not homework.
 */
export const HOMEWORK_FILE_MAX_MB = 25;
const HOMEWORK_FILE_LIMIT: UploadFileLimit = {
  maxBytes: HOMEWORK_FILE_MAX_MB * 1024 * 1024,
  error: () => new DomainError('HOMEWORK_FILE_TOO_LARGE', { limitMb: HOMEWORK_FILE_MAX_MB }),
};

/** Attendance (a teacher's marks per lesson and pupil) and homework (set, handed in, graded). */
@Injectable()
export class ClassworkService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: GroupAccess,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
    private readonly uploads: ChunkedUploadService,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  private async pupilsOf(groupId: string) {
    return (await this.ds.getRepository(GroupMember).find({ where: { groupId, role: 'pupil' }, order: { addedAt: 'ASC' } })).map((m) => m.userId);
  }

  async lessonAttendance(user: AuthUser, lessonId: string) {
    const lesson = await this.access.lesson(lessonId);
    await this.access.assertSeesPupils(user, lesson.groupId);
    const pupils = await this.pupilsOf(lesson.groupId);
    const marks = new Map((await this.ds.getRepository(LessonAttendance).findBy({ lessonId })).map((a) => [a.userId, a]));
    const people = pupils.length ? await this.access.people(pupils) : new Map();
    return {
      data: pupils.map((id) => ({
        userId: id, firstName: people.get(id)?.firstName ?? '', lastName: people.get(id)?.lastName ?? '',
        status: marks.get(id)?.status ?? null, markedAt: marks.get(id)?.markedAt.toISOString() ?? null,
      })),
    };
  }

  /** A teacher of the group (or staff) marks pupils of the group; every mark must name a pupil of the group. */
  async mark(user: AuthUser, lessonId: string, marks: { userId: string; status: AttendanceStatus }[]) {
    const lesson = await this.access.lesson(lessonId);
    await this.access.assertTeaches(user, lesson.groupId);
    const pupils = new Set(await this.pupilsOf(lesson.groupId));
    const stranger = marks.find((m) => !pupils.has(m.userId));
    if (stranger) throw new DomainError('PUPIL_NOT_IN_GROUP', { userId: stranger.userId });
    const now = this.clock.now();
    const last = new Map(marks.map((m) => [m.userId, m.status]));
    await this.ds.getRepository(LessonAttendance).upsert(
      [...last].map(([userId, status]) => ({ lessonId, userId, status, markedBy: user.sub, markedAt: now })),
      ['lessonId', 'userId'],
    );
    return this.lessonAttendance(user, lessonId);
  }

  /**
   * `present-all`: every pupil of the lesson's group not marked yet is marked present in one statement (marks already
   * given, a late or an excused one, stay); the teacher then changes the few who were not.
   */
  async presentAll(user: AuthUser, lessonId: string) {
    const lesson = await this.access.lesson(lessonId);
    await this.access.assertTeaches(user, lesson.groupId);
    const pupils = await this.pupilsOf(lesson.groupId);
    const now = this.clock.now();
    if (pupils.length) {
      await this.ds.createQueryBuilder().insert().into(LessonAttendance)
        .values(pupils.map((userId) => ({ lessonId, userId, status: 'present' as const, markedBy: user.sub, markedAt: now })))
        .orIgnore().execute();
    }
    return this.lessonAttendance(user, lessonId);
  }

  async myAttendance(user: AuthUser) {
    const rows = await this.ds.getRepository(LessonAttendance).find({ where: { userId: user.sub }, relations: { lesson: true } });
    rows.sort((a, b) => (b.lesson as Lesson).startsAt.getTime() - (a.lesson as Lesson).startsAt.getTime());
    return {
      data: rows.map((a) => {
        const l = a.lesson as Lesson;
        return { lessonId: l.id, groupId: l.groupId, title: { kk: l.titleKk, ru: l.titleRu, en: l.titleEn }, startsAt: l.startsAt.toISOString(), status: a.status };
      }),
    };
  }

  async counts(user: AuthUser, groupId: string) {
    await this.access.group(groupId);
    await this.access.assertSeesPupils(user, groupId);
    const pupils = await this.pupilsOf(groupId);
    const rows = await this.ds.query(
      `SELECT a.user_id AS "userId", a.status, count(*)::int AS n FROM lesson_attendance a JOIN lessons l ON l.id = a.lesson_id
        WHERE l.group_id = $1 GROUP BY a.user_id, a.status`, [groupId],
    ) as { userId: string; status: AttendanceStatus; n: number }[];
    const [{ lessons }] = await this.ds.query(
      'SELECT count(DISTINCT a.lesson_id)::int AS lessons FROM lesson_attendance a JOIN lessons l ON l.id = a.lesson_id WHERE l.group_id = $1', [groupId],
    ) as { lessons: number }[];
    const people = pupils.length ? await this.access.people(pupils) : new Map();
    const n = (id: string, status: AttendanceStatus) => rows.find((r) => r.userId === id && r.status === status)?.n ?? 0;
    return {
      data: pupils.map((id) => ({ userId: id, firstName: people.get(id)?.firstName ?? '', lastName: people.get(id)?.lastName ?? '', present: n(id, 'present'), late: n(id, 'late'), absent: n(id, 'absent'), excused: n(id, 'excused') })),
      lessons,
    };
  }

  async setHomework(user: AuthUser, lessonId: string, body: { title: string; text: string; dueAt: Date; maxPoints: number }) {
    const lesson = await this.access.lesson(lessonId);
    await this.access.assertTeaches(user, lesson.groupId);
    const hw = await this.ds.getRepository(Homework).save({ id: randomUUID(), lessonId, ...body, createdBy: user.sub, createdAt: this.clock.now() });
    return { data: this.homeworkView(hw, lesson.groupId, null, 0) };
  }

  /** Stored hand-in files by their generated names (rows of the kit's `upload` table, kind `file`). */
  private async filesOf(uploadNames: (string | null)[]): Promise<Map<string, UploadRecord>> {
    const names = [...new Set(uploadNames.filter((n): n is string => !!n))];
    if (!names.length) return new Map();
    const rows = await this.ds.getRepository(UploadRecord).findBy({ filename: In(names), kind: 'file', status: 'stored' });
    return new Map(rows.map((r) => [r.filename as string, r]));
  }

  private submissionView(s: HomeworkSubmission, dueAt: Date, files: Map<string, UploadRecord>): SubmissionView {
    const file = s.uploadName ? files.get(s.uploadName) : undefined;
    return {
      id: s.id, homeworkId: s.homeworkId, userId: s.userId, text: s.text, uploadName: s.uploadName, fileName: file?.originalName ?? null,
      submittedAt: s.submittedAt.toISOString(), late: s.submittedAt > dueAt, points: s.points, comment: s.comment,
      gradedAt: s.gradedAt?.toISOString() ?? null,
    };
  }

  private homeworkView(h: Homework, groupId: string, mine: HomeworkSubmission | null, submissions: number | null, files: Map<string, UploadRecord> = new Map()): HomeworkView {
    return {
      id: h.id, lessonId: h.lessonId, groupId, title: h.title, text: h.text, dueAt: h.dueAt.toISOString(), maxPoints: h.maxPoints,
      createdAt: h.createdAt.toISOString(), mine: mine ? this.submissionView(mine, h.dueAt, files) : null, submissions,
    };
  }

  /** A group's homework: teachers and staff see hand-in counts; a pupil sees their own hand-in only. */
  async groupHomework(user: AuthUser, groupId: string) {
    await this.access.group(groupId);
    const viewer = await this.access.viewer(user, groupId);
    const list = await this.ds.getRepository(Homework).createQueryBuilder('h').innerJoin(Lesson, 'l', 'l.id = h.lesson_id')
      .where('l.group_id = :groupId', { groupId }).orderBy('h.due_at', 'DESC').getMany();
    return { data: await this.withSubmissions(list.map((h) => ({ h, groupId })), viewer.kind === 'pupil' ? user.sub : null) };
  }

  private async withSubmissions(list: { h: Homework; groupId: string }[], pupilId: string | null) {
    if (!list.length) return [];
    const subs = await this.ds.getRepository(HomeworkSubmission).findBy({ homeworkId: In(list.map((x) => x.h.id)), ...(pupilId ? { userId: pupilId } : {}) });
    const files = pupilId ? await this.filesOf(subs.map((s) => s.uploadName)) : new Map<string, UploadRecord>();
    return list.map(({ h, groupId }) => {
      const of = subs.filter((s) => s.homeworkId === h.id);
      return pupilId ? this.homeworkView(h, groupId, of[0] ?? null, null, files) : this.homeworkView(h, groupId, null, of.length);
    });
  }

  /** Homework of every group the caller is a pupil of, with their own hand-ins. */
  async myHomework(user: AuthUser) {
    const list = await this.ds.getRepository(Homework).createQueryBuilder('h').innerJoin(Lesson, 'l', 'l.id = h.lesson_id')
      .innerJoin(GroupMember, 'm', 'm.group_id = l.group_id AND m.user_id = :me AND m.role = :pupil', { me: user.sub, pupil: 'pupil' })
      .addSelect('l.group_id', 'group_id').orderBy('h.due_at', 'DESC').getRawAndEntities();
    return { data: await this.withSubmissions(list.entities.map((h, i) => ({ h, groupId: (list.raw[i] as { group_id: string }).group_id })), user.sub) };
  }

  private async homework(id: string) {
    const h = await this.ds.getRepository(Homework).findOne({ where: { id }, relations: { lesson: true } });
    if (!h) throw notFound();
    return { h, groupId: (h.lesson as Lesson).groupId };
  }

  /** Only a pupil of the group hands in, and only until their hand-in is graded. */
  private async assertMayHandIn(user: AuthUser, homeworkId: string) {
    const found = await this.homework(homeworkId);
    if ((await this.access.roleIn(found.groupId, user.sub)) !== 'pupil') throw new DomainError('NOT_GROUP_MEMBER');
    const existing = await this.ds.getRepository(HomeworkSubmission).findOneBy({ homeworkId, userId: user.sub });
    if (existing?.gradedAt) throw new DomainError('SUBMISSION_GRADED');
    return { ...found, existing };
  }

  /**
   * A pupil of the group hands in (again, until graded); after the due time it is marked late. A file is one of the
   * pupil's own stored chunked uploads (sent through `POST homework/{homework}/upload`), named by its stored name;
   * anyone else's, or one not finished, is refused (`HOMEWORK_UPLOAD_NOT_YOURS`) and nothing is stored.
   */
  async submit(user: AuthUser, homeworkId: string, body: { text: string; uploadName: string | null }) {
    if (!body.text && !body.uploadName) throw new DomainError('HOMEWORK_EMPTY');
    const { h, existing } = await this.assertMayHandIn(user, homeworkId);
    const files = await this.filesOf([body.uploadName]);
    if (body.uploadName && files.get(body.uploadName)?.ownerId !== user.sub) throw new DomainError('HOMEWORK_UPLOAD_NOT_YOURS');
    const repo = this.ds.getRepository(HomeworkSubmission);
    await repo.upsert({ id: existing?.id ?? randomUUID(), homeworkId, userId: user.sub, ...body, submittedAt: this.clock.now() }, ['homeworkId', 'userId']);
    return { data: this.submissionView(await repo.findOneByOrFail({ homeworkId, userId: user.sub }), h.dueAt, files) };
  }

  /**
   * `POST homework/{homework}/upload`: at most HOMEWORK_FILE_MAX_MB (refused from the declared size before anything is
   * stored, and for any chunk of a larger upload); the kit's chunked upload protocol (uploads.module.ts) for a pupil who may hand
   * in this homework (pupils hold no `upload:*` key; the kit's own route is staff's). The stored file is the pupil's
   * like any upload, read back through `submissionFile` once handed in.
   */
  async upload(user: AuthUser, homeworkId: string, req: FastifyRequest): Promise<UploadPostResult> {
    await this.assertMayHandIn(user, homeworkId);
    return this.uploads.post(user, req, HOMEWORK_FILE_LIMIT);
  }

  async submissions(user: AuthUser, homeworkId: string) {
    const { h, groupId } = await this.homework(homeworkId);
    await this.access.assertSeesPupils(user, groupId);
    const subs = await this.ds.getRepository(HomeworkSubmission).find({ where: { homeworkId }, order: { submittedAt: 'ASC' } });
    const people = subs.length ? await this.access.people(subs.map((s) => s.userId)) : new Map();
    const files = await this.filesOf(subs.map((s) => s.uploadName));
    return { data: subs.map((s) => ({ ...this.submissionView(s, h.dueAt, files), firstName: people.get(s.userId)?.firstName ?? '', lastName: people.get(s.userId)?.lastName ?? '' })) };
  }

  /**
   * `GET homework/{homework}/submissions/{submission}/file`: the handed-in file for the pupil who handed it in, a
   * teacher of the group or staff with `group:update` (who grade it); anyone else 403, another pupil of the group
   * included. 404 for an unknown homework or hand-in, or a hand-in without a (stored) file. The name to save it
   * under is the pupil's, with the stored type's extension (pictures are stored re-encoded as WebP).
   */
  async submissionFile(user: AuthUser, homeworkId: string, submissionId: string): Promise<StoredObject & { mime: string; name: string }> {
    const { groupId } = await this.homework(homeworkId);
    const s = await this.ds.getRepository(HomeworkSubmission).findOneBy({ id: submissionId, homeworkId });
    if (!s) throw notFound();
    if (s.userId !== user.sub) await this.access.assertTeaches(user, groupId);
    const row = s.uploadName ? (await this.filesOf([s.uploadName])).get(s.uploadName) : undefined;
    if (!row?.filename || !row.mime) throw notFound();
    const found = await this.storage.get(storageKey('file', row.filename));
    if (!found) throw notFound();
    const ext = row.filename.slice(row.filename.lastIndexOf('.'));
    const base = row.originalName.replace(/\.[^.]{1,8}$/, '') || 'homework';
    return { ...found, mime: row.mime, name: `${base}${ext}` };
  }

  async grade(user: AuthUser, submissionId: string, body: { points: number; comment: string | null }) {
    const repo = this.ds.getRepository(HomeworkSubmission);
    const s = await repo.findOneBy({ id: submissionId });
    if (!s) throw notFound();
    const { h, groupId } = await this.homework(s.homeworkId);
    await this.access.assertTeaches(user, groupId);
    if (body.points > h.maxPoints) throw new DomainError('POINTS_TOO_HIGH', { max: h.maxPoints });
    Object.assign(s, { points: body.points, comment: body.comment, gradedAt: this.clock.now(), gradedBy: user.sub });
    // The pupil is told (notifications' notice) by an event written with the grade.
    const saved = await this.ds.transaction(async (m) => {
      const row = await m.save(s);
      const group = await m.findOne(CourseGroup, { where: { id: groupId }, relations: { course: true } });
      const c = group?.course;
      if (c) {
        const fallback = c.titleKk || c.titleRu || c.titleEn;
        await this.outbox.add(m, 'homework.graded', {
          submissionId: row.id, homeworkId: h.id, groupId, courseId: c.id, pupilId: row.userId,
          course: { kk: c.titleKk || fallback, ru: c.titleRu || fallback, en: c.titleEn || fallback },
          title: h.title, points: body.points, maxPoints: h.maxPoints, gradedAt: (row.gradedAt as Date).toISOString(),
        });
      }
      return row;
    });
    return { data: this.submissionView(saved, h.dueAt, await this.filesOf([saved.uploadName])) };
  }
}
