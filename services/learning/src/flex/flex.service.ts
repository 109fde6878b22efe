import { Injectable } from '@nestjs/common';
import type { FlexBoardReply, FlexBoardRow, FlexChapterView, FlexCourse, FlexLessonItem, FlexLessonView, FlexProgressView } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, notFound } from '@olymp/server-kit';
import { DataSource, In } from 'typeorm';
import { holdsAny } from '../floor/access';
import { Course, CourseGroup, GroupMember } from '../floor/course.entities';
import { Enrolment } from '../floor/enrolment.entities';
import { FlexChapter, FlexLesson, FlexProgress, flexAccessOpen } from '../floor/flex.entities';
import { localized } from '../floor/localized';
import { Material } from '../floor/media.entities';
import { GroupAccess, publicName } from '../courses/group-access';
import { enrolmentStatus, iso } from '../enrolment/views';

/** Staff who read courses open every flex course's lessons (unpublished ones too) without an enrolment. */
const STAFF_KEY = 'sidebar:course_index' as const;
const BOARD_TOP = 100;

interface Outline { chapters: FlexChapter[]; lessons: FlexLesson[] }

/**
 * Flex (self-paced) courses for pupils (issue 15, "Flex courses"; docs/learning.md "Flex courses"). A pupil whose
 * enrolment in the course is active (enrolment's rule, `flexAccessOpen`) reads the chapters and lessons in order,
 * marks lessons done (a lesson with a test only after a finished attempt at it), and earns the lesson's points plus
 * the test's; the course page offers the first lesson not done yet. Anyone signed in reads the course-info; the
 * leaderboard (public names only) is for the course's pupils and staff.
 */
