import type { RpcClient } from '@olymp/server-kit';

export interface StaffPupil {
  firstName: string;
  lastName: string;
  grade: number | null;
  school: { kk: string; ru: string; en: string } | null;
}

/**
 * The pupils behind a page of orders or prizes as staff read them (name, grade, school), from auth in one request for
 * the page's distinct ids: a map to the pupil, or to null for an id auth no longer knows.
 */
export async function staffPupils(rpc: RpcClient, ids: readonly string[]): Promise<Map<string, StaffPupil | null>> {
  const userIds = [...new Set(ids)];
  const { users } = userIds.length ? await rpc.request('auth.users.get', { userIds }) : { users: [] };
  const byId = new Map(users.map((u) => [u.userId, u]));
  return new Map(
    userIds.map((id) => {
      const u = byId.get(id);
      return [id, u ? { firstName: u.firstName, lastName: u.lastName, grade: u.grade, school: u.school?.name ?? null } : null];
    }),
  );
}
