/**
 * The fan-out baseline: a bare socket.io server (no auth, no adapter, no ranking) that, when told over IPC, emits a
 * board-sized payload to every connected client in one room. Started by the bench as a child process; the bench
 * measures emit-to-last-receipt and this process's CPU per delivery the same way as for the notifications node.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import { Server } from 'socket.io';

// BENCH_RAW_ALS=1 (an experiment's switch): the bare server with an AsyncLocalStorage entered, as in every platform
// process (the kit's request context). On Node 20 that turns async hooks on for the whole process.
if (process.env.BENCH_RAW_ALS === '1') new AsyncLocalStorage<object>().enterWith({});

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => void socket.join('board'));
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (msg: { emit?: unknown }) => {
  if (msg.emit) io.to('board').emit('board', { ...(msg.emit as object), at: new Date().toISOString() });
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
