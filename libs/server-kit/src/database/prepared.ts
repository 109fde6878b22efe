import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { type DataSource, type EntityManager, QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';

/**
 * A hot statement sent as a named prepared statement: PostgreSQL parses, analyses and plans it once per connection
 * instead of on every call, and each later call sends only its values. TypeORM's `query()` always sends an unnamed
 * statement; during the sign-in bench (`pg_stat_statements` with `track_planning`, 2026-11-28) planning was 2.9 s
 * beside 3.6 s of execution for the hot statements of a code request and a login, and parsing comes on top.
 *
 * For statements that run on every request or event (the outbox, the inbox, the one-time codes, sessions), never
 * for SQL built per call: each distinct text stays prepared on every connection of the pool for its lifetime. The
 * name is a hash of the text, so one text has one name on every connection. It runs on the manager's transaction
 * when there is one (a finished one is refused, as TypeORM refuses it), else on the pool. Errors are TypeORM's
 * QueryFailedError, as from `manager.query`.
 */
export class PreparedSql<R extends QueryResultRow = QueryResultRow> {
  readonly name: string;

  constructor(readonly text: string) {
    this.name = `olymp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  }

  /** The statement's rows (RETURNING rows for a write). */
  async rows(target: EntityManager | DataSource, values: unknown[]): Promise<R[]> {
    return (await this.run(target, values)).rows;
  }

  /** The rows and how many rows the statement touched (an UPDATE's count). */
  async run(target: EntityManager | DataSource, values: unknown[]): Promise<{ rows: R[]; rowCount: number }> {
    const source = isDataSource(target) ? target : target.dataSource;
    const runner = isDataSource(target) ? undefined : target.queryRunner;
    const config = { name: this.name, text: this.text, values };
    // A manager kept past its transaction must not quietly write outside it.
    if (runner?.isReleased) throw new QueryRunnerAlreadyReleasedError();
    try {
      if (runner) {
        const client = (await runner.connect()) as PoolClient;
        const result = await client.query<R>(config);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      }
      const pool = (source.driver as unknown as { master: Pool }).master;
      const result = await pool.query<R>(config);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } catch (err) {
      throw new QueryFailedError(this.text, values, err as Error);
    }
  }
}

const isDataSource = (target: EntityManager | DataSource): target is DataSource => 'driver' in target && 'manager' in target;
