/**
 * The platform's processes and their default local ports: shared by the services' config, the gateway's
 * upstream defaults and the local runtime, so the three never disagree.
 */
export const SERVICE_NAMES = ['gateway', 'auth', 'learning', 'shop', 'finance', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const DEFAULT_PORTS: Readonly<Record<ServiceName, number>> = {
  gateway: 8080,
  auth: 8081,
  learning: 8082,
  shop: 8083,
  finance: 8084,
  notifications: 8085,
};
