import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth/decorators';
import { KIT_CONFIG } from '../tokens';
import type { KitConfig } from '../config/config';
import { NatsService } from '../messaging/nats.service';

/**
 * `/health`: the process is alive (for restarts). `/health/ready`: it can serve, meaning PostgreSQL answers and
 * NATS is connected (for load balancers and the gateway's `/api/health`). Both sit outside the /api prefix.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly nats: NatsService,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}

  @Get()
  @Public()
  live() {
    return { status: 'ok', service: this.config.SERVICE, uptimeSeconds: Math.round(process.uptime()) };
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.db.pingCheck('postgres', { timeout: 1500 }),
      () => {
        const check = this.indicators.check('nats');
        return this.nats.isConnected() ? check.up() : check.down({ message: 'not connected' });
      },
    ]);
  }
}
