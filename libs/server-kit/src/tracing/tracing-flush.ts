import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { flushTracing } from './tracing';

/** A stopping service sends the spans still buffered, so a drain's last requests are not missing from their traces. */
@Injectable()
export class TracingFlush implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return flushTracing();
  }
}
