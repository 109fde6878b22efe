import { Injectable } from '@nestjs/common';

/**
 * The time business rules use (code expiry, test deadlines, checkpoint windows). Production reads the wall clock;
 * tests move one process's clock forward (`advance`) or stop it at an instant (`set`) to probe window edges to the
 * millisecond. Token expiry and infrastructure timers keep the wall clock.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private pinnedMs: number | null = null;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.pinnedMs ?? Date.now() + this.offsetMs;
  }

  /** Test hook: moves this process's clock forward (a stopped clock stays stopped, further on). */
  advance(ms: number): void {
    if (this.pinnedMs !== null) this.pinnedMs += ms;
    else this.offsetMs += ms;
  }

  /** Test hook: stops this process's clock at `at` until `set` again or `resume`. */
  set(at: Date | number): void {
    this.pinnedMs = typeof at === 'number' ? at : at.getTime();
  }

  /** Test hook: lets a stopped clock run on from where it stands. */
  resume(): void {
    if (this.pinnedMs === null) return;
    this.offsetMs = this.pinnedMs - Date.now();
    this.pinnedMs = null;
  }
}
