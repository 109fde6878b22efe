// @ts-check
/**
 * k6: staff browsing and filtering large admin lists (the CRUD kit's Refine query language through the gateway):
 * pages of students, schools and quiz results with search, filters and sorting.
 *
 *   k6 run -e BASE_URL=http://127.0.0.1:8080 -e TOKEN=<staff access token> -e CHALLENGE=<uuid> load-tests/k6/admin-lists.js
 */
import http from 'k6/http';
import { check, sleep } from 'k6';

const BASE = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const headers = { authorization: `Bearer ${__ENV.TOKEN || ''}`, accept: 'application/json', 'x-locale': 'ru' };

export const options = {
  scenarios: { staff: { executor: 'constant-vus', vus: Number(__ENV.STAFF || 20), duration: __ENV.DURATION || '2m' } },
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(95)<250', 'p(99)<600'] },
};

const pages = [
  () => `/students?limit=50&page=${1 + Math.floor(Math.random() * 20)}&sort[0]=lastName,ASC`,
  () => `/students?limit=50&page=1&s=${encodeURIComponent(JSON.stringify({ q: { $cont: 'ов' } }))}`,
  () => `/schools?limit=100&page=1&filter[0]=${encodeURIComponent(`districtId||$eq||${1 + Math.floor(Math.random() * 200)}`)}`,
  () => `/provinces?limit=50`,
  () => (__ENV.CHALLENGE ? `/challenges/${__ENV.CHALLENGE}/quiz-results?perPage=100&page=${1 + Math.floor(Math.random() * 10)}` : '/districts?limit=100'),
];

export default function () {
  const path = pages[Math.floor(Math.random() * pages.length)]();
  check(http.get(`${BASE}/api${path}`, { headers }), { 'list answered': (r) => r.status === 200 });
  sleep(0.5 + Math.random());
}
