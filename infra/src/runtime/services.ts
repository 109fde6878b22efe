/**
 * The processes the platform runs, their default ports and the variables that override them. The names and ports
 * mirror SERVICE_NAMES / DEFAULT_PORTS in @olymp/server-kit's config; they are repeated here so the launcher loads
 * no Nest code and keeps working while a library is half-edited.
 */
export const BACKEND_SERVICES = ['auth', 'learning', 'shop', 'finance', 'notifications'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];

/** Start order: the gateway last, after the services it fronts. */
export const SERVICES = [...BACKEND_SERVICES, 'gateway'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const DEFAULT_PORTS: Readonly<Record<ServiceName, number>> = {
  gateway: 8080,
  auth: 8081,
  learning: 8082,
  shop: 8083,
  finance: 8084,
  notifications: 8085,
};

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
