/**
 * `npm run db:diff -- <service>`: prints the SQL a new migration of that service needs, i.e. what would still
 * be required to make a freshly migrated schema match the service's entities. Empty output: nothing to do.
 * Runs against a throwaway schema that is dropped afterwards.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadConfig, SERVICE_NAMES, type ServiceName } from '../config/config';
import type { ServiceDefinition } from '../bootstrap';
import { openDatabase, pendingSchemaChanges } from './database';

async function main(): Promise<void> {
  const service = process.argv[2] as ServiceName;
  if (!SERVICE_NAMES.includes(service) || service === 'gateway') {
    process.stderr.write(`usage: npm run db:diff -- <${SERVICE_NAMES.filter((s) => s !== 'gateway').join('|')}>\n`);
    process.exit(2);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`@olymp/${service}`) as Record<string, unknown>;
  const def = Object.values(mod).find((v): v is ServiceDefinition => !!v && typeof v === 'object' && (v as ServiceDefinition).service === service);
  if (!def) throw new Error(`@olymp/${service} exports no service definition`);
  const schema = `diff_${service}_${randomBytes(3).toString('hex')}`;
  const config = loadConfig(service, { ...process.env, DB_SCHEMA: schema });
  const ds = await openDatabase(config, def);
  try {
    const sql = await pendingSchemaChanges(ds);
    for (const q of sql) process.stdout.write(`${q.replaceAll(`"${schema}".`, '')};\n`);
    if (!sql.length) process.stderr.write(`${service}: migrations match the entities\n`);
  } finally {
    await ds.destroy();
    const pg = new Client({ connectionString: config.DATABASE_URL });
    await pg.connect();
    await pg.query(`DROP SCHEMA "${schema}" CASCADE`);
    await pg.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
