import { Injectable } from '@nestjs/common';
import { type GroupMember as GroupMemberView, type GroupMemberRole, ROLE, type TimetableLesson } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, notFound } from '@olymp/server-kit';
import { DateTime } from 'luxon';
import { Between, DataSource, In } from 'typeorm';
import { Course, CourseGroup, GroupMember, Lesson, MEETING_OPEN_MINUTES, RECORDING_DAYS } from '../floor/course.entities';
import { termsPending } from '../floor/course-pages.entities';
import { ZONE, almaty } from '../floor/time';
import { GroupAccess, publicName } from './group-access';
import { GroupMembership } from './group-membership';

const DAY_MS = 24 * 3600_000;

/** Group membership (teachers and pupils, the capacity) and timetables. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: GroupAccess,
    private readonly clock: Clock,
    private readonly membership: GroupMembership,
  ) {}

  async members(user: AuthUser, groupId: string) {
    const group = await this.access.group(groupId);
    await this.access.assertSeesPupils(user, groupId);
    const rows = await this.ds.getRepository(GroupMember).find({ where: { groupId }, order: { role: 'DESC', addedAt: 'ASC' } });
    const people = await this.namesOf(rows.map((r) => r.userId));
    return {
      data: rows.map((r) => this.view(r, people)),
      pupils: rows.filter((r) => r.role === 'pupil').length,
      capacity: group.capacity,
    };
  }

  private async namesOf(ids: string[]) {
    return ids.length ? this.access.people(ids) : new Map();
  }

  private view(r: GroupMember, people: Map<string, { firstName: string; lastName: string }>): GroupMemberView {
    const p = people.get(r.userId);
    return { userId: r.userId, role: r.role, firstName: p?.firstName ?? '', lastName: p?.lastName ?? '', addedAt: r.addedAt.toISOString() };
  }

  /**
   * Staff put a pupil (within the capacity; the group row is locked so two adds cannot overfill it) or a teacher.
   * The group's chat learns it from `learning.membership.changed`, written in the same transaction.
   */
  async add(groupId: string, userId: string, role: GroupMemberRole) {
    const people = await this.access.people([userId]);
    const person = people.get(userId);
    if (!person) throw new DomainError('RELATED_NOT_FOUND', { field: 'userId', value: userId });
    if (role === 'pupil' && person.roleId !== ROLE.student) throw new DomainError('NOT_A_PUPIL');
    if (role === 'teacher' && person.roleId === ROLE.student) throw new DomainError('NOT_STAFF');
    const row = await this.ds.transaction(async (m) => {
      const group = await m.getRepository(CourseGroup).findOne({ where: { id: groupId }, lock: { mode: 'pessimistic_write' } });
      if (!group) throw notFound();
      if (await m.existsBy(GroupMember, { groupId, userId })) throw new DomainError('ALREADY_IN_GROUP');
      if (role === 'pupil' && group.capacity !== null && (await m.countBy(GroupMember, { groupId, role: 'pupil' })) >= group.capacity) {
        throw new DomainError('GROUP_FULL');
      }
      const saved = await m.save(m.create(GroupMember, { groupId, userId, role, addedAt: this.clock.now() }));
      await this.membership.announce(m, groupId, [{ userId, role }], true, new Map([[userId, publicName(person)]]));
      return saved;
    });
    return { data: this.view(row, people) };
  }

  /** Takes someone off the group; the chat hears "left" in the same transaction. */
  async remove(groupId: string, userId: string) {
    await this.access.group(groupId);
    const names = await this.membership.names([userId]);
    await this.ds.transaction(async (m) => {
      const row = await m.findOne(GroupMember, { where: { groupId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw notFound();
      await m.delete(GroupMember, { groupId, userId });
      await this.membership.announce(m, groupId, [{ userId, role: row.role }], false, names);
    });
  }

  /** The groups the caller is in, with their course and teachers' public names. */
  async myGroups(user: AuthUser) {
    const mine = await this.ds.getRepository(GroupMember).find({ where: { userId: user.sub }, relations: { group: { course: true } }, order: { addedAt: 'ASC' } });
    if (!mine.length) return { data: [] };
    const teachers = await this.ds.getRepository(GroupMember).find({ where: { groupId: In(mine.map((m) => m.groupId)), role: 'teacher' } });
    const people = await this.namesOf(teachers.map((t) => t.userId));
    return {
      data: mine.map((m) => {
        const g = m.group as CourseGroup;
        const c = g.course as Course;
        return {
          id: g.id, name: g.name, role: m.role,
          course: { id: c.id, kind: c.kind, title: { kk: c.titleKk, ru: c.titleRu, en: c.titleEn } },
          teachers: teachers.filter((t) => t.groupId === g.id).map((t) => publicName(people.get(t.userId))),
        };
      }),
    };
  }

  /**
   * The groups the caller teaches (whatever their role's keys: membership decides), with the pupils counted, the
   * capacity, the group link and the next lesson not yet over (cancelled ones skipped). The admin's "My groups".
   */
  async myTeachingGroups(user: AuthUser) {
    const rows = (await this.ds.query(
      `SELECT g.id, g.name, g.capacity, g.meeting_url AS "meetingUrl", c.id AS "courseId", c.kind,
              c.title_kk AS kk, c.title_ru AS ru, c.title_en AS en,
              (SELECT count(*)::int FROM course_group_members p WHERE p.group_id = g.id AND p.role = 'pupil') AS pupils,
              n.id AS "lessonId", n.title_kk AS "lessonKk", n.title_ru AS "lessonRu", n.title_en AS "lessonEn", n.starts_at AS "startsAt"
         FROM course_group_members m
         JOIN course_groups g ON g.id = m.group_id
         JOIN courses c ON c.id = g.course_id
         LEFT JOIN LATERAL (
           SELECT l.id, l.title_kk, l.title_ru, l.title_en, l.starts_at FROM lessons l
            WHERE l.group_id = g.id AND l.starts_at + make_interval(mins => l.duration_minutes) > $2
              AND NOT EXISTS (SELECT 1 FROM lesson_cancellations x WHERE x.lesson_id = l.id)
            ORDER BY l.starts_at ASC, l.id ASC LIMIT 1
         ) n ON true
        WHERE m.user_id = $1 AND m.role = 'teacher'
        ORDER BY c.title_ru ASC, g.name ASC, g.id ASC`,
      [user.sub, this.clock.now()],
    )) as {
      id: string; name: string; capacity: number | null; meetingUrl: string | null; courseId: string; kind: string; kk: string; ru: string; en: string;
      pupils: number; lessonId: string | null; lessonKk: string; lessonRu: string; lessonEn: string; startsAt: Date | null;
    }[];
    return {
      data: rows.map((r) => ({
        id: r.id, name: r.name, capacity: r.capacity, meetingUrl: r.meetingUrl, pupils: r.pupils,
        course: { id: r.courseId, kind: r.kind, title: { kk: r.kk, ru: r.ru, en: r.en } },
        nextLesson: r.lessonId && r.startsAt
          ? { id: r.lessonId, title: { kk: r.lessonKk, ru: r.lessonRu, en: r.lessonEn }, startsAt: r.startsAt.toISOString(), startsAtAlmaty: almaty(r.startsAt) }
          : null,
      })),
    };
  }

  /** A group's lessons in an Almaty date range (default: the current Almaty week). */
  async groupTimetable(user: AuthUser, groupId: string, q: { from?: string; to?: string }) {
    const group = await this.access.group(groupId);
    const viewer = await this.access.viewer(user, groupId);
    // The terms gate: a pupil sees the lessons (their links and recordings) once they accept the course's terms.
    if (viewer.kind === 'pupil' && (await termsPending(this.ds.manager, [group.courseId], user.sub)).size) throw new DomainError('TERMS_NOT_ACCEPTED');
    const week = this.week(q.from);
    const from = q.from ? DateTime.fromISO(q.from, { zone: ZONE }) : week.from;
    let to = q.to ? DateTime.fromISO(q.to, { zone: ZONE }) : q.from ? from.plus({ days: 6 }) : week.to;
    if (to < from) to = from;
    if (to.diff(from, 'days').days > 62) to = from.plus({ days: 62 });
    const lessons = await this.lessons([groupId], from, to);
    return { data: lessons.map((l) => this.lessonView(l)), from: from.toISODate() as string, to: to.toISODate() as string };
  }

  /** The caller's groups' lessons in the Almaty week (Monday to Sunday) holding `week` (default today). */
  async myTimetable(user: AuthUser, q: { week?: string }) {
    const { from, to } = this.week(q.week);
    const mine = await this.ds.getRepository(GroupMember).find({ where: { userId: user.sub }, relations: { group: true } });
    const groupIds = mine.map((m) => m.groupId);
    const lessons = groupIds.length ? await this.lessons(groupIds, from, to) : [];
    // The terms gate: lessons of a course whose terms the pupil has not accepted are listed without links.
    const pupilOf = mine.filter((m) => m.role === 'pupil').map((m) => (m.group as CourseGroup).courseId);
    const gated = await termsPending(this.ds.manager, pupilOf, user.sub);
    return { data: lessons.map((l) => this.lessonView(l, gated.has((l.group as CourseGroup).courseId))), from: from.toISODate() as string, to: to.toISODate() as string };
  }

  private week(day?: string) {
    const base = day ? DateTime.fromISO(day, { zone: ZONE }) : DateTime.fromJSDate(this.clock.now(), { zone: ZONE });
    const from = base.startOf('week');
    return { from, to: from.plus({ days: 6 }) };
  }

  private lessons(groupIds: string[], from: DateTime, to: DateTime) {
    return this.ds.getRepository(Lesson).find({
      where: { groupId: In(groupIds), startsAt: Between(from.startOf('day').toJSDate(), to.endOf('day').toJSDate()) },
      relations: { group: { course: true } },
      order: { startsAt: 'ASC' },
    });
  }

  /**
   * A lesson as a timetable shows it. Every caller here is a member or staff (checked before); the group link shows
   * from MEETING_OPEN_MINUTES before the start until the end, the recording for RECORDING_DAYS after the start; neither
   * while the pupil has the course's terms to accept (`gated`).
   */
  private lessonView(l: Lesson, gated = false): TimetableLesson {
    const g = l.group as CourseGroup;
    const c = g.course as Course;
    const now = this.clock.nowMs();
    const start = l.startsAt.getTime();
    const end = start + l.durationMinutes * 60_000;
    const meetingOpen = l.kind === 'live' && now >= start - MEETING_OPEN_MINUTES * 60_000 && now < end;
    const recordingOpen = now >= start && now < start + RECORDING_DAYS * DAY_MS;
    return {
      id: l.id, groupId: g.id, groupName: g.name,
      course: { id: c.id, title: { kk: c.titleKk, ru: c.titleRu, en: c.titleEn } },
      title: { kk: l.titleKk, ru: l.titleRu, en: l.titleEn },
      kind: l.kind,
      startsAt: l.startsAt.toISOString(),
      endsAt: new Date(end).toISOString(),
      startsAtAlmaty: almaty(l.startsAt),
      meetingUrl: meetingOpen && !gated ? g.meetingUrl : null,
      recordingUrl: recordingOpen && !gated ? l.recordingUrl : null,
    };
  }
}
