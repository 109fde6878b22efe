import { Module } from '@nestjs/common';
import { type ServiceDefinition, createService } from '@olymp/server-kit';
import { PermissionRow, Role, RolePermission } from './roles/role.entity';
import { User } from './users/user.entity';
import { RolesService } from './roles/roles.service';
import { RolesRpcController } from './roles/roles.rpc.controller';
import { AuthSeeder } from './seed/seeder';
import { AuthInitial1763780000000 } from './migrations/1763780000000-auth-initial';
import { AuthDirectory1763790000000 } from './migrations/1763790000000-auth-directory';
import { DirectoryModule } from './directory/directory.module';
import { directoryEntities } from './directory/directory.entities';

/** Auth and identity: people, roles and permissions, sign-in and sessions. */
@Module({
  controllers: [RolesRpcController],
  providers: [RolesService, AuthSeeder],
  exports: [RolesService],
})
export class AuthModule {}

export const authService: ServiceDefinition = {
  service: 'auth',
  imports: [AuthModule, DirectoryModule],
  entities: [Role, PermissionRow, RolePermission, User, ...directoryEntities],
  migrations: [AuthInitial1763780000000, AuthDirectory1763790000000],
  // The auth service reads its own tables instead of asking itself over NATS.
  permissionSource: RolesService,
};

export const startAuth = (env: Record<string, string | undefined> = process.env) => createService(authService, env);
