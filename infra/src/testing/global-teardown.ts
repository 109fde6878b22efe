/** Jest global teardown: stops the PostgreSQL / nats-server that global-setup.ts started (nothing when it found them). */
import { takeTestServices } from './state';

export default async function globalTeardown(): Promise<void> {
  await takeTestServices()?.stop();
}
