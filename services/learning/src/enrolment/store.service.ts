import { Injectable } from '@nestjs/common';
import type { StoreCard, StoreCourse, StoreTab } from '@olymp/proto';
import { Clock, RpcClient, notFound } from '@olymp/server-kit';
import { DataSource, In, MoreThan } from 'typeorm';
import { Course, CourseGroup, CourseModule, GroupMember, Lesson } from '../floor/course.entities';
import { CourseTariff } from '../floor/enrolment.entities';
import { Training } from '../floor/training.entities';
import { localized } from '../floor/localized';
import { almaty } from '../floor/time';
import { publicName } from '../courses/group-access';
import { tariffView } from './views';

/**
 * The store (public): published courses of a kind with a published tariff, or the published paid trainings; a
 * course's details with its teachers ("Aigerim S."), programme, tariffs, coming lessons and seats left.
 */
@Injectable()
export class StoreService {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly rpc: RpcClient,
  ) {}

  async list(tab: StoreTab): Promise<{ data: StoreCard[]; tab: StoreTab }> {
    if (tab === 'training') {
      const rows = await this.ds.getRepository(Training).find({ where: { published: true }, order: { position: 'ASC', createdAt: 'DESC' } });
      return {
        tab,
        data: rows.filter((t) => t.priceTenge > 0 || t.priceZp > 0).map((t) => ({
          id: t.id, kind: 'training', title: localized(t, 'title'), description: localized(t, 'description'), imageUrl: t.imageUrl,
          priceTenge: t.priceTenge, priceZp: t.priceZp, periodMonths: null, teachers: [],
        })),
      };
    }
    const courses = await this.ds.getRepository(Course).find({ where: { published: true, kind: tab }, order: { position: 'ASC', createdAt: 'DESC' } });
    const tariffs = courses.length ? await this.ds.getRepository(CourseTariff).find({ where: { courseId: In(courses.map((c) => c.id)), published: true } }) : [];
    const teachers = await this.teachersOf(courses.map((c) => c.id));
    const data: StoreCard[] = [];
    for (const c of courses) {
      const own = tariffs.filter((t) => t.courseId === c.id);
      if (!own.length) continue; // nothing to buy yet
      const cheapest = [...own].sort((a, b) => a.priceTenge - b.priceTenge || a.priceZp - b.priceZp)[0];
      data.push({
        id: c.id, kind: tab, title: localized(c, 'title'), description: localized(c, 'description'), imageUrl: c.imageUrl,
        priceTenge: cheapest.priceTenge, priceZp: cheapest.priceZp, periodMonths: Math.min(...own.map((t) => t.periodMonths)),
        teachers: teachers.get(c.id) ?? [],
      });
    }
    return { data, tab };
  }

  async course(id: string): Promise<StoreCourse> {
    const c = await this.ds.getRepository(Course).findOneBy({ id, published: true });
    if (!c) throw notFound();
    const [modules, tariffs, groups, teachers] = await Promise.all([
      this.ds.getRepository(CourseModule).find({ where: { courseId: id }, order: { position: 'ASC' } }),
      this.ds.getRepository(CourseTariff).find({ where: { courseId: id, published: true }, order: { position: 'ASC', priceTenge: 'ASC' } }),
      this.ds.getRepository(CourseGroup).find({ where: { courseId: id, published: true } }),
      this.teachersOf([id]),
    ]);
    const groupIds = groups.map((g) => g.id);
    const lessons = groupIds.length
      ? await this.ds.getRepository(Lesson).find({ where: { groupId: In(groupIds), startsAt: MoreThan(this.clock.now()) }, order: { startsAt: 'ASC' }, take: 20 })
      : [];
    const pupils = groupIds.length
      ? await this.ds.getRepository(GroupMember).createQueryBuilder('m').select('m.group_id', 'groupId').addSelect('COUNT(*)::int', 'n')
        .where("m.group_id IN (:...groupIds) AND m.role = 'pupil'", { groupIds }).groupBy('m.group_id').getRawMany<{ groupId: string; n: number }>()
      : [];
    const seatsLeft = !groups.length ? 0 : groups.some((g) => g.capacity === null) ? null
      : groups.reduce((sum, g) => sum + Math.max(0, (g.capacity as number) - (pupils.find((p) => p.groupId === g.id)?.n ?? 0)), 0);
    const cheapest = [...tariffs].sort((a, b) => a.priceTenge - b.priceTenge || a.priceZp - b.priceZp)[0];
    return {
      id: c.id, kind: c.kind, title: localized(c, 'title'), description: localized(c, 'description'), imageUrl: c.imageUrl,
      teachers: teachers.get(id) ?? [],
      modules: modules.map((m) => ({ id: m.id, title: localized(m, 'title'), description: localized(m, 'description') })),
      tariffs: tariffs.map(tariffView),
      timetable: lessons.map((l) => ({
        title: localized(l, 'title'), groupName: groups.find((g) => g.id === l.groupId)?.name ?? '',
        startsAt: l.startsAt.toISOString(), startsAtAlmaty: almaty(l.startsAt), durationMinutes: l.durationMinutes,
      })),
      seatsLeft: c.kind === 'live' ? seatsLeft : null,
      priceTenge: cheapest?.priceTenge ?? 0,
      priceZp: cheapest?.priceZp ?? 0,
    };
  }

  /** Teachers of each course's published groups, in public form, through auth (names are never stored here). */
  private async teachersOf(courseIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!courseIds.length) return out;
    const rows = await this.ds.getRepository(GroupMember).createQueryBuilder('m').innerJoin(CourseGroup, 'g', 'g.id = m.group_id')
      .select('g.course_id', 'courseId').addSelect('m.user_id', 'userId')
      .where("g.course_id IN (:...courseIds) AND g.published AND m.role = 'teacher'", { courseIds })
      .getRawMany<{ courseId: string; userId: string }>();
    if (!rows.length) return out;
    const { users } = await this.rpc.request('auth.users.get', { userIds: [...new Set(rows.map((r) => r.userId))] });
    for (const r of rows) {
      const name = publicName(users.find((u) => u.userId === r.userId));
      const list = out.get(r.courseId) ?? [];
      if (name && !list.includes(name)) list.push(name);
      out.set(r.courseId, list);
    }
    return out;
  }
}
