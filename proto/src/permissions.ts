/**
 * Permission keys. Every key of spec section 6 is here, written `group:name` as the admin UI checks them,
 * plus the keys the API needs for actions the spec's screens perform (grouped under `api` below).
 * Role-to-permission assignment lives in the auth service's data, not here.
 */
import { keys } from './permission-keys';
import { LEARNING_PERMISSIONS } from './permissions.learning';
import { FINANCE_PERMISSIONS } from './permissions.finance';
import { SHOP_PERMISSIONS } from './permissions.shop';
import { NOTIFICATIONS_PERMISSIONS } from './permissions.notifications';
import { TEACHING_PERMISSIONS } from './permissions.teaching';

export const SPEC_PERMISSIONS = [
  ...keys('sidebar', [
    'payment_index', 'library_index', 'student_index', 'quiz_index', 'group_index', 'course_index',
    'attendance_index', 'staff_index', 'event_index', 'management_index', 'training_index', 'user_index',
    'otp_index', 'settings_general', 'role_index', 'permission_index', 'challenge_index',
  ] as const),
  ...keys('library', [
    'create', 'update', 'chapters_tab', 'teachers_tab', 'collections_tab', 'chapter_create', 'card_create',
    'card_update',
  ] as const),
  ...keys('quiz', ['create', 'update'] as const),
  ...keys('training', [
    'create', 'update', 'chapter_tab', 'leaderboard_tab', 'chatgroups_tab', 'subscriptions_tab', 'invoices_tab',
    'statistics_tab', 'test_results_tab', 'test_statistics_tab', 'chapter_create', 'subchapter_update',
  ] as const),
  ...keys('role', ['create', 'update'] as const),
  ...keys('permission', ['create', 'update'] as const),
  ...keys('challenge', [
    'create', 'update', 'checkpoint_tab', 'leaderboard_tab', 'information_tab', 'chatgroup_tab', 'certificate_tab',
    'access_tab', 'invoice_tab', 'test_result_tab', 'statistics_tab', 'test_statistics_tab',
  ] as const),
  ...keys('checkpoint', ['view', 'update'] as const),
] as const;

/** Keys the API needs beyond the UI's: operations staff perform that the spec's screens imply. */
export const API_PERMISSIONS = [
  ...keys('system', ['probe_send', 'probe_view', 'health_view'] as const),
  ...keys('otp', ['index'] as const),
  // People (auth): edit another person's profile; see and reset a person's signed-in devices.
  ...keys('user', ['update', 'devices_view', 'devices_reset'] as const),
  // Uploads (server kit uploads/): create = images and chunked files; delete = one's own; delete_any = anyone's.
  ...keys('upload', ['create', 'delete', 'delete_any'] as const),
  // Management data (spec section 2: provinces, districts, schools, centers...): writes; reads are public catalogues.
  ...keys('management', ['index', 'create', 'update', 'delete'] as const),
  // Settings > roles and permissions: deleting a role or a permission key (create and update are spec keys).
  ...keys('role', ['delete'] as const),
  ...keys('permission', ['delete'] as const),
  // Logs (spec section 2, admin "logs"): reading the audit log of staff changes.
  ...keys('log', ['index'] as const),
  // People lists (auth, staff-people/): staff create and delete accounts, and change a person's role.
  ...keys('user', ['create', 'delete', 'role_update'] as const),
  // Settings > general (auth, settings/): platform settings by key (support contact, announcement).
  ...keys('setting', ['index', 'update'] as const),
  ...LEARNING_PERMISSIONS,
  ...TEACHING_PERMISSIONS,
  ...FINANCE_PERMISSIONS,
  ...SHOP_PERMISSIONS,
  ...NOTIFICATIONS_PERMISSIONS,
] as const;

export const PERMISSIONS = [...SPEC_PERMISSIONS, ...API_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];

const permissionSet: ReadonlySet<string> = new Set(PERMISSIONS);
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && permissionSet.has(value);
}
