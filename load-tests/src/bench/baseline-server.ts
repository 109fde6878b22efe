/**
 * The baseline of the answer-save benchmark: a bare single-process node HTTP server that inserts the same row
 * (an upsert into a table shaped like `user_answers`) into the same PostgreSQL, with no framework, no auth and no
 * checks. Started by the bench as a child process; prints `ready <port>` on stdout.
 * `POST /drop { productId, userId }` is the prize drop's baseline (prize-drop.ts): the least a correct checkout of
 * the last units needs, a conditional stock decrement and an order row in one transaction (409 when none is left).
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL ?? 10) });

async function main() {
  await pool.query('CREATE SCHEMA IF NOT EXISTS bench_baseline');
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_baseline.user_answers (attempt_id uuid NOT NULL, question_id uuid NOT NULL, answer jsonb NOT NULL,
       seq int NOT NULL DEFAULT 0, saved_at timestamptz NOT NULL, PRIMARY KEY (attempt_id, question_id))`,
  );
  await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline.drop_products (id uuid PRIMARY KEY, stock int NOT NULL CHECK (stock >= 0))');
  await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline.drop_orders (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), product_id uuid NOT NULL, user_id uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
  const dropCheckout = async (body: { productId: string; userId: string }): Promise<number> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const taken = await client.query('UPDATE bench_baseline.drop_products SET stock = stock - 1 WHERE id = $1 AND stock >= 1', [body.productId]);
      if (taken.rowCount === 0) {
        await client.query('ROLLBACK');
        return 409;
      }
      await client.query('INSERT INTO bench_baseline.drop_orders (product_id, user_id) VALUES ($1, $2)', [body.productId, body.userId]);
      await client.query('COMMIT');
      return 201;
    } catch {
      await client.query('ROLLBACK').catch(() => undefined);
      return 500;
    } finally {
      client.release();
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { attemptId: string; questionId: string; answer: unknown; seq?: number };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (req.url === '/drop') {
        void dropCheckout(body as unknown as { productId: string; userId: string }).then((status) => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'));
        return;
      }
      pool
        .query(
          `INSERT INTO bench_baseline.user_answers (attempt_id, question_id, answer, seq, saved_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (attempt_id, question_id) DO UPDATE SET answer = EXCLUDED.answer, seq = EXCLUDED.seq, saved_at = EXCLUDED.saved_at`,
          [body.attemptId, body.questionId, JSON.stringify(body.answer), body.seq ?? 1],
        )
        .then(() => {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"applied":true}}');
        })
        .catch(() => res.writeHead(500).end());
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

void main();
