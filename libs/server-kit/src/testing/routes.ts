import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** One HTTP route of a running service, read from its controllers and confirmed in its Fastify router. */
export interface HttpRoute {
  /** `Controller.method`, for messages. */
  name: string;
  /** GET, POST... (ALL for a route on every method). */
  method: string;
  /** The full path as Fastify serves it, e.g. `/api/users/:id`. */
  path: string;
  controller: new (...args: never[]) => unknown;
  handler: (...args: unknown[]) => unknown;
}

function paths(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : ''];
}

function join(...parts: string[]): string {
  return `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;
}

/**
 * Every HTTP route of a running Nest app (RPC handlers are not routes). The path of each is looked up in the app's
 * Fastify router, with the global prefix (`/api`) or without it (the health routes); a route the router does not
 * have throws, so this list is what the app really serves.
 */
export function httpRoutes(app: NestFastifyApplication): HttpRoute[] {
  const fastify = app.getHttpAdapter().getInstance();
  const routes: HttpRoute[] = [];
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as HttpRoute['controller'] | undefined;
    if (!controller) continue;
    const proto = controller.prototype as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const handler = proto[key];
      if (key === 'constructor' || typeof handler !== 'function') continue;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (requestMethod === undefined) continue;
      const method = RequestMethod[requestMethod];
      const probeMethod = method === 'ALL' ? 'GET' : method;
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const own of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          const candidates = [join('api', base, own), join(base, own)];
          const path = candidates.find((url) => fastify.hasRoute({ url, method: probeMethod }));
          if (!path) throw new Error(`${controller.name}.${key}: ${method} ${candidates.join(' or ')} is not in the router`);
          routes.push({ name: `${controller.name}.${key}`, method, path, controller, handler: handler as HttpRoute['handler'] });
        }
      }
    }
  }
  return routes;
}
