// @ts-check
/**
 * k6: display screens and pupils watching a live board over socket.io (engine.io v4 framing on a plain websocket),
 * while a trickle of pupils keeps the ranking moving. Measures how long after the server stamped a push
 * (`at`) each viewer received it.
 *
 *   k6 run -e BASE_URL=http://127.0.0.1:8080 -e BOARD=<challenge uuid> load-tests/k6/live-board.js
 */
import ws from 'k6/ws';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/^http/, 'ws');
const BOARD = __ENV.BOARD || '';
const pushDelay = new Trend('board_push_delay', true);
const pushes = new Counter('board_pushes');

export const options = {
  scenarios: { viewers: { executor: 'constant-vus', vus: Number(__ENV.VIEWERS || 2000), duration: __ENV.DURATION || '2m' } },
  thresholds: { board_push_delay: ['p(99)<1000'], ws_connecting: ['p(95)<1000'] },
};

export default function () {
  const res = ws.connect(`${BASE}/socket.io/?EIO=4&transport=websocket`, {}, (socket) => {
    socket.on('message', (raw) => {
      if (raw.startsWith('0')) {
        // engine.io open -> socket.io connect with the handshake auth (public board, no token).
        socket.send(`40${JSON.stringify({ boards: [{ kind: 'challenge', id: BOARD }], locale: 'kk' })}`);
      } else if (raw === '2') {
        socket.send('3'); // ping -> pong
      } else if (raw.startsWith('42')) {
        const [event, view] = /** @type {[string, { at: string }]} */ (JSON.parse(raw.slice(2)));
        if (event === 'board') {
          pushes.add(1);
          pushDelay.add(Date.now() - Date.parse(view.at));
        }
      }
    });
    socket.setTimeout(() => socket.close(), 60_000);
  });
  check(res, { 'websocket upgraded': (r) => r && r.status === 101 });
}
