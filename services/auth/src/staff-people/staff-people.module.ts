import { Module } from '@nestjs/common';
import { ROLE } from '@olymp/proto';
import { CrudResource } from '@olymp/server-kit';
import { User } from '../users/user.entity';
import { Teacher } from './teacher.entity';
import { createTeacher, createUser, updateTeacher } from './staff-people.dto';
import { TeacherHooks, UserAdminHooks } from './staff-people.hooks';

/**
 * The staff's people lists (spec section 7) as standard resources:
 *
 *   users     index, show (`sidebar:user_index`), store (`user:create`), destroy (`user:delete`). No update here:
 *             `PUT /api/users/{user}` is the profile update (profile/), the role is `PUT /api/users/{user}/role`.
 *   students  the same table confined to pupils (role 7): index, show (`sidebar:student_index`).
 *   teachers  teaching staff (teacher.entity.ts): read `sidebar:staff_index`, write `management:*`.
 */
const personFields = ['firstName', 'lastName', 'phone', 'email', 'grade', 'provinceId', 'districtId', 'schoolId', 'createdAt'] as const;
const personRelations = { role: {}, province: {}, district: {}, school: {} };
/**
 * A person is shown by name, told apart from a namesake in pickers by grade, school and region (another service's
 * form that picks a pupil, e.g. the shop's prizes); the parent's phone is for the detail view only.
 */
const personDisplay = { label: ['firstName', 'lastName'], describe: ['grade', 'school', 'province'], fields: { parentPhone: { hiddenInList: true } } } as const;

@Module({
  imports: [
    CrudResource.register({
      path: 'users', entity: User, create: createUser, hooks: UserAdminHooks,
      actions: ['index', 'show', 'store', 'destroy'],
      access: { read: 'sidebar:user_index', store: 'user:create', destroy: 'user:delete' },
      searchable: ['firstName', 'lastName', 'phone'], filterable: [...personFields, 'roleId'], relations: personRelations, ...personDisplay,
      defaultSort: [{ field: 'createdAt', order: 'DESC' }],
      description: 'People: staff and pupils (create, delete; the profile and the role have their own routes).',
    }),
    CrudResource.register({
      path: 'students', entity: User, scope: { roleId: ROLE.student },
      actions: ['index', 'show'],
      access: { read: 'sidebar:student_index' },
      searchable: ['firstName', 'lastName', 'phone'], filterable: personFields, relations: { province: {}, district: {}, school: {} },
      ...personDisplay,
      defaultSort: [{ field: 'createdAt', order: 'DESC' }],
      description: 'Pupils (users with role 7).',
    }),
    CrudResource.register({
      path: 'teachers', entity: Teacher, create: createTeacher, update: updateTeacher, hooks: TeacherHooks,
      access: { read: 'sidebar:staff_index', store: 'management:create', update: 'management:update', destroy: 'management:delete' },
      searchable: ['firstName', 'lastName', 'phone'], relations: { center: {}, subject: {} },
      label: ['firstName', 'lastName'], defaultSort: [{ field: 'createdAt', order: 'DESC' }],
      description: 'Teaching staff: centre, subject and an optional sign-in account.',
    }),
  ],
})
export class StaffPeopleModule {}
