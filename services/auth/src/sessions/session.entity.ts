import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A signed-in device. One account has at most one live session (spec: one device per account): signing in
 * ends the others. Access tokens name the session (`sid`), so revoking it ends them everywhere; the refresh
 * token is kept only as a hash and rotates on each use.
 */
@Entity({ name: 'sessions' })
@Index('UQ_sessions_live_user', ['userId'], { unique: true, where: '"revoked_at" IS NULL' })
export class Session {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_sessions' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_sessions_user' })
  user?: User;

  @Column({ name: 'device_id', type: 'varchar', length: 200 })
  deviceId!: string;

  /** What the browser said about itself at sign-in (spec section 3); shown to staff. */
  @Column({ name: 'device_info', type: 'jsonb', default: () => "'{}'" })
  deviceInfo!: Record<string, unknown>;

  @Column({ name: 'client_ip', type: 'varchar', length: 45 })
  clientIp!: string;

  @Column({ name: 'refresh_hash', type: 'varchar', length: 64 })
  @Index('UQ_sessions_refresh_hash', { unique: true })
  refreshHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoke_reason', type: 'varchar', length: 20, nullable: true })
  revokeReason!: string | null;
}

/**
 * A refresh token that has been rotated away (kept as its SHA-256 hash) while its session lives: presenting it
 * again is reuse, which ends the session (sessions.service.ts). Rows go when the session ends.
 */
@Entity({ name: 'session_rotations' })
@Index('IDX_session_rotations_session', ['sessionId'])
export class SessionRotation {
  @PrimaryColumn({ name: 'refresh_hash', type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_session_rotations' })
  refreshHash!: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @ManyToOne(() => Session, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'FK_session_rotations_session' })
  session?: Session;

  @Column({ name: 'rotated_at', type: 'timestamptz' })
  rotatedAt!: Date;

  /** The address of the request that rotated it: the grace for a concurrent double refresh holds only for it. */
  @Column({ name: 'client_ip', type: 'varchar', length: 45 })
  clientIp!: string;
}
