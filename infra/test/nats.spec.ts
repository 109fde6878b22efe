/** ensureNats: the machine's server, a spawned one, and the one-line error when neither is possible. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureNats, hostAndPort } from '../src/runtime/nats';
import { canConnect, findOnPath, freePort } from '../src/runtime/util';

describe('ensureNats', () => {
  it('fails with one line that says how to get NATS when nothing answers and no nats-server is on PATH', async () => {
    const closed = await freePort();
    const emptyDir = await mkdtemp(join(tmpdir(), 'olymp-no-nats-'));
    try {
      const attempt = ensureNats({ env: { NATS_URL: `nats://127.0.0.1:${closed}`, PATH: emptyDir } });
      await expect(attempt).rejects.toThrow(
        `NATS is not reachable at nats://127.0.0.1:${closed} and no nats-server is on PATH: install it (Debian: apt-get install nats-server) or set NATS_URL.`,
      );
      await expect(attempt).rejects.toThrow(/^[^\n]+$/);
    } finally {
      await rm(emptyDir, { recursive: true, force: true });
    }
  });

  it('uses the server at NATS_URL when it accepts connections', async () => {
    const url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
    const nats = await ensureNats({ env: { NATS_URL: url, PATH: '' } });
    expect(nats).toMatchObject({ url, spawned: false });
    await nats.stop();
  });

  const onPath = findOnPath('nats-server', process.env.PATH);
  (onPath ? it : it.skip)('starts nats-server from PATH on a free port when nothing answers, and stops it', async () => {
    const closed = await freePort();
    const nats = await ensureNats({ env: { NATS_URL: `nats://127.0.0.1:${closed}`, PATH: process.env.PATH } });
    try {
      expect(nats.spawned).toBe(true);
      const { host, port } = hostAndPort(nats.url);
      expect(port).not.toBe(closed);
      expect(await canConnect(host, port)).toBe(true);
      await nats.stop();
      expect(await canConnect(host, port)).toBe(false);
    } finally {
      await nats.stop();
    }
  });

  it('reads host and port from the forms NATS_URL takes', () => {
    expect(hostAndPort('nats://10.0.0.5:4333')).toEqual({ host: '10.0.0.5', port: 4333 });
    expect(hostAndPort('127.0.0.1:4555,nats://other:4222')).toEqual({ host: '127.0.0.1', port: 4555 });
    expect(hostAndPort('nats://localhost')).toEqual({ host: 'localhost', port: 4222 });
  });
});
