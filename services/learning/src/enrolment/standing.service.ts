import { Injectable } from '@nestjs/common';
import type { CourseStanding, FreeTrialLesson } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, notFound } from '@olymp/server-kit';
import { DataSource, In, MoreThan } from 'typeorm';
import { Course, CourseGroup, Lesson, MEETING_OPEN_MINUTES } from '../floor/course.entities';
import { CourseTariff, Enrolment, EnrolmentPeriod, FreeTrial } from '../floor/enrolment.entities';
import { termsPending } from '../floor/course-pages.entities';
import { assertSelf, assertSelfOrStaff } from '../floor/access';
import { localized } from '../floor/localized';
import { almaty } from '../floor/time';
import { enrolmentStatus, iso, tariffView } from './views';

/** A pupil's standing in a course, their courses, and the one free trial lesson per course. */
@Injectable()
export class StandingService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
  ) {}

  /** The pupil themself, or staff who read courses (the admin's student page). */
  async standing(user: AuthUser, userId: string, courseId: string): Promise<CourseStanding> {
    assertSelfOrStaff(user, userId, 'sidebar:course_index');
    const course = await this.ds.getRepository(Course).findOneBy({ id: courseId });
    if (!course || (!course.published && user.sub === userId && !user.isAdmin)) throw notFound();
    const e = await this.ds.getRepository(Enrolment).findOneBy({ userId, courseId });
    const now = this.clock.nowMs();
    let enrolment: CourseStanding['enrolment'] = null;
    let groupLessons: Lesson[] = [];
    if (e) {
      const [tariff, group, pending, current] = await Promise.all([
        this.ds.getRepository(CourseTariff).findOneByOrFail({ id: e.tariffId }),
        e.groupId ? this.ds.getRepository(CourseGroup).findOneBy({ id: e.groupId }) : null,
        this.ds.getRepository(EnrolmentPeriod).findOneBy({ enrolmentId: e.id, status: 'pending' }),
        this.ds.getRepository(EnrolmentPeriod).findOne({ where: { enrolmentId: e.id, status: 'paid' }, order: { endsAt: 'DESC' } }),
      ]);
      enrolment = {
        id: e.id, status: enrolmentStatus(e, now), tariff: tariffView(tariff), group: group ? { id: group.id, name: group.name } : null,
        periodStart: iso(current?.startsAt ?? null), accessUntil: iso(e.accessUntil), renew: e.renew, pendingInvoiceId: pending?.invoiceId ?? null,
      };
      if (group) groupLessons = await this.ds.getRepository(Lesson).find({ where: { groupId: group.id } });
    }
    const ids = groupLessons.map((l) => l.id);
    const [attended, homework] = ids.length
      ? await Promise.all([
        this.ds.query(`SELECT COUNT(*)::int AS n FROM lesson_attendance WHERE user_id = $1 AND lesson_id = ANY($2) AND status IN ('present', 'late')`, [userId, ids]) as Promise<{ n: number }[]>,
        this.ds.query(`SELECT COUNT(h.id)::int AS set, COUNT(s.id)::int AS done FROM homeworks h LEFT JOIN homework_submissions s ON s.homework_id = h.id AND s.user_id = $1 WHERE h.lesson_id = ANY($2)`, [userId, ids]) as Promise<{ set: number; done: number }[]>,
      ])
      : [[{ n: 0 }], [{ set: 0, done: 0 }]];
    return {
      course: { id: course.id, kind: course.kind, title: localized(course, 'title') },
      enrolment,
      freeTrial: await this.trialOf(userId, courseId, await this.gated(userId, courseId)),
      progress: {
        lessonsHeld: groupLessons.filter((l) => l.startsAt.getTime() <= now).length,
        lessonsTotal: groupLessons.length,
        attended: attended[0].n,
        homeworkSet: homework[0].set,
        homeworkDone: homework[0].done,
      },
    };
  }

  /** The caller's enrolments, newest first. */
  async mine(user: AuthUser) {
    const rows = await this.ds.getRepository(Enrolment).find({ where: { userId: user.sub }, relations: { course: true }, order: { createdAt: 'DESC' } });
    const groups = await this.ds.getRepository(CourseGroup).findBy({ id: In(rows.map((r) => r.groupId).filter((g): g is string => !!g)) });
    const now = this.clock.nowMs();
    return {
      data: rows.map((e) => {
        const c = e.course as Course;
        const g = groups.find((x) => x.id === e.groupId);
        return {
          course: { id: c.id, kind: c.kind, title: localized(c, 'title'), imageUrl: c.imageUrl },
          status: enrolmentStatus(e, now), accessUntil: iso(e.accessUntil), group: g ? { id: g.id, name: g.name } : null,
        };
      }),
    };
  }

  async freeTrial(user: AuthUser, userId: string, courseId: string): Promise<FreeTrialLesson | null> {
    assertSelf(user, userId);
    if (!(await this.ds.getRepository(Course).existsBy({ id: courseId, published: true }))) throw notFound();
    const trial = await this.trialOf(userId, courseId);
    // The terms gate (docs/course-pages.md) holds for the trial lesson too: its link waits for the course's terms.
    if (trial && (await this.gated(userId, courseId))) throw new DomainError('TERMS_NOT_ACCEPTED');
    return trial;
  }

  /** Whether the pupil has the course's current terms still to accept (a course without terms has none). */
  private async gated(userId: string, courseId: string): Promise<boolean> {
    return (await termsPending(this.ds.manager, [courseId], userId)).size > 0;
  }

  /**
   * The one free lesson per pupil and course: the next live lesson of a published group of a live course. Given once
   * (the primary key (pupil, course) decides under concurrency); not to a pupil whose access runs.
   */
  async grantTrial(user: AuthUser, userId: string, courseId: string): Promise<FreeTrialLesson> {
    assertSelf(user, userId);
    const course = await this.ds.getRepository(Course).findOneBy({ id: courseId, published: true });
    if (!course) throw notFound();
    const now = this.clock.now();
    const e = await this.ds.getRepository(Enrolment).findOneBy({ userId, courseId });
    if (e && enrolmentStatus(e, now.getTime()) === 'active') {
      throw new DomainError('ALREADY_ENROLLED', { until: almaty(e.accessUntil as Date), days: 3 });
    }
    if (await this.ds.getRepository(FreeTrial).existsBy({ userId, courseId })) throw new DomainError('FREE_TRIAL_USED');
    const groups = course.kind === 'live' ? await this.ds.getRepository(CourseGroup).findBy({ courseId, published: true }) : [];
    const lesson = groups.length
      ? await this.ds.getRepository(Lesson).findOne({ where: { groupId: In(groups.map((g) => g.id)), kind: 'live', startsAt: MoreThan(now) }, order: { startsAt: 'ASC' } })
      : null;
    if (!lesson) throw new DomainError('FREE_TRIAL_NOT_OFFERED');
    const inserted = (await this.ds.query(
      'INSERT INTO course_free_trials (user_id, course_id, lesson_id, granted_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id',
      [userId, courseId, lesson.id, now],
    )) as unknown[];
    if (!inserted.length) throw new DomainError('FREE_TRIAL_USED');
    // Given, but its link waits for the course's terms like every lesson's (the pupil accepts them, then GET shows it).
    return (await this.trialOf(userId, courseId, await this.gated(userId, courseId))) as FreeTrialLesson;
  }

  /** The pupil's trial lesson; the group link only in its window, and never while the course's terms wait (`gated`). */
  private async trialOf(userId: string, courseId: string, gated = false): Promise<FreeTrialLesson | null> {
    const t = await this.ds.getRepository(FreeTrial).findOne({ where: { userId, courseId }, relations: { lesson: { group: true } } });
    if (!t) return null;
    const l = t.lesson as Lesson;
    const g = l.group as CourseGroup;
    const now = this.clock.nowMs();
    const start = l.startsAt.getTime();
    const open = now >= start - MEETING_OPEN_MINUTES * 60_000 && now < start + l.durationMinutes * 60_000;
    return {
      lessonId: l.id, title: localized(l, 'title'), groupName: g.name, startsAt: iso(l.startsAt), startsAtAlmaty: almaty(l.startsAt),
      durationMinutes: l.durationMinutes, meetingUrl: open && !gated ? g.meetingUrl : null, grantedAt: iso(t.grantedAt),
    };
  }
}
