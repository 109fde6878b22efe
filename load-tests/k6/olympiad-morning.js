// @ts-check
/**
 * k6: olympiad morning. Each virtual pupil requests a code, reads it from the development inbox (the SMS of a
 * local or staging stack), logs in, opens today's checkpoint of the grade-5 demo challenge, starts a test, answers
 * 10-15 questions with think time, and finishes.
 *
 *   k6 run -e BASE_URL=http://127.0.0.1:8080 -e PHONE_PREFIX=+7708 load-tests/k6/olympiad-morning.js
 *
 * Pupils must exist (registered with grade 5): create them with `npm run bench` setup or the admin API; PHONE_PREFIX
 * plus a 7-digit number per virtual user and iteration.
 */
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { Trend } from 'k6/metrics';
import exec from 'k6/execution';
import encoding from 'k6/encoding';

const BASE = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const PREFIX = __ENV.PHONE_PREFIX || '+7709';
const answerSave = new Trend('answer_save_duration', true);

export const options = {
  scenarios: {
    morning: { executor: 'ramping-vus', startVUs: 0, stages: [{ duration: '1m', target: 200 }, { duration: '3m', target: 200 }, { duration: '30s', target: 0 }] },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<300', 'p(99)<800'],
    answer_save_duration: ['p(95)<100', 'p(99)<200'],
  },
};

/** @param {string} method @param {string} path @param {unknown} [body] @param {string} [token] */
function api(method, path, body, token) {
  /** @type {Record<string, string>} */
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-locale': 'kk' };
  if (token) headers.authorization = `Bearer ${token}`;
  return http.request(method, `${BASE}/api${path}`, body === undefined ? null : JSON.stringify(body), { headers });
}

export default function () {
  const n = exec.vu.idInTest * 1000 + exec.vu.iterationInScenario;
  const phone = `${PREFIX}${String(n % 10_000_000).padStart(7, '0')}`;
  const device = `k6-${n}`;
  check(api('POST', '/send-otp', { phone, purpose: 'login', device_id: device }), { 'code requested': (r) => r.status === 200 });
  let code = '';
  for (let i = 0; i < 20 && !code; i++) {
    const inbox = api('GET', `/dev/sms?to=${encodeURIComponent(phone)}&limit=1`);
    code = /** @type {{ data: { code: string }[] }} */ (inbox.json()).data[0]?.code ?? '';
    if (!code) sleep(0.2);
  }
  if (!code) fail(`no code for ${phone}`);
  const login = api('POST', '/login', { phone, otp: code, device_id: device });
  check(login, { 'logged in': (r) => r.status === 200 || r.status === 201 });
  const token = /** @type {{ data: { token: string } }} */ (login.json()).data.token;
  const userId = JSON.parse(encoding.b64decode(token.split('.')[1], 'rawurl', 's')).sub;

  const list = /** @type {{ data: { id: string, grade: number }[] }} */ (api('GET', '/challenges-all?grade=5', undefined, token).json()).data;
  const challenge = list.find((c) => c.grade === 5);
  if (!challenge) fail('no grade-5 challenge');
  api('POST', `/users/${userId}/challenges/${challenge.id}`, {}, token);
  const page = /** @type {{ data: { checkpoints: { state: string, quizzes: { id: string }[] }[] } }} */ (api('GET', `/challenges-all/${challenge.id}`, undefined, token).json()).data;
  const today = page.checkpoints.find((c) => c.state === 'open');
  if (!today) fail('no open checkpoint');
  const quiz = today.quizzes[Math.floor(Math.random() * today.quizzes.length)];
  const started = api('POST', `/users/${userId}/quizzes/${quiz.id}/start`, { prechecks: { charged: true, stableConnection: true, timerKeepsRunning: true } }, token);
  check(started, { 'test started': (r) => r.status === 201 });
  const play = /** @type {{ data: { attempt: { id: string }, questions: { id: string, kind: string, options: { id: string }[] }[] } }} */ (started.json()).data;
  const count = 10 + Math.floor(Math.random() * 6);
  play.questions.slice(0, count).forEach((q, i) => {
    sleep(2 + Math.random() * 4); // thinking
    const answer = q.kind === 'single' ? { optionId: q.options[0].id } : q.kind === 'multiple' ? { optionIds: [q.options[0].id] } : q.kind === 'numeric' ? { value: 42 } : { text: 'бесбұрыш' };
    const saved = api('POST', '/user-answer', { attemptId: play.attempt.id, questionId: q.id, answer, seq: i + 1 }, token);
    answerSave.add(saved.timings.duration);
    check(saved, { 'answer saved': (r) => r.status === 200 });
  });
  check(api('POST', `/users/${userId}/quizzes/${quiz.id}/finish`, { attemptId: play.attempt.id }, token), { finished: (r) => r.status === 200 });
}
