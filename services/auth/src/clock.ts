import { Injectable } from '@nestjs/common';

/** The time the auth rules use (code expiry, resend windows, session expiry). Tests move it; production reads the wall clock. */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Test hook: moves this process's auth clock forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
