import { Controller } from '@nestjs/common';
import { DataSource, In, MoreThan } from 'typeorm';
import { type Localized, ROLE, type RpcReply, type RpcRequest } from '@olymp/proto';
import { RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { avatarUrl } from '../people/avatars.service';
import { User } from './user.entity';

interface Named {
  id: number;
  nameKk: string;
  nameRu: string;
  nameEn: string;
}

const place = (row: Named | null | undefined): { id: number; name: Localized } | null =>
  row ? { id: row.id, name: { kk: row.nameKk, ru: row.nameRu, en: row.nameEn } } : null;

/** People as other services show them (leaderboards, participation): names, grade and where they study. */
@Controller()
export class UsersRpcController {
  constructor(private readonly ds: DataSource) {}

  @RpcHandler('auth.users.get')
  async get(@RpcPayloadOf('auth.users.get') req: RpcRequest<'auth.users.get'>): Promise<RpcReply<'auth.users.get'>> {
    const rows = await this.ds.getRepository(User).find({
      where: { id: In([...new Set(req.userIds)]) },
      relations: { province: true, district: true, school: true },
    });
    return {
      users: rows.map((u) => ({
        userId: u.id,
        roleId: u.roleId,
        firstName: u.firstName,
        lastName: u.lastName,
        grade: u.grade,
        locale: u.locale,
        province: place(u.province),
        district: place(u.district),
        school: place(u.school),
      })),
    };
  }

  /** Pupils by id order, a page at a time (learning's event reminders to "all pupils" or one grade). */
  @RpcHandler('auth.pupils.list')
  async pupils(@RpcPayloadOf('auth.pupils.list') req: RpcRequest<'auth.pupils.list'>): Promise<RpcReply<'auth.pupils.list'>> {
    const rows = await this.ds.getRepository(User).find({
      where: { roleId: ROLE.student, ...(req.grade === null ? {} : { grade: req.grade }), ...(req.after ? { id: MoreThan(req.after) } : {}) },
      select: { id: true }, order: { id: 'ASC' }, take: req.limit,
    });
    return { userIds: rows.map((u) => u.id) };
  }

  /**
   * Teachers as a course page shows them to pupils (learning's teachers tab): names, the current avatar's URL (public,
   * like every avatar) and the subject of their teacher record (staff-people/); never phones.
   */
  @RpcHandler('auth.teachers.cards')
  async teacherCards(@RpcPayloadOf('auth.teachers.cards') req: RpcRequest<'auth.teachers.cards'>): Promise<RpcReply<'auth.teachers.cards'>> {
    const rows = await this.ds.query(
      `SELECT u.id, u.first_name, u.last_name,
              (SELECT a.filename FROM user_avatars a WHERE a.user_id = u.id AND a.current) AS avatar,
              s.name_kk, s.name_ru, s.name_en
         FROM users u LEFT JOIN teachers t ON t.user_id = u.id LEFT JOIN subjects s ON s.id = t.subject_id
        WHERE u.id = ANY($1::uuid[])`,
      [[...new Set(req.userIds)]],
    ) as { id: string; first_name: string; last_name: string; avatar: string | null; name_kk: string | null; name_ru: string | null; name_en: string | null }[];
    return {
      teachers: rows.map((r) => ({
        userId: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        photoUrl: r.avatar ? avatarUrl(r.id, r.avatar) : null,
        subject: r.name_kk === null ? null : { kk: r.name_kk, ru: r.name_ru ?? '', en: r.name_en ?? '' },
      })),
    };
  }

  @RpcHandler('auth.users.contacts')
  async contacts(@RpcPayloadOf('auth.users.contacts') req: RpcRequest<'auth.users.contacts'>): Promise<RpcReply<'auth.users.contacts'>> {
    const rows = await this.ds.getRepository(User).find({ where: { id: In([...new Set(req.userIds)]) }, select: { id: true, phone: true } });
    return { contacts: rows.map((u) => ({ userId: u.id, phone: u.phone })) };
  }
}
