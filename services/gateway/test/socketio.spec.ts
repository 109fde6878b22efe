import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import WebSocket, { WebSocketServer } from 'ws';
import type { RunningGateway } from '../src/app';
import { closeFakes, deadUrl, eventually, rawRequest, start, startFakes, upstreamEnv, type Fakes } from './helpers';

let fakes: Fakes;
let gw: RunningGateway;
let wss: WebSocketServer;
const upgrades: IncomingMessage[] = [];

beforeAll(async () => {
  fakes = await startFakes();
  // The notifications stand-in speaks websocket at /socket.io/ (as Socket.IO does) and echoes messages.
  wss = new WebSocketServer({ server: fakes.notifications.server, path: '/socket.io/' });
  wss.on('connection', (socket, req) => {
    upgrades.push(req);
    socket.on('message', (data, binary) => socket.send(binary ? data : `echo:${data.toString()}`, { binary }));
  });
  fakes.notifications.handlers.set('/socket.io/', (req, res, body) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8' });
    res.end(req.method === 'POST' ? `ok:${body.toString()}` : '0{"sid":"s1","upgrades":["websocket"],"pingInterval":25000}');
  });
  gw = await start({ ...upstreamEnv(fakes) });
});

afterAll(async () => {
  await gw?.close();
  await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
  await closeFakes(fakes ?? {});
});

describe('/socket.io', () => {
  it('proxies long-polling GET to notifications with the query string intact', async () => {
    const path = '/socket.io/?EIO=4&transport=polling&t=PxYz1-a';
    const res = await rawRequest(gw.url, { path, headers: { 'x-locale': 'ru' } });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('"sid":"s1"');
    const seen = fakes.notifications.last();
    expect(seen.url).toBe(path);
    expect(seen.headers['x-locale']).toBe('ru');
    expect(seen.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it('proxies long-polling POST with its body', async () => {
    const res = await request(gw.url)
      .post('/socket.io/?EIO=4&transport=polling&sid=s1')
      .set('content-type', 'text/plain;charset=UTF-8')
      .send('40{"token":"abc"}');
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok:40{"token":"abc"}');
    expect(fakes.notifications.last().method).toBe('POST');
  });

  it('proxies the websocket upgrade both ways', async () => {
    const ws = new WebSocket(`${gw.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      headers: { 'x-locale': 'en', authorization: 'Bearer t0k', 'x-request-id': 'ws-request-0001' },
    });
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(data.toString()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send('hello');
    ws.send('привет');
    await eventually(() => (messages.length === 2 ? true : undefined));
    expect(messages).toEqual(['echo:hello', 'echo:привет']);

    const upstream = upgrades.at(-1);
    expect(upstream?.url).toBe('/socket.io/?EIO=4&transport=websocket');
    expect(upstream?.headers['x-locale']).toBe('en');
    expect(upstream?.headers.authorization).toBe('Bearer t0k');
    expect(upstream?.headers['x-request-id']).toBe('ws-request-0001');

    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.close(1000);
    expect(await closed).toBe(1000);
  });

  it('503 SERVICE_UNAVAILABLE for polling when notifications is down', async () => {
    const down = await start({ ...upstreamEnv(fakes), NOTIFICATIONS_URL: await deadUrl() });
    try {
      const res = await request(down.url).get('/socket.io/?EIO=4&transport=polling').set('x-locale', 'en');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
