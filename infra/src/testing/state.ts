/**
 * Hands the test services from the jest global setup to the global teardown. Jest loads the two files as separate
 * module instances in the same process, so a module variable would not be shared; globalThis is.
 */
import type { TestServices } from './test-services';

const KEY = Symbol.for('olymp.infra.testServices');

type Holder = { [KEY]?: TestServices };

export function rememberTestServices(services: TestServices): void {
  (globalThis as Holder)[KEY] = services;
}

export function takeTestServices(): TestServices | undefined {
  const holder = globalThis as Holder;
  const services = holder[KEY];
  delete holder[KEY];
  return services;
}
