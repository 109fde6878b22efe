/** ensurePostgres: database creation on a running server, and the embedded fallback in a temporary directory. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { dropDatabase, ensurePostgres, withDatabase } from '../src/runtime/postgres';
import { canConnect, freePort } from '../src/runtime/util';

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function query(url: string, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('ensurePostgres', () => {
  it('creates the database on a reachable server and starts nothing', async () => {
    const url = withDatabase(adminUrl, `olymp_ensure_${randomBytes(4).toString('hex')}`);
    const postgres = await ensurePostgres({ url });
    try {
      expect(postgres).toMatchObject({ url, embedded: false });
      const again = await ensurePostgres({ url });
      expect(again.url).toBe(url);
      expect(await query(url, 'SELECT current_database() AS db')).toEqual([{ db: new URL(url).pathname.slice(1) }]);
    } finally {
      await postgres.stop();
      await dropDatabase(url);
    }
  });

  it('starts an embedded PostgreSQL in a temporary directory when nothing answers, and removes it on stop', async () => {
    const closed = await freePort();
    const postgres = await ensurePostgres({ url: `postgres://postgres@127.0.0.1:${closed}/olymp_embedded` });
    let dataDir: unknown;
    try {
      expect(postgres.embedded).toBe(true);
      expect(postgres.dataDir).toBeUndefined();
      const rows = await query(postgres.url, "SELECT current_database() AS db, current_setting('server_version_num')::int AS version");
      expect(rows).toEqual([{ db: 'olymp_embedded', version: expect.any(Number) }]);
      expect(rows[0]?.version).toBeGreaterThanOrEqual(180000);
      // The builtin C.UTF-8 locale changes case of Kazakh letters whatever OS locales exist.
      expect(await query(postgres.url, "SELECT upper('әліпби') AS up")).toEqual([{ up: 'ӘЛІПБИ' }]);
      dataDir = (await query(postgres.adminUrl, "SELECT current_setting('data_directory') AS dir"))[0]?.dir;
    } finally {
      await postgres.stop();
    }
    expect(await canConnect('127.0.0.1', Number(new URL(postgres.url).port))).toBe(false);
    expect(typeof dataDir).toBe('string');
    expect(existsSync(String(dataDir))).toBe(false);
  });

  it('reports a server that refuses us instead of starting another one', async () => {
    const url = withDatabase(adminUrl, 'olymp_test').replace('//postgres@', '//no_such_role_olymp@');
    await expect(ensurePostgres({ url })).rejects.toThrow(/refused the connection/);
  });
});
