import type { ServiceName } from '@olymp/proto';

/**
 * The processes the platform runs and the variables that override their ports. Names and default ports come
 * from @olymp/proto (plain constants: the launcher loads no Nest code).
 */
export { DEFAULT_PORTS, type ServiceName } from '@olymp/proto';

export const BACKEND_SERVICES = ['auth', 'learning', 'shop', 'finance', 'notifications'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];

/** Start order: the gateway last, after the services it fronts. */
export const SERVICES: readonly ServiceName[] = [...BACKEND_SERVICES, 'gateway'];

/** PORT for the gateway (the usual convention for the public entry point), AUTH_PORT etc. for the others. */
export function portVariable(name: ServiceName): string {
  return name === 'gateway' ? 'PORT' : `${name.toUpperCase()}_PORT`;
}

/** The gateway finds each service through AUTH_URL, LEARNING_URL, ... */
export function urlVariable(name: BackendService): string {
  return `${name.toUpperCase()}_URL`;
}

/** Entry point of a built service, relative to the repository root. */
export function mainScript(name: ServiceName): string {
  return `services/${name}/dist/main.js`;
}
