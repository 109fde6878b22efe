import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type PublicSettings,
  type SettingKey,
  type SettingValues,
  type SettingView,
  isSettingKey,
  publicSettings,
} from '@olymp/proto';
import { type AuditActor, AuditLog, DomainError } from '@olymp/server-kit';

interface Row {
  key: string;
  value: unknown;
  updated_at: Date;
}

/**
 * Platform settings by key. Reads merge the stored rows over the defaults; a save locks the key's row (created with
 * the default first, so two first saves queue too), writes the new value and records the audit entry in the same
 * transaction.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
  ) {}

  /** The key, or 404 SETTING_NOT_FOUND naming the keys there are. */
  known(key: string): SettingKey {
    if (!isSettingKey(key)) throw new DomainError('SETTING_NOT_FOUND', { key, keys: SETTING_KEYS.join(', ') });
    return key;
  }

  private view<K extends SettingKey>(key: K, row: Row | undefined): SettingView<K> {
    return row
      ? { key, value: row.value as SettingValues[K], isDefault: false, updatedAt: row.updated_at.toISOString() }
      : { key, value: SETTING_DEFAULTS[key], isDefault: true, updatedAt: null };
  }

  async all(): Promise<SettingView[]> {
    const rows = (await this.ds.query('SELECT key, value, updated_at FROM settings WHERE key = ANY($1)', [SETTING_KEYS])) as Row[];
    return SETTING_KEYS.map((key) => this.view(key, rows.find((r) => r.key === key)));
  }

  async one<K extends SettingKey>(key: K, m: EntityManager = this.ds.manager, lock = false): Promise<SettingView<K>> {
    const [row] = (await m.query(`SELECT key, value, updated_at FROM settings WHERE key = $1${lock ? ' FOR UPDATE' : ''}`, [key])) as Row[];
    return this.view(key, row);
  }

  async values(): Promise<SettingValues> {
    const all = await this.all();
    return Object.fromEntries(all.map((s) => [s.key, s.value])) as unknown as SettingValues;
  }

  async publicValues(): Promise<PublicSettings> {
    return publicSettings(await this.values());
  }

  /** Saves a validated value; unchanged values are saved too (the audit shows who confirmed them). */
  async save<K extends SettingKey>(actor: AuditActor, key: K, value: SettingValues[K]): Promise<SettingView<K>> {
    return this.ds.transaction(async (m) => {
      const before = await this.one(key, m, true);
      await m.query(
        `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
        [key, JSON.stringify(value), actor.sub],
      );
      const after = await this.one(key, m);
      await this.audit.record(m, { actor, action: 'update', resource: 'settings', resourceId: key, before: before.value, after: after.value });
      return after;
    });
  }
}
