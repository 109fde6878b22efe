import { useGetIdentity, usePermissions } from '@refinedev/core';
import { useCallback } from 'react';
import type { Identity } from '../providers/auth';
import { ADMIN_ROLE_ID } from '../providers/auth';

/** `has('challenge:leaderboard_tab')` for tabs and buttons (spec 6: hidden without their key; admin has all). */
export function useAccess(): { has: (...keys: string[]) => boolean; ready: boolean; identity?: Identity } {
  const { data: identity } = useGetIdentity<Identity>();
  const { data: permissions } = usePermissions<string[]>({});
  const has = useCallback(
    (...keys: string[]) => {
      if (!identity || identity.student) return false;
      if (identity.roleId === ADMIN_ROLE_ID) return true;
      return keys.every((k) => permissions?.includes(k) ?? false);
    },
    [identity, permissions],
  );
  return { has, ready: Boolean(identity && permissions), identity: identity ?? undefined };
}
