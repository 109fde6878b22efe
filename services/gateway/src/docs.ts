import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** The combined document as sent: its JSON once, its ETag, and a brotli and a gzip copy. */
export interface DocsBody {
  json: Buffer;
  etag: string;
  br: Buffer;
  gzip: Buffer;
  complete: boolean;
}

/**
 * How long a complete document is reused. The admin loads it on every full page load (1.5 MB of JSON from six
 * services, ~400 ms of the gateway's CPU to fetch and merge on the demo data); routes change only when a service is
 * deployed, so a new route reaches the admin at most this late. A document missing a service is never reused: the
 * next request asks again, so the admin's screens come back as soon as the service does.
 */
export const DOCS_REUSE_MS = 30_000;

/** Provided by GatewayModule with the gateway's config (a factory, so this file needs nothing from health.ts). */
export class CombinedDocs {
  private kept?: { body: DocsBody; until: number };
  private building?: Promise<DocsBody>;

  constructor(
    private readonly config: Pick<GatewayConfig, 'upstreams' | 'UPSTREAM_TIMEOUT_MS'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The document to send: a kept complete one, the one being built (requests at once share it), or a new one. */
  async body(): Promise<DocsBody> {
    if (this.kept && this.now() < this.kept.until) return this.kept.body;
    this.building ??= this.encode().finally(() => (this.building = undefined));
    return this.building;
  }

  private async encode(): Promise<DocsBody> {
    const document = await this.build();
    const json = Buffer.from(JSON.stringify(document));
    const [br, gz] = await Promise.all([
      promisify(brotliCompress)(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } }),
      promisify(gzip)(json),
    ]);
    const body = { json, br, gzip: gz, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`, complete: document['x-unavailable'].length === 0 };
    this.kept = body.complete ? { body, until: this.now() + DOCS_REUSE_MS } : undefined;
    return body;
  }

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

  /**
   * Public, like each service's document: it names routes and permission keys, never data. Revalidated on every
   * use (`no-cache` + ETag): a browser that holds the current document gets a 304 without a body. Sent compressed
   * when the caller accepts it (~1.5 MB of JSON is ~100 KB as brotli).
   */
  @Get('api/docs-json')
  async combined(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body = await this.docs.body();
    reply.header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding');
    const known = request.headers['if-none-match'];
    if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
      await reply.code(304).send();
      return;
    }
    const accepted = encodingsOf(request.headers['accept-encoding']);
    const [encoding, bytes] = accepted.has('br') ? ['br', body.br] : accepted.has('gzip') ? ['gzip', body.gzip] : [undefined, body.json];
    if (encoding) reply.header('content-encoding', encoding);
    await reply.type('application/json; charset=utf-8').send(bytes);
  }
}

/** The codings an Accept-Encoding header allows (a `;q=0` refuses one). */
function encodingsOf(header: string | string[] | undefined): Set<string> {
  const allowed = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) allowed.add(name);
  }
  return allowed;
}
