/**
 * Refine's resource list (sidebar, routes, buttons) and the access rules of every action, built from the catalogue
 * and the backend's OpenAPI description. Groups are resources without routes (Refine's `meta.parent`).
 */
import { AppstoreOutlined, FolderOutlined, HomeOutlined, ReadOutlined, SettingOutlined, ShoppingOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ActionKeys } from '../providers/access';
import { CATALOGUE, GROUPS, entryFor, type SectionEntry, type SidebarGroup } from './catalogue';

/** Each sidebar group's own icon. */
export const GROUP_ICONS: Record<SidebarGroup, ReactNode> = {
  learning: <ReadOutlined />,
  people: <TeamOutlined />,
  finance: <WalletOutlined />,
  shop: <ShoppingOutlined />,
  management: <AppstoreOutlined />,
  admin: <SettingOutlined />,
  resources: <FolderOutlined />,
};
import type { CrudAction, ResourceMeta } from './openapi';

export interface BuiltResources {
  resources: ResourceProps[];
  rules: Map<string, ActionKeys>;
  /** Each sidebar group's entries' list keys: the group shows when one of them is held. */
  groups: Map<string, string[][]>;
  /** Standard resources with their routes, for generated pages. */
  standard: { entry: SectionEntry; meta: ResourceMeta }[];
  custom: SectionEntry[];
}

const ACTIONS: CrudAction[] = ['list', 'show', 'create', 'edit', 'delete'];

export function buildResources(metas: readonly ResourceMeta[], t: TFunction): BuiltResources {
  const resources: ResourceProps[] = [];
  const rules = new Map<string, ActionKeys>();
  const groups = new Map<string, string[][]>();
  const standard: BuiltResources['standard'] = [];
  const custom = CATALOGUE.filter((e) => e.custom);
  const byName = new Map(metas.map((m) => [m.name, m]));
  const ordered = [
    ...CATALOGUE.filter((e) => e.custom || byName.has(e.name)),
    ...metas.filter((m) => !CATALOGUE.some((e) => e.name === m.name)).map((m) => entryFor(m.name)),
  ];
  resources.push({ name: 'home', list: '/', meta: { label: t('sidebar.home'), icon: <HomeOutlined /> } });
  const listKeys = (entry: SectionEntry) => [...entry.sidebar, ...(byName.get(entry.name)?.permissions.list ?? [])];
  const usedGroups = new Set(ordered.filter((e) => !e.hidden).map((e) => e.group).filter(Boolean));
  for (const g of GROUPS) {
    if (!usedGroups.has(g.name)) continue;
    resources.push({ name: g.name, meta: { label: t(g.label), icon: GROUP_ICONS[g.name] } });
    // A group shows when the role can open one of its entries (spec 6: no empty groups in the sidebar).
    groups.set(g.name, ordered.filter((e) => e.group === g.name && !e.hidden).map((e) => listKeys(e)));
  }
  for (const entry of ordered) {
    const meta = byName.get(entry.name);
    const label = t(entry.label, { defaultValue: entry.name });
    if (!meta) {
      resources.push({ name: entry.name, list: entry.route, meta: { label, parent: entry.group, hide: entry.hidden } });
      rules.set(entry.name, { list: entry.sidebar });
      continue;
    }
    standard.push({ entry, meta });
    resources.push({
      name: entry.name,
      list: meta.actions.has('list') ? entry.route : undefined,
      create: meta.actions.has('create') ? `${entry.route}/create` : undefined,
      edit: meta.actions.has('edit') ? `${entry.route}/:id/edit` : undefined,
      show: meta.actions.has('show') ? `${entry.route}/:id` : undefined,
      meta: { label, parent: entry.group, hide: entry.hidden, canDelete: meta.actions.has('delete') },
    });
    const keys: ActionKeys = {};
    for (const action of ACTIONS) keys[action] = [...entry.sidebar, ...(meta.permissions[action] ?? [])];
    // Rows open from the list, so showing needs what listing needs too.
    keys.show = [...new Set([...(keys.list ?? []), ...(keys.show ?? [])])];
    rules.set(entry.name, keys);
  }
  return { resources, rules, groups, standard, custom };
}
