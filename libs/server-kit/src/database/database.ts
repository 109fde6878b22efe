import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MigrationInterface } from 'typeorm';
import type { KitConfig } from '../config/config';
import { kitEntities, kitMigrations } from '../messaging/messaging.entities';

/**
 * PostgreSQL access for one service: its own schema (no service reads another's tables), real migrations run at
 * start under an advisory lock (so replicas starting together migrate once), never `synchronize`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityClass = Function | EntitySchema;
export type MigrationClass = new () => MigrationInterface;

export interface DatabaseDefinition {
  entities: EntityClass[];
  migrations: MigrationClass[];
}

export function dataSourceOptions(config: KitConfig, def: DatabaseDefinition): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    entities: [...kitEntities, ...def.entities],
    migrations: [...kitMigrations, ...def.migrations],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: {
      max: config.DB_POOL_SIZE,
      // Unqualified names in migrations and queries resolve to the service's own schema.
      options: `-c search_path=${config.DB_SCHEMA}`,
      application_name: config.SERVICE,
    },
  };
}

export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // Two processes creating the same schema at once: the loser sees a unique violation, and the schema exists.
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    await client.end();
  }
}

export async function runMigrations(ds: DataSource, schema: string): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/** Creates the schema, connects and migrates. Used by the Nest module and by tools (seed, drift check). */
export async function openDatabase(config: KitConfig, def: DatabaseDefinition): Promise<DataSource> {
  if (!/^[a-z_][a-z0-9_]*$/.test(config.DB_SCHEMA)) throw new Error(`bad schema name ${config.DB_SCHEMA}`);
  await ensureSchema(config.DATABASE_URL, config.DB_SCHEMA);
  const ds = await new DataSource(dataSourceOptions(config, def)).initialize();
  await runMigrations(ds, config.DB_SCHEMA);
  return ds;
}

/**
 * The SQL that would still be needed to make the database match the entities. Empty when migrations and
 * entities agree; a test fails on anything else (a forgotten migration).
 */
export async function pendingSchemaChanges(ds: DataSource): Promise<string[]> {
  const sql = await ds.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}
