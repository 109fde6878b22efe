import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PERMISSIONS, ROLE, type RoleName } from '@olymp/proto';
import { KIT_CONFIG, KIT_LOGGER, type KitConfig, stableUuid } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { DEFAULT_ROLE_PERMISSIONS, DEMO_LANDING, DEMO_USERS, ROLE_TITLES } from './reference-data';

/** A stable uuid for a demo person, so every service's demo data can refer to the same people. */
export function demoUserId(phone: string): string {
  return stableUuid(`olymp-demo:${phone}`);
}

/**
 * Seeds at every start, idempotently: roles and permission keys always (the platform needs them); each default
 * grant of a role once (`role_permission_defaults`), so keys of a later release reach existing roles and staff's
 * removals survive restarts; demo people and the landing pages' 2026-2027 stages only when SEED_DEMO is on (never in
 * production).
 */
@Injectable()
export class AuthSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['auth:seed']);
      await m.query('INSERT INTO permissions (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [[...PERMISSIONS]]);
      for (const [name, id] of Object.entries(ROLE) as [RoleName, number][]) {
        const t = ROLE_TITLES[name];
        await m.query(
          `INSERT INTO roles (id, name, title_kk, title_ru, title_en) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO NOTHING`,
          [id, name, t.kk, t.ru, t.en],
        );
        if (name === 'admin') continue;
        // Each default grant is offered once: a new role gets all of them, an existing role the keys added since
        // (a later release), and a grant staff removed is never offered again.
        const offered: { permission: string }[] = await m.query(
          `INSERT INTO role_permission_defaults (role_id, permission) SELECT $1, unnest($2::text[])
           ON CONFLICT DO NOTHING RETURNING permission`,
          [id, DEFAULT_ROLE_PERMISSIONS[name]],
        );
        if (offered.length) {
          await m.query(
            `INSERT INTO role_permissions (role_id, permission_id)
             SELECT $1, id FROM permissions WHERE name = ANY($2) ON CONFLICT DO NOTHING`,
            [id, offered.map((o) => o.permission)],
          );
        }
      }
      if (this.config.SEED_DEMO) {
        for (const u of DEMO_USERS) {
          await m.query(
            `INSERT INTO users (id, phone, first_name, last_name, role_id, grade) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (phone) DO NOTHING`,
            [demoUserId(u.phone), u.phone, u.firstName, u.lastName, u.roleId, u.grade],
          );
        }
        // The landing pages' 2026-2027 stages, once: what staff save later is kept.
        await m.query(`INSERT INTO settings (key, value, updated_at) VALUES ('landing', $1::jsonb, now()) ON CONFLICT (key) DO NOTHING`, [JSON.stringify(DEMO_LANDING)]);
      }
    });
    this.logger.info({ demo: this.config.SEED_DEMO }, 'reference data seeded');
  }
}
