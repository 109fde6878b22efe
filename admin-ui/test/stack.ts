/**
 * The whole platform in this test file's process: the five services (fresh schemas and NATS prefix from
 * createTestNamespace, demo data seeded) behind a real gateway that serves a build of the admin UI.
 */
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { startGateway, type RunningGateway } from '@olymp/gateway';
import { startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';
import { closeStack } from '@olymp/web-common/testing';
import { startShop } from '@olymp/shop';

export interface Stack {
  gateway: RunningGateway;
  services: Record<'auth' | 'learning' | 'shop' | 'finance' | 'notifications', RunningService>;
  close(): Promise<void>;
}

export async function startStack(adminUiDir: string): Promise<Stack> {
  const ns = createTestNamespace();
  const seed = { SEED_DEMO: 'true' };
  // auth first: the others read roles and people from it over NATS.
  const auth = await startAuth(ns.envFor('auth', seed));
  const [learning, shop, finance, notifications] = await Promise.all([
    startLearning(ns.envFor('learning', seed)),
    startShop(ns.envFor('shop', seed)),
    startFinance(ns.envFor('finance')),
    // One notifications node: the multi-node socket.io adapter (and its LISTEN connections) is tested in
    // services/notifications, as in the student UI's stack.
    startNotifications(ns.envFor('notifications', { ...seed, DEV_SMS_INBOX: 'true', SOCKET_ADAPTER: 'none' })),
  ]);
  const gateway = await startGateway({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    // Load shedding measures this process's event loop, which here also runs five services, Chromium's driver and
    // the test: on a busy machine it would answer 503 to a functional test. Shedding is tested in services/gateway.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_EVENT_LOOP_UTILIZATION: '0',
    ADMIN_UI_DIR: adminUiDir,
    AUTH_URL: auth.url,
    LEARNING_URL: learning.url,
    SHOP_URL: shop.url,
    FINANCE_URL: finance.url,
    NOTIFICATIONS_URL: notifications.url,
  });
  const services = { auth, learning, shop, finance, notifications };
  return {
    gateway,
    services,
    async close() {
      await closeStack(gateway, services, () => ns.cleanup());
    },
  };
}
