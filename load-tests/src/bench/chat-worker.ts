/**
 * A share of the chat bench's members in a process of its own (like viewers-worker.ts): each socket signs in with
 * its member's token and joins the group. Told over IPC to arm for the next `count` chat messages; answers when every
 * socket got them all, with the last receipt time and the newest message's `createdAt` (the server's store time).
 */
import { io as ioClient, type Socket } from 'socket.io-client';
import { pool } from './stats';

type Command =
  | { connect: { url: string; tokens: string[]; groupId: string } }
  | { arm: number; count: number }
  | { close: true };

let sockets: Socket[] = [];
const send = (m: object) => process.send?.(m);

process.on('message', (cmd: Command) => {
  if ('connect' in cmd) {
    const { url, tokens, groupId } = cmd.connect;
    pool(tokens, 50, async (token) => {
      const s = ioClient(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', (e) => reject(e));
      });
      const ack = (await s.timeout(30_000).emitWithAck('chat:join', { groupId })) as { ok: boolean; code?: string };
      if (!ack.ok) throw new Error(`chat:join refused: ${ack.code}`);
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
      let got = 0;
      const onMessage = (m: { createdAt: string }) => {
        got += 1;
        emitAt = Math.max(emitAt, Date.parse(m.createdAt));
        if (got < cmd.count) return;
        s.off('chat:message', onMessage);
        last = Date.now();
        left -= 1;
        if (left === 0) send({ round: cmd.arm, last, emitAt });
      };
      s.on('chat:message', onMessage);
    }
    send({ armed: cmd.arm });
  } else if ('close' in cmd) {
    for (const s of sockets) s.disconnect();
    sockets = [];
    process.exit(0);
  }
});
