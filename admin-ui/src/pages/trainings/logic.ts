/**
 * What the training pages compute themselves: which tabs a user sees (each behind its `training:*` key, spec 6),
 * which one is open (`?tab=`, falling back to the first visible one), and the statistics as chart rows.
 */
import type { Locale } from '@olymp/web-common';
import type { TrainingStatistics } from '@olymp/proto';

export type Text = Record<Locale, string>;

export const TAB_KEYS = ['chapters', 'leaderboard', 'chat-groups', 'subscriptions', 'invoices', 'statistics', 'test-results', 'test-statistics'] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** The permission key of each tab (spec 6). */
export const TAB_PERMISSIONS: Record<TabKey, string> = {
  chapters: 'training:chapter_tab',
  leaderboard: 'training:leaderboard_tab',
  'chat-groups': 'training:chatgroups_tab',
  subscriptions: 'training:subscriptions_tab',
  invoices: 'training:invoices_tab',
  statistics: 'training:statistics_tab',
  'test-results': 'training:test_results_tab',
  'test-statistics': 'training:test_statistics_tab',
};

/** The tabs `has` allows, in the spec's order. */
export function visibleTabs(has: (key: string) => boolean): TabKey[] {
  return TAB_KEYS.filter((k) => has(TAB_PERMISSIONS[k]));
}

export { activeTab } from '../../lib/tabs';

/** How pupils got into a training (participations.via). */
export const VIA = ['free', 'invoice', 'code', 'invited', 'staff'] as const;
export type Via = (typeof VIA)[number];

/** The statistics tab's numbers (proto's contract of `GET /api/trainings/{training}/statistics`). */
export type TrainingSummary = TrainingStatistics;

/** One bar per way of joining, zero included, so the chart always shows every way. */
export function viaRows(summary: Pick<TrainingSummary, 'byVia'>, label: (via: Via) => string): { via: string; count: number }[] {
  return VIA.map((v) => ({ via: label(v), count: summary.byVia[v] ?? 0 }));
}

/** One group of bars per subchapter test: pupils who finished it, attempts, the average of each pupil's best. */
export function testRows(summary: Pick<TrainingSummary, 'tests'>, locale: Locale): { test: string; pupils: number; attempts: number; average: number }[] {
  return summary.tests.map((t) => ({ test: t.title[locale] || t.title.kk, pupils: t.pupils, attempts: t.attempts, average: t.averageBestPoints }));
}

/** Query parameters of a paged report: empty filters are left out (the API refuses empty values). */
export function reportParams(filters: Record<string, string | number | undefined | null>, page: number, perPage: number): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (typeof v === 'number') out[k] = v;
    else if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  }
  return { ...out, page, perPage };
}

/** Milliseconds as `m:ss` (time spent on a leaderboard row). */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