@Injectable()
export class FlexCourses {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly groups: GroupAccess,
  ) {}

  private isStaff(user: AuthUser) {
    return holdsAny(user, STAFF_KEY);
  }

  /** A flex course the caller may know of: published, or any for staff. 404 otherwise (and for a live course). */
  private async course(user: AuthUser, id: string): Promise<Course> {
    const course = await this.ds.getRepository(Course).findOneBy({ id, kind: 'flex' });
    if (!course || (!course.published && !this.isStaff(user))) throw notFound();
    return course;
  }

  private async hasAccess(user: AuthUser, courseId: string): Promise<boolean> {
    return this.isStaff(user) || flexAccessOpen(this.ds.manager, courseId, user.sub, this.clock.now());
  }

  /** 403 FLEX_NOT_ENROLLED for a pupil whose access does not run (never enrolled, unpaid or lapsed). */
  private async assertAccess(user: AuthUser, courseId: string): Promise<void> {
    if (!(await this.hasAccess(user, courseId))) throw new DomainError('FLEX_NOT_ENROLLED');
  }

  /** The course's chapters and lessons in order (published ones; all for staff). */
  private async outline(user: AuthUser, courseIds: string[]): Promise<Outline> {
    if (!courseIds.length) return { chapters: [], lessons: [] };
    const all = this.isStaff(user);
    const chapters = await this.ds.getRepository(FlexChapter).find({
      where: { courseId: In(courseIds), ...(all ? {} : { published: true }) }, order: { position: 'ASC', createdAt: 'ASC' },
    });
    const lessons = chapters.length
      ? await this.ds.getRepository(FlexLesson).find({
        where: { chapterId: In(chapters.map((c) => c.id)), ...(all ? {} : { published: true }) }, order: { position: 'ASC', createdAt: 'ASC' },
      })
      : [];
    const chapterIndex = new Map(chapters.map((c, i) => [c.id, i]));
    lessons.sort((a, b) => (chapterIndex.get(a.chapterId) as number) - (chapterIndex.get(b.chapterId) as number));
    return { chapters, lessons };
  }

  private async doneOf(userId: string, courseIds: string[]): Promise<Map<string, FlexProgress>> {
    if (!courseIds.length) return new Map();
    const rows = await this.ds.getRepository(FlexProgress).findBy({ userId, courseId: In(courseIds) });
    return new Map(rows.map((r) => [r.lessonId, r]));
  }

  private async videoOwners(lessonIds: string[]): Promise<Set<string>> {
    if (!lessonIds.length) return new Set();
    const rows = await this.ds.getRepository(Material).findBy({ ownerKind: 'flex-lesson', ownerId: In(lessonIds), kind: 'video' });
    return new Set(rows.filter((m) => m.filename).map((m) => m.ownerId));
  }

  private item(l: FlexLesson, done: Map<string, FlexProgress>, videos: Set<string>): FlexLessonItem {
    return { id: l.id, chapterId: l.chapterId, title: localized(l, 'title'), points: l.points, hasTest: !!l.quizId, hasVideo: videos.has(l.id), done: done.has(l.id) };
  }

  private progress(o: Outline, done: Map<string, FlexProgress>, access: boolean): FlexProgressView {
    const ids = new Set(o.lessons.map((l) => l.id));
    const mine = [...done.values()].filter((p) => ids.has(p.lessonId));
    const next = access ? o.lessons.find((l) => !done.has(l.id)) : undefined;
    return {
      lessonsDone: mine.length,
      lessonsTotal: o.lessons.length,
      points: mine.reduce((s, p) => s + p.points, 0),
      next: next ? { chapterId: next.chapterId, lessonId: next.id, title: localized(next, 'title') } : null,
    };
  }

  private chapterView(c: FlexChapter, o: Outline, done: Map<string, FlexProgress>, videos: Set<string>, access: boolean): FlexChapterView {
    const lessons = o.lessons.filter((l) => l.chapterId === c.id);
    return {
      id: c.id, title: localized(c, 'title'),
      lessonsDone: lessons.filter((l) => done.has(l.id)).length, lessonsTotal: lessons.length,
      lessons: access ? lessons.map((l) => this.item(l, done, videos)) : [],
    };
  }

  /** `GET flex-courses`: published flex courses (all for staff) with the caller's progress. */
  async list(user: AuthUser) {
    const courses = await this.ds.getRepository(Course).find({
      where: { kind: 'flex', ...(this.isStaff(user) ? {} : { published: true }) }, order: { position: 'ASC', createdAt: 'DESC' },
    });
    const ids = courses.map((c) => c.id);
    const [o, done, open] = await Promise.all([
      this.outline(user, ids),
      this.doneOf(user.sub, ids),
      ids.length
        ? this.ds.query('SELECT course_id FROM course_enrolments WHERE user_id = $1 AND course_id = ANY($2) AND access_until > $3', [user.sub, ids, this.clock.now()]) as Promise<{ course_id: string }[]>
        : [],
    ]);
    const openIds = new Set(open.map((r) => r.course_id));
    return {
      data: courses.map((c) => {
        const chapterIds = new Set(o.chapters.filter((ch) => ch.courseId === c.id).map((ch) => ch.id));
        const lessons = o.lessons.filter((l) => chapterIds.has(l.chapterId));
        const mine = lessons.map((l) => done.get(l.id)).filter((p): p is FlexProgress => !!p);
        return {
          id: c.id, title: localized(c, 'title'), imageUrl: c.imageUrl, access: this.isStaff(user) || openIds.has(c.id),
          lessonsDone: mine.length, lessonsTotal: lessons.length, points: mine.reduce((s, p) => s + p.points, 0),
        };
      }),
    };
  }

  /** `GET flex-courses/{course}`: course-info for anyone signed in; the lessons only while the caller's access runs. */
  async show(user: AuthUser, id: string): Promise<FlexCourse> {
    const course = await this.course(user, id);
    const [access, o, done, enrolment, teachers] = await Promise.all([
      this.hasAccess(user, id),
      this.outline(user, [id]),
      this.doneOf(user.sub, [id]),
      this.ds.getRepository(Enrolment).findOneBy({ userId: user.sub, courseId: id }),
      this.teachersOf(id),
    ]);
    const videos = access ? await this.videoOwners(o.lessons.map((l) => l.id)) : new Set<string>();
    return {
      id: course.id, title: localized(course, 'title'), description: localized(course, 'description'), imageUrl: course.imageUrl,
      access,
      enrolment: enrolment ? { status: enrolmentStatus(enrolment, this.clock.nowMs()), accessUntil: iso(enrolment.accessUntil) } : null,
      teachers,
      chapters: o.chapters.map((c) => this.chapterView(c, o, done, videos, access)),
      progress: this.progress(o, done, access),
    };
  }

  /** `GET flex-courses/{course}/chapters/{chapter}`: 403 without access, 404 for a chapter not in the course. */
  async chapter(user: AuthUser, courseId: string, chapterId: string) {
    await this.course(user, courseId);
    await this.assertAccess(user, courseId);
    const o = await this.outline(user, [courseId]);
    const c = o.chapters.find((x) => x.id === chapterId);
    if (!c) throw notFound();
    const [done, videos] = await Promise.all([this.doneOf(user.sub, [courseId]), this.videoOwners(o.lessons.map((l) => l.id))]);
    return { ...this.chapterView(c, o, done, videos, true), courseId };
  }

  /** `GET flex-courses/{course}/lessons/{lesson}`: the lesson to study (403 without access, 404 elsewhere). */
  async lesson(user: AuthUser, courseId: string, lessonId: string): Promise<FlexLessonView> {
    await this.course(user, courseId);
    await this.assertAccess(user, courseId);
    const o = await this.outline(user, [courseId]);
    const i = o.lessons.findIndex((l) => l.id === lessonId);
    if (i < 0) throw notFound();
    const l = o.lessons[i];
    const chapter = o.chapters.find((c) => c.id === l.chapterId) as FlexChapter;
    const [done, videos, testPoints] = await Promise.all([
      this.doneOf(user.sub, [courseId]),
      this.ds.getRepository(Material).find({ where: { ownerKind: 'flex-lesson', ownerId: l.id, kind: 'video' }, order: { position: 'ASC', createdAt: 'ASC' } }),
      this.testPoints(user.sub, l),
    ]);
    const playable = videos.filter((m) => m.filename);
    return {
      ...this.item(l, done, new Set(playable.length ? [l.id] : [])),
      courseId, chapterTitle: localized(chapter, 'title'), body: localized(l, 'body'),
      videos: playable.map((m) => ({ id: m.id, title: localized(m, 'title'), durationSeconds: m.durationSeconds })),
      quizId: l.quizId, testPoints, pointsEarned: done.get(l.id)?.points ?? null,
      previousLessonId: o.lessons[i - 1]?.id ?? null, nextLessonId: o.lessons[i + 1]?.id ?? null,
    };
  }

  /** The pupil's best finished attempt at the lesson's test (attempts in the `flex` context of this lesson). */
  private async testPoints(userId: string, l: FlexLesson): Promise<number | null> {
    if (!l.quizId) return null;
    const [row] = (await this.ds.query(
      `SELECT MAX(points)::int AS best FROM attempts
        WHERE user_id = $1 AND quiz_id = $2 AND context_kind = 'flex' AND flex_lesson_id = $3 AND status = 'finished'`,
      [userId, l.quizId, l.id],
    )) as { best: number | null }[];
    return row.best;
  }

  /**
   * `POST flex-courses/{course}/lessons/{lesson}/complete`: a pupil with running access marks a lesson done, once (the
   * primary key (pupil, lesson) decides under concurrency; a repeat answers the first result). A lesson with a test
   * needs a finished attempt at it first; the lesson's points plus the best test points are kept.
   */
  async complete(user: AuthUser, courseId: string, lessonId: string) {
    await this.course(user, courseId);
    if (!(await flexAccessOpen(this.ds.manager, courseId, user.sub, this.clock.now()))) throw new DomainError('FLEX_NOT_ENROLLED');
    const o = await this.outline(user, [courseId]);
    const l = o.lessons.find((x) => x.id === lessonId);
    if (!l) throw notFound();
    const test = await this.testPoints(user.sub, l);
    if (l.quizId && test === null) throw new DomainError('FLEX_TEST_UNFINISHED');
    await this.ds.query(
      'INSERT INTO flex_progress (user_id, lesson_id, course_id, points, completed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [user.sub, l.id, courseId, l.points + (test ?? 0), this.clock.now()],
    );
    const done = await this.doneOf(user.sub, [courseId]);
    return { lessonId: l.id, pointsEarned: (done.get(l.id) as FlexProgress).points, progress: this.progress(o, done, true) };
  }

  /**
   * `GET flex-courses/{course}/leaderboard`: the course's pupils by points earned in it (ties: who got there first),
   * the top 100 and the caller's own row. Pupils are minors: "Aigerim S.", never ids or phones.
   */
  async leaderboard(user: AuthUser, courseId: string): Promise<FlexBoardReply> {
    await this.course(user, courseId);
    await this.assertAccess(user, courseId);
    const rows = (await this.ds.query(
      `SELECT * FROM (
         SELECT user_id, SUM(points)::int AS points, COUNT(*)::int AS done,
                ROW_NUMBER() OVER (ORDER BY SUM(points) DESC, MAX(completed_at) ASC, user_id)::int AS rank
           FROM flex_progress WHERE course_id = $1 GROUP BY user_id) r
        WHERE r.rank <= $2 OR r.user_id = $3 ORDER BY r.rank`,
      [courseId, BOARD_TOP, user.sub],
    )) as { user_id: string; points: number; done: number; rank: number }[];
    const people = await this.groups.people(rows.map((r) => r.user_id));
    const view = (r: (typeof rows)[number]): FlexBoardRow => ({
      rank: r.rank, name: publicName(people.get(r.user_id)), points: r.points, lessonsDone: r.done, me: r.user_id === user.sub,
    });
    const mine = rows.find((r) => r.user_id === user.sub);
    return { data: rows.filter((r) => r.rank <= BOARD_TOP).map(view), me: mine ? view(mine) : null };
  }

  /** Teachers of the course's published groups, in public form ("Aigerim S."). */
  private async teachersOf(courseId: string): Promise<string[]> {
    const rows = await this.ds.getRepository(GroupMember).createQueryBuilder('m').innerJoin(CourseGroup, 'g', 'g.id = m.group_id')
      .select('m.user_id', 'userId').where("g.course_id = :courseId AND g.published AND m.role = 'teacher'", { courseId })
      .getRawMany<{ userId: string }>();
    const people = await this.groups.people(rows.map((r) => r.userId));
    return [...new Set(rows.map((r) => publicName(people.get(r.userId))).filter(Boolean))];
  }
}
