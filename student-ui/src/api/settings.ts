/**
 * The platform's public settings (GET /api/settings/public, no sign-in; auth settings/, proto/src/settings.ts): the
 * support contact for the footer and the announcement banner. One answer serves the whole page; it is asked again on
 * a navigation a minute later, so a banner staff turned on reaches pupils as they move on.
 */
import { useEffect, useState } from 'react';
import type { PublicSettings, PublicSettingsReply } from '@olymp/proto';
import { apiJson } from './http';

export type { PublicSettings } from '@olymp/proto';

const FRESH_MS = 60_000;
let cached: { at: number; settings: Promise<PublicSettings> } | undefined;

export function getPublicSettings(now = Date.now()): Promise<PublicSettings> {
  if (!cached || now - cached.at > FRESH_MS) {
    const settings = apiJson<PublicSettingsReply>('settings/public').then((r) => r.data);
    const entry = { at: now, settings };
    cached = entry;
    // A failed read is not kept: the next component to mount asks again.
    settings.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.settings;
}

/**
 * The public settings, or null until they arrive (and when they cannot be read: the page goes on without them).
 * A change of `refresh` (e.g. the path) reads them again when the last answer is over a minute old.
 */
export function usePublicSettings(refresh?: string): PublicSettings | null {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  useEffect(() => {
    let live = true;
    getPublicSettings().then(
      (s) => {
        if (live) setSettings(s);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refresh]);
  return settings;
}
