import { startAuth } from '@olymp/auth';
import { startNotifications } from '@olymp/notifications';
import { createTestNamespace, testToken, waitFor } from '@olymp/server-kit/testing';
import { ROLE } from '@olymp/proto';
import request from 'supertest';

describe('smoke', () => {
  const ns = createTestNamespace();
  afterAll(() => ns.cleanup());

  it('boots auth and notifications and passes a probe', async () => {
    const auth = await startAuth(ns.envFor('auth', { LOG_LEVEL: 'warn' }));
    const notif = await startNotifications(ns.envFor('notifications', { LOG_LEVEL: 'warn' }));
    try {
      const token = await testToken({ roleId: ROLE.admin });
      const res = await request(auth.url).post('/api/system/probes').set('authorization', `Bearer ${token}`).send({ note: 'hi' });
      expect(res.status).toBe(201);
      const id = res.body.data.id;
      const receipt = await waitFor(async () => {
        const r = await request(notif.url).get(`/api/system/probe-receipts/${id}`).set('authorization', `Bearer ${token}`);
        return r.status === 200 ? r.body.data : undefined;
      });
      expect(receipt.times).toBe(1);
      const h = await request(notif.url).get('/health/ready');
      expect(h.status).toBe(200);
    } finally {
      await notif.close();
      await auth.close();
    }
  });
});
