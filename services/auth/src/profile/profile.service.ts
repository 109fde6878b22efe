import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ALL_PERMISSIONS_ROLE, type Locale, PERMISSIONS, ROLE, type RoleId } from '@olymp/proto';
import { type AuthUser, DomainError } from '@olymp/server-kit';
import { RolesService } from '../roles/roles.service';
import { SignInService } from '../signin/signin.service';
import { requirePhone } from '../signin/signin.dto';
import type { UpdateUserBody } from './profile.dto';
import { avatarUrl } from '../people/avatars.service'; // people/: the current avatar in the profile view

interface UserRow {
  id: string;
  phone: string;
  email: string | null;
  first_name: string;
  last_name: string;
  role_id: RoleId;
  grade: number | null;
  locale: Locale | null;
  parent_phone: string | null;
  province_id: number | null;
  district_id: number | null;
  school_id: number | null;
  /** people/: file name of the current avatar (user_avatars), null when there is none. */
  avatar: string | null;
}

/** The signed-in person's own record (spec section 3: uuid, roleId, firstName, phone, student flag, permissions). */
@Injectable()
export class ProfileService {
  constructor(
    private readonly ds: DataSource,
    private readonly roles: RolesService,
    private readonly signin: SignInService,
  ) {}

  private async row(userId: string): Promise<UserRow> {
    const [u] = await this.ds.query(
      `SELECT id, phone, email, first_name, last_name, role_id, grade, locale, parent_phone, province_id, district_id, school_id,
              (SELECT a.filename FROM user_avatars a WHERE a.user_id = users.id AND a.current) AS avatar -- people/: current avatar
         FROM users WHERE id = $1`,
      [userId],
    ) as UserRow[];
    if (!u) throw new DomainError('NOT_FOUND');
    return u;
  }

  private view(u: UserRow) {
    return {
      uuid: u.id,
      roleId: u.role_id,
      student: u.role_id === ROLE.student,
      firstName: u.first_name,
      lastName: u.last_name,
      phone: u.phone,
      email: u.email,
      grade: u.grade,
      locale: u.locale,
      parentPhone: u.parent_phone,
      provinceId: u.province_id,
      districtId: u.district_id,
      schoolId: u.school_id,
      // people/: the current avatar's url (GET /api/users/{user}/avatars/{filename}), null when there is none.
      avatar: u.avatar ? avatarUrl(u.id, u.avatar) : null,
    };
  }

  async profile(userId: string) {
    return { data: this.view(await this.row(userId)) };
  }

  async permissions(user: AuthUser) {
    const list = user.roleId === ALL_PERMISSIONS_ROLE ? [...PERMISSIONS] : await this.roles.permissionsOf(user.roleId);
    return { data: list };
  }

  /** A person may edit themselves; staff with `user:update` may edit anyone. Others get 403 and nothing changes. */
  async update(caller: AuthUser, userId: string, body: UpdateUserBody) {
    if (caller.sub !== userId && !caller.isAdmin && !caller.permissions.has('user:update')) throw new DomainError('FORBIDDEN');
    const current = await this.row(userId);
    if (body.grade !== undefined && body.grade !== current.grade) throw new DomainError('GRADE_LOCKED');
    const province = body.province ?? current.province_id;
    const district = body.district ?? current.district_id;
    const school = body.school ?? current.school_id;
    const addressChanged = body.province !== undefined || body.district !== undefined || body.school !== undefined;
    if (addressChanged) {
      if (province === null || district === null || school === null) throw new DomainError('ADDRESS_MISMATCH', {}, { school: 'ADDRESS_MISMATCH' });
      await this.signin.checkAddress(province, district, school);
    }
    const parentPhone = body.parentPhone === undefined ? current.parent_phone : body.parentPhone === null ? null : requirePhone(body.parentPhone, 'parentPhone');
    try {
      await this.ds.query(
        `UPDATE users SET first_name = $2, last_name = $3, email = $4, parent_phone = $5, province_id = $6,
                district_id = $7, school_id = $8, locale = $9, updated_at = now() WHERE id = $1`,
        [userId, body.firstName ?? current.first_name, body.lastName ?? current.last_name,
          body.email === undefined ? current.email : body.email, parentPhone, province, district, school, body.locale ?? current.locale],
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new DomainError('RECORD_EXISTS', { fields: 'email' }, { email: 'RECORD_EXISTS' });
      throw err;
    }
    return { data: this.view(await this.row(userId)) };
  }
}
