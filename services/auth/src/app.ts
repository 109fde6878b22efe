import { Module } from '@nestjs/common';
import { type ServiceDefinition, createService } from '@olymp/server-kit';
import { PermissionRow, Role, RolePermission, RolePermissionDefault } from './roles/role.entity';
import { User } from './users/user.entity';
import { OtpCode } from './otp/otp.entity';
import { Session, SessionRotation } from './sessions/session.entity';
import { RolesService } from './roles/roles.service';
import { RolesRpcController } from './roles/roles.rpc.controller';
import { UsersRpcController } from './users/users.rpc.controller';
import { AuthSeeder } from './seed/seeder';
import { OtpService } from './otp/otp.service';
import { OtpAddressHoursSweeper } from './otp/otp-address-hours.sweeper';
import { OtpLogController } from './otp/otp-log.controller';
import { SessionsService } from './sessions/sessions.service';
import { SignInService } from './signin/signin.service';
import { SignInController } from './signin/signin.controller';
import { ProfileService } from './profile/profile.service';
import { ProfileController } from './profile/profile.controller';
import { AuthInitial1763780000000 } from './migrations/1763780000000-auth-initial';
import { AuthDirectory1763790000000 } from './migrations/1763790000000-auth-directory';
import { AuthSignin1763799000000 } from './migrations/1763799000000-auth-signin';
import { DirectoryModule } from './directory/directory.module';
import { directoryEntities } from './directory/directory.entities';
import { RolesAdminModule } from './roles/roles-admin.module';
import { CataloguesModule } from './catalogues/catalogues.module';
import { catalogueEntities } from './catalogues/catalogue.entities';
import { AuthRolesAdmin1763801100000 } from './migrations/1763801100000-auth-roles-admin';
import { AuthCatalogues1763801200000 } from './migrations/1763801200000-auth-catalogues';
import { auditLogResource } from '@olymp/server-kit';
import { peopleEntities } from './people/people.entities';
import { PeopleController } from './people/people.controller';
import { peopleProviders } from './people/people.providers';
import { AuthPeople1763802000000 } from './migrations/1763802000000-auth-people';
import { AuditModule } from '@olymp/server-kit';
import { StaffPeopleModule } from './staff-people/staff-people.module';
import { UserRoleController } from './staff-people/user-role.controller';
import { Teacher } from './staff-people/teacher.entity';
import { AuthTeachers1763803000000 } from './migrations/1763803000000-auth-teachers';
import { AuthPermissionDefaults1763830000000 } from './migrations/1763830000000-auth-permission-defaults';
import { AuthOtpLiveCode1764910000000 } from './migrations/1764910000000-auth-otp-live-code';
import { AuthSessionLiveUser1764920000000 } from './migrations/1764920000000-auth-session-live-user';
import { AuthOtpDeliveryAsked1764930000000 } from './migrations/1764930000000-auth-otp-delivery-asked';
import { AuthOtpAddressHours1764940000000 } from './migrations/1764940000000-auth-otp-address-hours';
import { AuthOtpDelivery1763820100000 } from './migrations/1763820100000-auth-otp-delivery';
import { SettingsModule } from './settings/settings.module';
import { Setting } from './settings/setting.entity';
import { AuthSettings1763840000000 } from './migrations/1763840000000-auth-settings';
import { AuthSessionRotations1763850000000 } from './migrations/1763850000000-auth-session-rotations';
import { AuthUserLocale1764900000000 } from './migrations/1764900000000-auth-user-locale';

/** Auth and identity: people, roles and permissions, sign-in and sessions. */
@Module({
  controllers: [RolesRpcController, UsersRpcController, SignInController, ProfileController, OtpLogController,
    PeopleController, UserRoleController],
  providers: [RolesService, AuthSeeder, OtpService, OtpAddressHoursSweeper, SessionsService, SignInService, ProfileService,
    ...peopleProviders],
  imports: [AuditModule],
  exports: [RolesService],
})
export class AuthModule {}

export const authService: ServiceDefinition = {
  service: 'auth',
  imports: [AuthModule, DirectoryModule, RolesAdminModule, CataloguesModule, auditLogResource({ access: 'log:index' }),
    StaffPeopleModule, SettingsModule],
  entities: [Role, PermissionRow, RolePermission, RolePermissionDefault, User, OtpCode, Session, SessionRotation, ...directoryEntities, ...catalogueEntities,
    ...peopleEntities, Teacher, Setting],
  migrations: [AuthInitial1763780000000, AuthDirectory1763790000000, AuthSignin1763799000000, AuthRolesAdmin1763801100000, AuthCatalogues1763801200000,
    AuthPeople1763802000000, AuthTeachers1763803000000, AuthOtpDelivery1763820100000, AuthPermissionDefaults1763830000000,
    AuthSettings1763840000000, AuthSessionRotations1763850000000, AuthUserLocale1764900000000,
    AuthOtpLiveCode1764910000000, AuthSessionLiveUser1764920000000, AuthOtpDeliveryAsked1764930000000, AuthOtpAddressHours1764940000000],
  // The auth service reads its own tables instead of asking itself over NATS.
  permissionSource: RolesService,
};

export const startAuth = (env: Record<string, string | undefined> = process.env) => createService(authService, env);
export { Clock } from './clock';
export { REFRESH_REUSE_GRACE_MS, SessionsService } from './sessions/sessions.service';
export { demoUserId } from './seed/seeder';
export { OTP_POLICY } from './otp/otp.service';
export { OtpAddressHoursSweeper } from './otp/otp-address-hours.sweeper';
