/**
 * How a kit service's HTTP side stops (bootstrap.ts): a request it is answering when the stop begins still gets its
 * whole answer, while a connection that carries no request (idle keep-alive, or a client that connected and sent half
 * a request line, then stalled) is cut at once instead of holding the stop until Node's 60 s headers timeout. `busy()`
 * names what a slow stop waits on. Real PostgreSQL and NATS; the service is built for this file.
 */
import { connect, type Socket } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import { type RunningService, Public, createService } from '@olymp/server-kit';
import { createTestNamespace, NoPermissions, waitFor } from '@olymp/server-kit/testing';

/** The slow route's answer waits for the test to release it. */
let release: () => void = () => undefined;
let entered: () => void = () => undefined;

@Controller('shutdown-probe')
class ShutdownProbeController {
  @Public()
  @Get('slow')
  async slow() {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
    return { data: { finished: true } };
  }
}

@Module({ controllers: [ShutdownProbeController] })
class ShutdownProbeModule {}

/** Resolves when `socket` is closed, with everything it received. */
function closed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

function connected(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('a kit service stopping its HTTP side', () => {
  const ns = createTestNamespace();
  afterAll(() => ns.cleanup());

  it('finishes the request in flight and cuts a stalled half-sent request at once, naming both while it waits', async () => {
    const svc: RunningService = await createService(
      { service: 'learning', imports: [ShutdownProbeModule], entities: [], migrations: [], permissionSource: NoPermissions },
      ns.envFor('learning'),
    );
    // A client that began a request and went quiet: Node counts its connection as busy until its headers timeout.
    const stalled = await connected(svc.url);
    const stalledClosed = closed(stalled);
    stalled.write('GET /api/shutdown-probe/slow HTTP/1.1\r\nHost: probe\r\n');
    // A request the service is answering.
    const inFlight = await connected(svc.url);
    const answer = closed(inFlight);
    const started = new Promise<void>((resolve) => (entered = resolve));
    inFlight.write('GET /api/shutdown-probe/slow HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n');
    await started;
    expect(svc.busy()).toEqual(expect.arrayContaining(['GET /api/shutdown-probe/slow', '2 HTTP connections open']));

    const stopping = svc.close();
    // The stalled connection goes without waiting for the slow answer; the answer is still being awaited.
    await expect(stalledClosed).resolves.toBe('');
    await waitFor(() => svc.busy().includes('1 HTTP connections open'), { what: 'the stalled connection gone from busy()' });
    expect(svc.busy()).toEqual(['GET /api/shutdown-probe/slow', '1 HTTP connections open']);
    release();
    await expect(answer).resolves.toMatch(/^HTTP\/1\.1 200 [\s\S]*"finished":true/);
    await stopping;
    expect(svc.busy()).toEqual([]);
  }, 30_000);
});
