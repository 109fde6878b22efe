import { startGateway } from './app';
import { createLogger, initTracing, shutdownTracing } from '@olymp/server-kit';

/**
 * Runs the gateway until SIGTERM/SIGINT, then stops gracefully: readiness goes down, the listener closes, in-flight
 * requests finish (websocket clients are closed), and the process exits. If draining takes longer than
 * SHUTDOWN_GRACE_MS, it exits anyway with code 1. A second signal exits at once.
 */
async function main(): Promise<void> {
  const log = createLogger('gateway', process.env.LOG_LEVEL ?? 'info');
  await initTracing('gateway');
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  try {
    gateway = await startGateway(process.env);
  } catch (err) {
    log.fatal({ err }, 'gateway failed to start');
    process.exit(1);
  }
  log.info({ url: gateway.url }, 'gateway listening');

  const graceMs = gateway.config.SHUTDOWN_GRACE_MS;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, graceMs }, 'shutting down: draining in-flight requests');
    const deadline = setTimeout(() => {
      log.error({ graceMs }, 'shutdown grace period over: exiting with requests still open');
      process.exit(1);
    }, graceMs);
    deadline.unref();
    gateway.close().then(shutdownTracing).then(
      () => {
        log.info('gateway stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
