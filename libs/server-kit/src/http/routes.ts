import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { DiscoveryService, Reflector } from '@nestjs/core';
import type { z } from 'zod';
import { ACCESS_KEY, type AccessRule } from '../auth/decorators';
import { UuidPipe, ZodPipe } from '../validation/pipes';
import { API_SHAPE_KEY, type ApiShapeOptions } from './api-shape';

/** Marks the controllers the CRUD kit generates: the CRUD part of the OpenAPI document describes them. */
export const CRUD_CONTROLLER_KEY = 'kit:crud-controller';

/** One HTTP route of a running service, as its declarations describe it. */
export interface RouteInfo {
  /** GET, POST, ... */
  method: string;
  /** The path as clients call it, in OpenAPI's form: `/api/users/{user}/quizzes/{quiz}`. */
  path: string;
  controller: string;
  handler: string;
  crud: boolean;
  /** Undefined for a route that declares none (the guard refuses it). */
  rule: AccessRule | undefined;
  /** The status of a success (`@HttpCode`, else 201 for POST and 200 for the rest). */
  status: number;
  shape: ApiShapeOptions;
  /** From the route's pipes: `@ValidBody(schema)`, `@ValidQuery(schema)`. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** Path parameters, with whether `@UuidParam` checks them. */
  params: { name: string; uuid: boolean }[];
}

interface ArgMetadata {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const NOT_PREFIXED = new Set(['health', 'health/ready']);

function joinPath(base: string, sub: string): string {
  const inner = [base, sub].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
  const api = NOT_PREFIXED.has(inner) ? `/${inner}` : `/api/${inner}`;
  return api.replace(/\/+$/, '').replace(/:(\w+)/g, '{$1}');
}

/**
 * Every HTTP route of the app's controllers (message patterns excluded), from Nest's own metadata: the same list the
 * router builds, so the OpenAPI document and its coverage test cannot miss one. Paths follow the service's global
 * prefix (`api`, health excluded).
 */
export function listRoutes(discovery: DiscoveryService, reflector: Reflector): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const ctrl = wrapper.metatype as (abstract new (...a: never[]) => unknown) | undefined;
    if (!ctrl) continue;
    const bases = [Reflect.getMetadata(PATH_METADATA, ctrl) ?? ''].flat() as string[];
    const crud = Reflect.getMetadata(CRUD_CONTROLLER_KEY, ctrl) === true;
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const handler = proto[key];
      if (key === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const subs = [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[];
      const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [handler, ctrl]);
      const shape = (Reflect.getMetadata(API_SHAPE_KEY, handler) as ApiShapeOptions | undefined) ?? {};
      const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, key) ?? {}) as Record<string, ArgMetadata>;
      let body: z.ZodType | undefined;
      let query: z.ZodType | undefined;
      const uuids = new Set<string>();
      for (const [slot, arg] of Object.entries(args)) {
        const type = Number(slot.split(':')[0]);
        const zod = arg.pipes?.find((p): p is ZodPipe<z.ZodType> => p instanceof ZodPipe)?.schema;
        if (type === RouteParamtypes.BODY && zod && arg.data === undefined) body = zod;
        if (type === RouteParamtypes.QUERY && zod && arg.data === undefined) query = zod;
        if (type === RouteParamtypes.PARAM && typeof arg.data === 'string' && arg.pipes?.some((p) => p instanceof UuidPipe)) uuids.add(arg.data);
      }
      for (const base of bases) {
        for (const sub of subs) {
          const path = joinPath(base, sub);
          const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], uuid: uuids.has(m[1]) }));
          out.push({
            method: RequestMethod[method],
            path,
            controller: ctrl.name,
            handler: key,
            crud,
            rule,
            status: code ?? (method === RequestMethod.POST ? 201 : 200),
            shape,
            ...(shape.body ?? body ? { body: shape.body ?? body } : {}),
            ...(shape.query ?? query ? { query: shape.query ?? query } : {}),
            params,
          });
        }
      }
    }
  }
  return out;
}
