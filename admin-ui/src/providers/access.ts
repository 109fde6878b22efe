/**
 * Refine's access control (spec 6): a resource action is allowed when the signed-in user holds every key it needs
 * (the sidebar key of its section plus the API's own permission keys from the OpenAPI document). Admin holds
 * everything; a student nothing (the staff area shows them not-found). Buttons lacking their key are hidden.
 */
import type { AccessControlProvider } from '@refinedev/core';
import { catalogueEntry } from '../meta/catalogue';
import { allows, currentIdentity, currentPermissions, teachesGroups } from './auth';

export type ActionKeys = Partial<Record<string, readonly string[]>>;

const rules = new Map<string, ActionKeys>();
/** Sidebar groups: shown when any one of the key sets is held (one of the group's entries can be opened). */
const groups = new Map<string, readonly (readonly string[])[]>();

/** Called when the resource list is built: which keys each action of each resource needs, and each group's entries'. */
export function setAccessRules(next: ReadonlyMap<string, ActionKeys>, nextGroups: ReadonlyMap<string, readonly (readonly string[])[]> = new Map()): void {
  rules.clear();
  for (const [name, keys] of next) rules.set(name, keys);
  groups.clear();
  for (const [name, alternatives] of nextGroups) groups.set(name, alternatives);
}

export function keysFor(resource: string, action: string): readonly string[] | undefined {
  const actions = rules.get(resource);
  if (!actions) return undefined;
  return actions[action] ?? actions.list;
}

export function alternativesFor(resource: string): readonly (readonly string[])[] | undefined {
  return groups.get(resource);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const identity = await currentIdentity().catch(() => undefined);
    if (!identity) return { can: false, reason: 'User is not loaded' };
    // "My groups": membership in a group decides (a teacher may hold no key at all), so the entry asks the API.
    if (resource && catalogueEntry(resource)?.teaching) return { can: !identity.student && (await teachesGroups()) };
    const alternatives = resource ? alternativesFor(resource) : undefined;
    if (alternatives) {
      const held = await currentPermissions();
      return { can: !identity.student && alternatives.some((keys) => allows(identity, held, keys)) };
    }
    const keys = resource ? keysFor(resource, action) : [];
    // A resource nobody described (home page) needs nothing but staff membership.
    if (!keys) return { can: !identity.student };
    return { can: allows(identity, await currentPermissions(), keys) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true }, queryOptions: { staleTime: 30_000 } },
};
