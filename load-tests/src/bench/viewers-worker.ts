/**
 * A share of the fan-out viewers in a process of its own: one node process parsing 10,000 board pushes would be the
 * load generator's limit, not the server's. Told over IPC to connect, to arm for the next push, and to close; it
 * answers when every one of its sockets got the push, with the last receipt time and the push's own `at`.
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { receiptParser } from './receipt-parser';
import { pool } from './stats';

type Command =
  | { connect: { url: string; n: number; auth: object; firstBoard: boolean } }
  | { arm: number }
  | { close: true };

let sockets: Socket[] = [];
const send = (m: object) => process.send?.(m);

process.on('message', (cmd: Command) => {
  if ('connect' in cmd) {
    const { url, n, auth, firstBoard } = cmd.connect;
    pool(Array.from({ length: n }), 50, async () => {
      const s = ioClient(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true, parser: receiptParser });
      await new Promise<void>((resolve, reject) => {
        s.once(firstBoard ? 'board' : 'connect', () => resolve());
        s.once('connect_error', (e) => reject(e));
      });
      sockets.push(s);
    }).then(
      () => send({ connected: sockets.length }),
      (err: unknown) => send({ failed: String(err) }),
    );
  } else if ('arm' in cmd) {
    let left = sockets.length;
    let last = 0;
    let emitAt = 0;
    for (const s of sockets) {
      s.once('board', (view: { at: string }) => {
        emitAt = Math.max(emitAt, Date.parse(view.at));
        last = Date.now();
        left -= 1;
        if (left === 0) send({ round: cmd.arm, last, emitAt });
      });
    }
    send({ armed: cmd.arm });
  } else if ('close' in cmd) {
    for (const s of sockets) s.disconnect();
    sockets = [];
    process.exit(0);
  }
});
