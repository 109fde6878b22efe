/**
 * The subscribe flood of `BENCH_ONLY=subscribe-flood`, in a process of its own (so the load generator's event loop
 * stays the answer saves'): anonymous sockets through the gateway, each sending `board:subscribe` to random board
 * ids at a fixed rate, reconnecting at once when the server disconnects them. Told over IPC to start and to stop;
 * answers the counts when stopped.
 */
import { randomUUID } from 'node:crypto';
import { io as ioClient, type Socket } from 'socket.io-client';

type Command = { start: { url: string; sockets: number; perSecond: number } } | { stop: true };

const counts = { attempts: 0, acked: 0, rateLimited: 0, notFound: 0, otherRefusals: 0, connects: 0, disconnects: 0, connectErrors: 0 };
const sockets: Socket[] = [];
let running = false;
const TICK_MS = 50;

function flood(url: string, perSocketPerTick: number): void {
  if (!running) return;
  const s = ioClient(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(s);
  let timer: NodeJS.Timeout | undefined;
  s.on('connect', () => {
    counts.connects++;
    timer = setInterval(() => {
      for (let i = 0; i < perSocketPerTick && s.connected; i++) {
        counts.attempts++;
        s.emit('board:subscribe', { kind: 'challenge', id: randomUUID() }, (ack: { ok: boolean; code?: string }) => {
          counts.acked++;
          if (ack.code === 'SOCKET_SUBSCRIBE_RATE_LIMITED') counts.rateLimited++;
          else if (ack.code === 'NOT_FOUND') counts.notFound++;
          else if (!ack.ok) counts.otherRefusals++;
        });
      }
    }, TICK_MS);
  });
  const again = () => {
    clearInterval(timer);
    sockets.splice(sockets.indexOf(s), 1);
    s.close();
    // A flooder comes straight back (the gateway's per-address limit is off in the bench).
    setTimeout(() => flood(url, perSocketPerTick), 20);
  };
  s.on('disconnect', () => {
    counts.disconnects++;
    again();
  });
  s.on('connect_error', () => {
    counts.connectErrors++;
    again();
  });
}

process.on('message', (cmd: Command) => {
  if ('start' in cmd) {
    running = true;
    const perSocketPerTick = Math.max(1, Math.round(cmd.start.perSecond / cmd.start.sockets / (1000 / TICK_MS)));
    for (let i = 0; i < cmd.start.sockets; i++) flood(cmd.start.url, perSocketPerTick);
    process.send?.({ started: true });
  } else {
    running = false;
    for (const s of sockets) s.close();
    process.send?.({ counts }, () => process.exit(0));
  }
});
