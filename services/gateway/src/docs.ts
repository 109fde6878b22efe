import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { GatewayConfig } from './config';
import { UPSTREAM_SERVICES, type UpstreamService, routeMatcher } from './routes';

/**
 * GET /api/docs-json: one OpenAPI document of every service's standard resources (read by the admin UI's generated
 * screens) and custom routes (`x-custom`). Each service publishes its own at /api/docs-json (server kit); the
 * gateway asks them all in parallel and merges paths, tags and schemas. A path is kept only from the service the
 * route table sends it to (every service publishes the kit's own routes, such as its docs-json, which the gateway
 * answers itself or sends to one of them). A path item says which service owns it (`x-service`); services
 * that are down or publish nothing are named in `x-unavailable` rather than failing the whole document. Two
 * services publishing different schemas under one name keep both: the later one is renamed with its service's
 * name and its references follow.
 */
type Json = Record<string, unknown>;

interface ServiceDocument {
  paths?: Record<string, Json>;
  tags?: { name: string }[];
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

export interface CombinedDocument {
  openapi: string;
  info: Json;
  paths: Record<string, Json>;
  tags: { name: string }[];
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  'x-unavailable': UpstreamService[];
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function mergeDocuments(documents: readonly { service: UpstreamService; document: ServiceDocument | undefined }[]): CombinedDocument {
  const out: CombinedDocument = {
    openapi: '3.0.3',
    info: { title: 'Altyn Saqa API: standard resources and custom routes of every service', version: '1' },
    paths: {},
    tags: [],
    components: { schemas: {}, securitySchemes: {} },
    'x-unavailable': [],
  };
  for (const { service, document } of documents) {
    if (!document?.paths) {
      out['x-unavailable'].push(service);
      continue;
    }
    let text = JSON.stringify(document);
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const taken = out.components.schemas[name];
      if (taken !== undefined && JSON.stringify(taken) !== JSON.stringify(schema)) {
        text = text.split(`"#/components/schemas/${name}"`).join(`"#/components/schemas/${capitalized(service)}${name}"`);
      }
    }
    const doc = JSON.parse(text) as ServiceDocument;
    const renamed = JSON.parse(JSON.stringify(document.components?.schemas ?? {})) as Record<string, unknown>;
    for (const name of Object.keys(renamed)) {
      const taken = out.components.schemas[name];
      const target = taken !== undefined && JSON.stringify(taken) !== JSON.stringify(renamed[name]) ? `${capitalized(service)}${name}` : name;
      out.components.schemas[target] ??= doc.components?.schemas?.[name];
    }
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (routeMatcher.match(path)?.service !== service) continue;
      out.paths[path] ??= { ...item, 'x-service': service };
    }
    for (const tag of doc.tags ?? []) if (!out.tags.some((t) => t.name === tag.name)) out.tags.push(tag);
    Object.assign(out.components.securitySchemes, doc.components?.securitySchemes ?? {});
  }
  return out;
}

/** Provided by GatewayModule with the gateway's config (a factory, so this file needs nothing from health.ts). */
export class CombinedDocs {
  constructor(private readonly config: Pick<GatewayConfig, 'upstreams' | 'UPSTREAM_TIMEOUT_MS'>) {}

  private async fetchOne(service: UpstreamService): Promise<ServiceDocument | undefined> {
    try {
      const response = await fetch(`${this.config.upstreams[service]}/api/docs-json`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.UPSTREAM_TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return undefined;
      }
      return (await response.json()) as ServiceDocument;
    } catch {
      return undefined;
    }
  }

  async build(): Promise<CombinedDocument> {
    const documents = await Promise.all(UPSTREAM_SERVICES.map(async (service) => ({ service, document: await this.fetchOne(service) })));
    return mergeDocuments(documents);
  }
}

@Controller()
export class DocsController {
  constructor(@Inject(CombinedDocs) private readonly docs: CombinedDocs) {}

  /** Public, like each service's document: it names routes and permission keys, never data. */
  @Get('api/docs-json')
  async combined(@Res({ passthrough: true }) reply: FastifyReply): Promise<CombinedDocument> {
    reply.header('cache-control', 'no-store');
    return this.docs.build();
  }
}
