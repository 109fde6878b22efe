/**
 * The platform in this test file's process, as the student UI meets it: auth, learning, shop, finance and
 * notifications (fresh schemas and NATS prefix from createTestNamespace, demo data seeded) behind a real gateway that
 * serves a build of the student UI (and of the admin UI under /admin when a test drives both, as the shop's does).
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

export async function startStack(studentUiDir: string, options: { adminUiDir?: string; financeEnv?: Record<string, string> } = {}): Promise<Stack> {
  const ns = createTestNamespace();
  const seed = { SEED_DEMO: 'true' };
  const started: RunningService[] = [];
  try {
    // auth first: the others read roles and people from it over NATS.
    const auth = await startAuth(ns.envFor('auth', seed));
    started.push(auth);
    const [learning, shop, finance, notifications] = await Promise.all([
      startLearning(ns.envFor('learning', seed)),
      startShop(ns.envFor('shop', seed)),
      startFinance(ns.envFor('finance', { ...seed, ...options.financeEnv })),
      startNotifications(ns.envFor('notifications', { ...seed, DEV_SMS_INBOX: 'true', SOCKET_ADAPTER: 'none' })),
    ]);
    started.push(learning, shop, finance, notifications);
    const gateway = await startGateway({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      // Browser, gateway and services share one event loop here: its load says nothing about the gateway.
      MAX_EVENT_LOOP_UTILIZATION: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      STUDENT_UI_DIR: studentUiDir,
      ...(options.adminUiDir ? { ADMIN_UI_DIR: options.adminUiDir } : {}),
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
  } catch (error) {
    await Promise.all(started.map((s) => s.close()));
    await ns.cleanup();
    throw error;
  }
}
