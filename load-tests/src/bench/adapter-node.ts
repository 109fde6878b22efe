/**
 * One socket.io node of the adapter bench (adapter.ts), as a child process: `ADAPTER=postgres` shares rooms with the
 * other nodes through @socket.io/postgres-adapter configured as services/notifications configures it (pool of 3,
 * attachments table for payloads over NOTIFY's 8000 bytes); `ADAPTER=none` is the bare baseline (in-memory rooms).
 * Every client joins room `r`. Told `{ emit: { rate, seconds, size } }` over IPC, it emits `rate` messages a second
 * to `r` (in 10 ms ticks) for `seconds`, each carrying its send time and sequence number and padded to `size` bytes,
 * then reports `{ emitted }`.
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
let pool: Pool | undefined;
if (process.env.ADAPTER === 'postgres') {
  pool = new Pool({
    connectionString: process.env.DATABASE_URL,
    max: 3,
    application_name: 'bench:adapter',
    options: `-c search_path=${process.env.ADAPTER_SCHEMA}`,
  });
  io.adapter(
    createAdapter(pool, {
      channelPrefix: `socket.io:${process.env.ADAPTER_SCHEMA}`,
      tableName: 'socket_io_attachments',
      heartbeatInterval: 5000,
      heartbeatTimeout: 12_000,
      errorHandler: (err: Error) => process.send?.({ error: String(err) }),
    }),
  );
}
io.on('connection', (socket) => void socket.join('r'));
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
});

process.on('message', (msg: { emit?: { rate: number; seconds: number; size: number; step: number } }) => {
  if (!msg.emit) return;
  const { rate, seconds, size, step } = msg.emit;
  const pad = 'x'.repeat(Math.max(0, size - 60));
  const total = Math.round(rate * seconds);
  const started = Date.now();
  let seq = 0;
  const tick = setInterval(() => {
    // Catch up to where the schedule says we should be (timers drift under load).
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
    while (seq < due) io.to('r').emit('m', { step, seq: seq++, t: Date.now(), pad });
    if (seq >= total) {
      clearInterval(tick);
      process.send?.({ emitted: seq, ms: Date.now() - started });
    }
  }, 10);
});

process.on('SIGTERM', () => {
  void io.close();
  void pool?.end();
  setTimeout(() => process.exit(0), 200).unref();
});
