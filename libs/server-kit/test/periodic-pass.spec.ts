/**
 * The kit's PeriodicPass (sweepers and reminders build on it): passes never overlap, a failed pass is logged and the
 * next tick runs again, shutdown waits for the pass in flight.
 */
import pino from 'pino';
import { PeriodicPass } from '@olymp/server-kit';
import { waitFor } from '@olymp/server-kit/testing';

class Gate {
  open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
}

class Counting extends PeriodicPass<number> {
  passes = 0;
  failNext = 0;
  gate: Gate | undefined;
  readonly errors: string[];

  constructor(intervalMs: number) {
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line).msg as string) });
    super({ intervalMs, what: 'counting pass' }, logger);
    this.errors = errors;
  }

  protected async pass(): Promise<number> {
    this.passes += 1;
    await this.gate?.opened;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('database away');
    }
    return this.passes;
  }
}

describe('PeriodicPass', () => {
  it('joins a pass already running instead of starting a second one, and runs anew once it ended', async () => {
    const p = new Counting(60_000);
    p.gate = new Gate();
    const first = p.sweep();
    const second = p.sweep();
    expect(second).toBe(first);
    p.gate.open();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    p.gate = undefined;
    expect(await p.sweep()).toBe(2);
    expect(p.passes).toBe(2);
  });

  it('logs a failed pass by its name and the next tick runs again; shutdown waits for the pass in flight', async () => {
    const p = new Counting(20);
    p.failNext = 2;
    p.onApplicationBootstrap();
    await waitFor(() => p.passes >= 4, { what: 'four passes' });
    expect(p.errors.slice(0, 2)).toEqual(['counting pass failed', 'counting pass failed']);
    p.gate = new Gate();
    const inFlight = p.sweep();
    let stopped = false;
    const stopping = p.onApplicationShutdown().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    p.gate.open();
    await stopping;
    expect(await inFlight).toBe(p.passes);
    expect(stopped).toBe(true);
  });
});
