import { Controller, type DynamicModule, Get, Inject, Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, Reflector } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DataSource, type ObjectLiteral } from 'typeorm';
import { Public } from '../auth/decorators';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import { createCrudController, pascalCase } from './crud.controller';
import type { CrudHooks, CrudResourceOptions } from './crud.options';
import { CrudResourceService } from './crud.service';
import { buildOpenApiDocument } from './openapi';
import { AuditLog, AuditModule } from '../audit/audit-log';
import { listRoutes } from '../http/routes';

/**
 * One line per standard resource:
 *
 *   CrudResource.register({ path: 'provinces', entity: Province, create: createProvince, update: updateProvince,
 *     access: { read: 'public', write: 'management:update' }, searchable: ['nameKk', 'nameRu', 'nameEn'] })
 *
 * gives a Nest module with the five routes under /api/provinces, and adds the resource to the service's OpenAPI
 * document at GET /api/docs-json. Writes by a signed-in caller are recorded in the service's audit log unless the
 * resource says `audit: false`.
 */
@Injectable()
export class CrudRegistry {
  private readonly resources: CrudResourceService[] = [];

  add(resource: CrudResourceService): void {
    if (this.resources.some((r) => r.shape.path === resource.shape.path)) {
      throw new Error(`CrudResource "${resource.shape.path}" is registered twice`);
    }
    this.resources.push(resource);
  }

  list(): readonly CrudResourceService[] {
    return [...this.resources].sort((a, b) => a.shape.path.localeCompare(b.shape.path));
  }
}

@Controller('docs-json')
class ApiDocsController {
  private built?: OpenAPIObject;

  constructor(
    private readonly registry: CrudRegistry,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}

  /**
   * Public like the catalogues it describes; it names routes and permissions, never data. Built at the first call
   * (every module is registered by then) and kept: routes do not change while the process runs.
   */
  @Get()
  @Public()
  document(): OpenAPIObject {
    this.built ??= buildOpenApiDocument(this.config.SERVICE, this.registry.list(), listRoutes(this.discovery, this.reflector));
    return this.built;
  }
}

/**
 * One registry and one document per service (GET /api/docs-json: the standard resources and every custom route).
 * The kit module imports it, so a service without resources still publishes its routes.
 */
@Module({ imports: [DiscoveryModule], providers: [CrudRegistry], controllers: [ApiDocsController], exports: [CrudRegistry] })
export class CrudDocsModule {}

const PATH_RE = /^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)*$/;

export const CrudResource = {
  register<E extends ObjectLiteral>(options: CrudResourceOptions<E>): DynamicModule {
    if (!PATH_RE.test(options.path)) throw new Error(`CrudResource path "${options.path}" must be lower-case words separated by - or /`);
    const token = `CrudResourceService:${options.path}`;
    const controller = createCrudController(options, token);
    const module = class {};
    Object.defineProperty(module, 'name', { value: `${pascalCase(options.path)}CrudModule` });
    const hooks = options.hooks ? [options.hooks] : [];
    return {
      module,
      imports: [CrudDocsModule, AuditModule],
      controllers: [controller],
      providers: [
        ...hooks,
        {
          provide: token,
          inject: [DataSource, CrudRegistry, AuditLog, ...hooks],
          useFactory: (ds: DataSource, registry: CrudRegistry, audit: AuditLog, hookInstance?: CrudHooks<E>) => {
            const service = new CrudResourceService<E>(options, ds, audit, hookInstance);
            registry.add(service as unknown as CrudResourceService);
            return service;
          },
        },
      ],
      exports: [token],
    };
  },
};
