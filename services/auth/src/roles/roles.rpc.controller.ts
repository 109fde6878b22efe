import { Controller } from '@nestjs/common';
import { type RpcReply, type RpcRequest, ALL_PERMISSIONS_ROLE, PERMISSIONS } from '@olymp/proto';
import { DomainError, RpcHandler, RpcPayloadOf } from '@olymp/server-kit';
import { RolesService } from './roles.service';

@Controller()
export class RolesRpcController {
  constructor(private readonly roles: RolesService) {}

  @RpcHandler('auth.role.permissions')
  async permissions(@RpcPayloadOf('auth.role.permissions') req: RpcRequest<'auth.role.permissions'>): Promise<RpcReply<'auth.role.permissions'>> {
    // Any role in the table, the spec's and those staff created (ids from 101).
    if (!(await this.roles.exists(req.roleId))) throw new DomainError('NOT_FOUND');
    const permissions = req.roleId === ALL_PERMISSIONS_ROLE ? [...PERMISSIONS] : await this.roles.permissionsOf(req.roleId);
    return { roleId: req.roleId, permissions };
  }
}
