import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ROLE } from '@olymp/proto';
import { type AuditActor, AuditLog, DomainError, notFound } from '@olymp/server-kit';
import { SignInService } from '../signin/signin.service';
import { requirePhone } from '../signin/signin.dto';
import type { AddressKind, Relative } from './people.entities';
import type { AddParentBody, AddressBody, PersonalInfoBody, SchoolBody, UpdateParentBody } from './people.dto';

interface PersonRow {
  id: string;
  role_id: number;
  first_name: string;
  last_name: string;
  grade: number | null;
  parent_phone: string | null;
  province_id: number | null;
  district_id: number | null;
  school_id: number | null;
}

interface AddressRow {
  kind: AddressKind;
  region: string | null;
  city: string;
  street: string;
  house: string;
  apartment: string | null;
  postal_code: string | null;
  updated_at: Date;
}

interface ParentRow {
  relative: Relative;
  full_name: string;
  phone: string;
  created_at: Date;
  updated_at: Date;
}

const PERSON_COLUMNS = 'id, role_id, first_name, last_name, grade, parent_phone, province_id, district_id, school_id';

/**
 * A person's own data beyond the account (spec section 7, "Students" and "Profile"): personal info and school of a
 * pupil, postal addresses by kind, parents by relative. Callers have passed `assertMayActOn`. Every write locks the
 * person's row, changes, and records an audit entry in one transaction.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly ds: DataSource,
    private readonly signin: SignInService,
    private readonly audit: AuditLog,
  ) {}

  /** The person (404 when there is none); `lock` holds the row until the transaction ends. */
  async person(userId: string, m: EntityManager = this.ds.manager, lock = false): Promise<PersonRow> {
    const [row] = (await m.query(`SELECT ${PERSON_COLUMNS} FROM users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [userId])) as PersonRow[];
    if (!row) throw notFound();
    return row;
  }

  /** A pupil: `students/{user}` names only students; anyone else is 404 there. */
  private async student(userId: string, m: EntityManager, lock: boolean): Promise<PersonRow> {
    const row = await this.person(userId, m, lock);
    if (row.role_id !== ROLE.student) throw notFound();
    return row;
  }

  /** Checks, before reading the body, that the pupil exists (404). */
  async assertStudent(userId: string): Promise<void> {
    await this.student(userId, this.ds.manager, false);
  }

  private studentView(u: PersonRow) {
    return {
      uuid: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      grade: u.grade,
      parentPhone: u.parent_phone,
      provinceId: u.province_id,
      districtId: u.district_id,
      schoolId: u.school_id,
    };
  }

  /** First and last name and the parent's phone; the grade is fixed at registration (GRADE_LOCKED if it differs). */
  async updatePersonalInfo(actor: AuditActor, userId: string, body: PersonalInfoBody) {
    const parentPhone = requirePhone(body.parentPhone, 'parentPhone');
    return this.ds.transaction(async (m) => {
      const before = await this.student(userId, m, true);
      if (body.grade !== undefined && body.grade !== before.grade) throw new DomainError('GRADE_LOCKED', {}, { grade: 'GRADE_LOCKED' });
      await m.query(
        'UPDATE users SET first_name = $2, last_name = $3, parent_phone = $4, updated_at = now() WHERE id = $1',
        [userId, body.firstName, body.lastName, parentPhone],
      );
      const after = await this.student(userId, m, false);
      await this.audit.record(m, { actor, action: 'update-personal-info', resource: 'students', resourceId: userId, before: this.studentView(before), after: this.studentView(after) });
      return this.studentView(after);
    });
  }

  /** Region, district and school: they must exist and fit together (the registration rule). */
  async updateSchool(actor: AuditActor, userId: string, body: SchoolBody) {
    await this.signin.checkAddress(body.province, body.district, body.school);
    return this.ds.transaction(async (m) => {
      const before = await this.student(userId, m, true);
      await m.query(
        'UPDATE users SET province_id = $2, district_id = $3, school_id = $4, updated_at = now() WHERE id = $1',
        [userId, body.province, body.district, body.school],
      );
      const after = await this.student(userId, m, false);
      await this.audit.record(m, { actor, action: 'update-school', resource: 'students', resourceId: userId, before: this.studentView(before), after: this.studentView(after) });
      return this.studentView(after);
    });
  }

  private addressView(a: AddressRow | undefined) {
    if (!a) return null;
    return { kind: a.kind, region: a.region, city: a.city, street: a.street, house: a.house, apartment: a.apartment, postalCode: a.postal_code, updatedAt: a.updated_at };
  }

  private async addressRow(m: EntityManager, userId: string, kind: AddressKind): Promise<AddressRow | undefined> {
    const [row] = (await m.query(
      'SELECT kind, region, city, street, house, apartment, postal_code, updated_at FROM user_addresses WHERE user_id = $1 AND kind = $2',
      [userId, kind],
    )) as AddressRow[];
    return row;
  }

  /** The person's address of a kind, or null when none is saved yet. */
  async address(userId: string, kind: AddressKind) {
    await this.person(userId);
    return this.addressView(await this.addressRow(this.ds.manager, userId, kind));
  }

  /** Saves (creates or replaces) the person's address of a kind. */
  async saveAddress(actor: AuditActor, userId: string, kind: AddressKind, body: AddressBody, resource: string) {
    return this.ds.transaction(async (m) => {
      await this.person(userId, m, true);
      const before = this.addressView(await this.addressRow(m, userId, kind));
      await m.query(
        `INSERT INTO user_addresses (user_id, kind, region, city, street, house, apartment, postal_code)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id, kind) DO UPDATE SET region = EXCLUDED.region, city = EXCLUDED.city, street = EXCLUDED.street,
           house = EXCLUDED.house, apartment = EXCLUDED.apartment, postal_code = EXCLUDED.postal_code, updated_at = now()`,
        [userId, kind, body.region, body.city, body.street, body.house, body.apartment, body.postalCode],
      );
      const after = this.addressView(await this.addressRow(m, userId, kind));
      await this.audit.record(m, { actor, action: `${kind}-address.save`, resource, resourceId: userId, before, after });
      return after;
    });
  }

  private parentView(p: ParentRow) {
    return { relative: p.relative, fullName: p.full_name, phone: p.phone, createdAt: p.created_at, updatedAt: p.updated_at };
  }

  private async parentRow(m: EntityManager, userId: string, relative: Relative): Promise<ParentRow | undefined> {
    const [row] = (await m.query(
      'SELECT relative, full_name, phone, created_at, updated_at FROM user_parents WHERE user_id = $1 AND relative = $2',
      [userId, relative],
    )) as ParentRow[];
    return row;
  }

  async parents(userId: string) {
    await this.person(userId);
    const rows = (await this.ds.query(
      `SELECT relative, full_name, phone, created_at, updated_at FROM user_parents WHERE user_id = $1
        ORDER BY array_position(ARRAY['mother', 'father', 'guardian', 'other']::varchar[], relative)`,
      [userId],
    )) as ParentRow[];
    return rows.map((r) => this.parentView(r));
  }

  /** One entry per relative kind: a second mother is PARENT_EXISTS (edit the existing one instead). */
  async addParent(actor: AuditActor, userId: string, body: AddParentBody) {
    const phone = requirePhone(body.phone);
    return this.ds.transaction(async (m) => {
      await this.person(userId, m, true);
      if (await this.parentRow(m, userId, body.relative)) {
        throw new DomainError('PARENT_EXISTS', { relative: body.relative }, { relative: 'PARENT_EXISTS' });
      }
      await m.query('INSERT INTO user_parents (user_id, relative, full_name, phone) VALUES ($1, $2, $3, $4)', [userId, body.relative, body.fullName, phone]);
      const after = this.parentView((await this.parentRow(m, userId, body.relative))!);
      await this.audit.record(m, { actor, action: 'parent.add', resource: 'users/parents', resourceId: userId, after });
      return after;
    });
  }

  async updateParent(actor: AuditActor, userId: string, relative: Relative, body: UpdateParentBody) {
    const phone = requirePhone(body.phone);
    return this.ds.transaction(async (m) => {
      await this.person(userId, m, true);
      const found = await this.parentRow(m, userId, relative);
      if (!found) throw notFound();
      await m.query(
        'UPDATE user_parents SET full_name = $3, phone = $4, updated_at = now() WHERE user_id = $1 AND relative = $2',
        [userId, relative, body.fullName, phone],
      );
      const after = this.parentView((await this.parentRow(m, userId, relative))!);
      await this.audit.record(m, { actor, action: 'parent.update', resource: 'users/parents', resourceId: userId, before: this.parentView(found), after });
      return after;
    });
  }

  async removeParent(actor: AuditActor, userId: string, relative: Relative) {
    return this.ds.transaction(async (m) => {
      await this.person(userId, m, true);
      const found = await this.parentRow(m, userId, relative);
      if (!found) throw notFound();
      await m.query('DELETE FROM user_parents WHERE user_id = $1 AND relative = $2', [userId, relative]);
      await this.audit.record(m, { actor, action: 'parent.delete', resource: 'users/parents', resourceId: userId, before: this.parentView(found) });
      return { relative, deleted: true as const };
    });
  }
}
