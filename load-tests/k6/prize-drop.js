// @ts-check
/**
 * k6: a prize drop. Every virtual pupil holds the product in their cart and checks it out at the same moment
 * (one iteration each, all started together); exactly STOCK of them get an order, the rest a 409 OUT_OF_STOCK.
 * The npm runner (`BENCH_ONLY=prize-drop npm run bench`) does the same where k6 is missing, beside a bare baseline.
 *
 *   k6 run -e BASE_URL=http://127.0.0.1:8080 -e TOKENS=tokens.json -e PRODUCT=<uuid> -e POINT=<pickup point uuid> load-tests/k6/prize-drop.js
 *
 * tokens.json: a JSON array of pupils' access tokens (e.g. from the bench's login burst); PUPILS defaults to its length.
 */
import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';

const BASE = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const tokens = new SharedArray('tokens', () => /** @type {string[]} */ (JSON.parse(open(__ENV.TOKENS || 'tokens.json'))));
const placed = new Counter('orders_placed');
const soldOut = new Counter('sold_out_answers');
const PUPILS = Number(__ENV.PUPILS || tokens.length);

export const options = {
  scenarios: { drop: { executor: 'per-vu-iterations', vus: PUPILS, iterations: 1, maxDuration: '2m' } },
  thresholds: { http_req_duration: ['p(99)<2000'], checks: ['rate>0.99'] },
};

/** @param {string} token */
const headers = (token) => ({ 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, 'x-locale': 'kk' });

export function setup() {
  // Every pupil's cart holds one unit (not measured).
  for (const token of tokens.slice(0, PUPILS)) http.post(`${BASE}/api/cart/items`, JSON.stringify({ productId: __ENV.PRODUCT, quantity: 1 }), { headers: headers(token) });
}

export default function () {
  const token = tokens[(exec.vu.idInTest - 1) % tokens.length];
  const res = http.post(`${BASE}/api/cart/checkout`, JSON.stringify({ currency: 'zp', fulfilment: { method: 'pickup', pickupPointId: __ENV.POINT } }), { headers: headers(token) });
  if (res.status === 201) placed.add(1);
  const code = res.status === 409 ? /** @type {{ code?: string }} */ (res.json()).code : undefined;
  if (code === 'OUT_OF_STOCK') soldOut.add(1);
  check(res, { 'placed or told it is sold out': (r) => r.status === 201 || code === 'OUT_OF_STOCK' });
}
