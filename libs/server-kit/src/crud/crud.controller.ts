import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Put, Query, type Type } from '@nestjs/common';
import type { ObjectLiteral } from 'typeorm';
import { type AuthUser, CurrentUser, Public, RequirePermission, SignedIn } from '../auth/decorators';
import { type CrudAccessRule, type CrudAction, type CrudResourceOptions, CRUD_ACTIONS, accessRuleFor } from './crud.options';
import type { CrudResourceService } from './crud.service';
import { CRUD_CONTROLLER_KEY } from '../http/routes';

/**
 * The HTTP face of one resource: thin handlers, one line each, with the access rule of each action declared on
 * the handler for the kit's global AuthGuard. Update answers both PUT (spec section 7) and PATCH (what
 * @refinedev/nestjsx-crud sends). Writes carry the caller, for the audit log and the resource's hooks.
 */
export function accessDecorator(rule: CrudAccessRule): MethodDecorator {
  if (rule === 'public') return Public();
  if (rule === 'signed-in') return SignedIn();
  return typeof rule === 'string' ? RequirePermission(rule) : RequirePermission(...rule);
}

export const pascalCase = (path: string) =>
  path
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

const HANDLERS: Record<CrudAction, string[]> = {
  index: ['index'],
  show: ['show'],
  store: ['store'],
  update: ['update', 'patch'],
  destroy: ['destroy'],
};

export function createCrudController<E extends ObjectLiteral>(options: CrudResourceOptions<E>, serviceToken: string): Type {
  const enabled = new Set<CrudAction>(options.actions ?? CRUD_ACTIONS);
  // Rules are resolved (and missing ones refused) for enabled actions only.
  const access = (action: CrudAction): MethodDecorator => (enabled.has(action) ? accessDecorator(accessRuleFor(options, action)) : () => undefined);

  @Controller(options.path)
  class CrudController {
    constructor(@Inject(serviceToken) private readonly crud: CrudResourceService<E>) {}

    @Get()
    @access('index')
    index(@Query() query: unknown) {
      return this.crud.index(query);
    }

    @Get(':id')
    @access('show')
    show(@Param('id') id: string, @Query() query: unknown) {
      return this.crud.show(id, query);
    }

    @Post()
    @access('store')
    store(@Body() body: unknown, @CurrentUser() user?: AuthUser) {
      return this.crud.store(body, user);
    }

    @Put(':id')
    @access('update')
    update(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user?: AuthUser) {
      return this.crud.update(id, body, user);
    }

    @Patch(':id')
    @access('update')
    patch(@Param('id') id: string, @Body() body: unknown, @CurrentUser() user?: AuthUser) {
      return this.crud.update(id, body, user);
    }

    @Delete(':id')
    @access('destroy')
    destroy(@Param('id') id: string, @CurrentUser() user?: AuthUser) {
      return this.crud.destroy(id, user);
    }
  }

  Object.defineProperty(CrudController, 'name', { value: `${pascalCase(options.path)}CrudController` });
  Reflect.defineMetadata(CRUD_CONTROLLER_KEY, true, CrudController);
  const proto = CrudController.prototype as unknown as Record<string, unknown>;
  for (const action of CRUD_ACTIONS) {
    if (!enabled.has(action)) for (const handler of HANDLERS[action]) delete proto[handler];
  }
  return CrudController;
}
