/**
 * PreparedSql against the real PostgreSQL: the statement runs on the caller's transaction (sees and discards what the
 * transaction does), on the pool without one, never on a finished transaction, is really prepared on the connection (pg_prepared_statements), and a
 * refused value is TypeORM's QueryFailedError with PostgreSQL's code, after which the statement still works.
 */
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager, QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { PreparedSql } from '@olymp/server-kit';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/olymp_test';
const schema = `prepared_t${randomBytes(4).toString('hex')}`;

const add = new PreparedSql<{ id: number }>(`INSERT INTO ${schema}.items (id, label) VALUES ($1, $2) RETURNING id`);
const byId = new PreparedSql<{ id: number; label: string }>(`SELECT id, label FROM ${schema}.items WHERE id = $1`);
const rename = new PreparedSql(`UPDATE ${schema}.items SET label = $2 WHERE id = $1`);

describe('PreparedSql', () => {
  let ds: DataSource;

  beforeAll(async () => {
    ds = await new DataSource({ type: 'postgres', url, poolSize: 2 }).initialize();
    await ds.query(`CREATE SCHEMA ${schema}`);
    await ds.query(`CREATE TABLE ${schema}.items (id int PRIMARY KEY, label text NOT NULL)`);
  });

  afterAll(async () => {
    await ds?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await ds?.destroy();
  });

  it('runs on the transaction it is given: its writes are seen inside, not outside, and go with a rollback', async () => {
    await expect(
      ds.transaction(async (m) => {
        expect(await add.rows(m, [1, 'ruler'])).toEqual([{ id: 1 }]);
        expect(await byId.rows(m, [1])).toEqual([{ id: 1, label: 'ruler' }]);
        // The pool's other connection does not see the uncommitted row.
        expect(await byId.rows(ds, [1])).toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.rows(ds, [1])).toEqual([]);

    await ds.transaction((m) => add.rows(m, [2, 'pencil']));
    expect(await byId.rows(ds, [2])).toEqual([{ id: 2, label: 'pencil' }]);
    expect(await rename.run(ds, [2, 'pen'])).toEqual({ rows: [], rowCount: 1 });
    expect(await rename.run(ds, [99, 'none'])).toEqual({ rows: [], rowCount: 0 });
  });

  it('refuses a manager whose transaction is over instead of writing outside it', async () => {
    let kept: EntityManager | undefined;
    await ds.transaction(async (m) => {
      kept = m;
    });
    await expect(add.rows(kept!, [3, 'late'])).rejects.toBeInstanceOf(QueryRunnerAlreadyReleasedError);
    expect(await byId.rows(ds, [3])).toEqual([]);
  });

  it('is prepared once on the connection under its name, and called again by it', async () => {
    await ds.transaction(async (m) => {
      await byId.rows(m, [2]);
      await byId.rows(m, [2]);
      const prepared: { name: string; statement: string }[] = await m.query('SELECT name, statement FROM pg_prepared_statements WHERE name = $1', [byId.name]);
      expect(prepared).toEqual([{ name: byId.name, statement: byId.text }]);
    });
    expect(byId.name).toMatch(/^olymp_[0-9a-f]{24}$/);
    expect(new PreparedSql(byId.text).name).toBe(byId.name);
    expect(add.name).not.toBe(byId.name);
  });

  it('fails as TypeORM does on a refused value, and the statement still works after', async () => {
    const failed = await ds.transaction((m) => byId.rows(m, ['not a number'])).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError).driverError).toMatchObject({ code: '22P02' });
    const duplicate = await add.rows(ds, [2, 'again']).catch((err: unknown) => err);
    expect((duplicate as QueryFailedError).driverError).toMatchObject({ code: '23505' });
    expect(await byId.rows(ds, [2])).toEqual([{ id: 2, label: 'pen' }]);
  });
});
