/**
 * `node libs/server-kit/dist/database/migrate-cli.js [service...]`: runs the migrations of the named services (all
 * services with a database when none is named) and exits, without starting them. A deployment runs it once per
 * release, before the new version's pods start (infra/deploy, docs/deploy.md). It takes the same advisory lock as a
 * starting service (`migrate:<schema>`, runMigrations), so it is safe beside replicas that migrate at boot: whoever
 * comes second waits for the lock and then finds nothing pending. Exit 0: every schema is up to date.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { type KitConfig, loadConfig, SERVICE_NAMES, type ServiceName } from '../config/config';
import type { ServiceDefinition } from '../bootstrap';
import { dataSourceOptions, ensureSchema, runMigrations } from './database';

/** The services that own a PostgreSQL schema (the gateway has none). */
export const MIGRATED_SERVICES = SERVICE_NAMES.filter((s): s is Exclude<ServiceName, 'gateway'> => s !== 'gateway');

export interface MigrationReport {
  service: ServiceName;
  schema: string;
  /** Migrations this run applied; empty when the schema was already up to date. */
  applied: string[];
}

/**
 * The configuration a migration needs: the kit's, read from the database variables alone (`DATABASE_URL`,
 * `DB_SCHEMA`), so a migrations Job needs no signing key, NATS or provider secret.
 */
export function migrationConfig(service: ServiceName, env: Record<string, string | undefined> = process.env): KitConfig {
  return loadConfig(service, { DATABASE_URL: env.DATABASE_URL, DB_SCHEMA: env.DB_SCHEMA });
}

/** Migrates one service's schema under the migration lock; returns what it applied. */
export async function migrateService(def: ServiceDefinition, env: Record<string, string | undefined> = process.env): Promise<MigrationReport> {
  const config = migrationConfig(def.service, env);
  if (!/^[a-z_][a-z0-9_]*$/.test(config.DB_SCHEMA)) throw new Error(`bad schema name ${config.DB_SCHEMA}`);
  await ensureSchema(config.DATABASE_URL, config.DB_SCHEMA);
  const ds = await new DataSource(dataSourceOptions(config, def)).initialize();
  try {
    const applied = await runMigrations(ds, config.DB_SCHEMA);
    return { service: def.service, schema: config.DB_SCHEMA, applied };
  } finally {
    await ds.destroy();
  }
}

function definitionOf(service: ServiceName): ServiceDefinition {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`@olymp/${service}`) as Record<string, unknown>;
  const def = Object.values(mod).find((v): v is ServiceDefinition => !!v && typeof v === 'object' && (v as ServiceDefinition).service === service);
  if (!def) throw new Error(`@olymp/${service} exports no service definition`);
  return def;
}

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((s) => !(MIGRATED_SERVICES as readonly string[]).includes(s));
  if (unknown.length) {
    process.stderr.write(`unknown service ${unknown.join(', ')}; usage: migrate-cli.js [${MIGRATED_SERVICES.join('|')}]...\n`);
    process.exit(2);
  }
  const services = named.length ? (named as ServiceName[]) : MIGRATED_SERVICES;
  for (const service of services) {
    const report = await migrateService(definitionOf(service));
    process.stdout.write(
      `${JSON.stringify({ level: 'info', service: report.service, schema: report.schema, applied: report.applied, msg: report.applied.length ? 'migrated' : 'up to date' })}\n`,
    );
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
