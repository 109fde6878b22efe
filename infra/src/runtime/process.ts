/**
 * Child processes the runtime owns (services, embedded PostgreSQL, a spawned nats-server). Each runs in its own
 * process group, so a Ctrl-C in the terminal reaches only the orchestrator, which then stops them in order. Output
 * is split into lines for the caller and the last lines are kept for error reports. Whatever is still running when
 * this process exits (a crash, a second Ctrl-C) gets SIGTERM so nothing is left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcessOptions {
  /** Short name for messages ("auth", "postgres"). */
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Run as another user (the embedded PostgreSQL refuses to run as root). */
  uid?: number;
  gid?: number;
  /** Every line of output, stdout and stderr. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** How many recent lines `tail()` can return. */
  keepLines?: number;
  /**
   * Signal the whole process group, for launchers like npm whose children do the work. Off by default: PostgreSQL
   * wants signals at the postmaster only.
   */
  signalGroup?: boolean;
}

const running = new Set<ManagedProcess>();

process.once('exit', () => {
  for (const managed of running) managed.signal('SIGTERM');
});

export class ManagedProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves once the process has exited and its output has been read to the end. */
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | undefined;
  private readonly recent: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: ManagedProcessOptions,
  ) {
    this.name = options.name;
    this.pid = child.pid ?? 0;
    const keep = options.keepLines ?? 50;
    const follow = (stream: NodeJS.ReadableStream | null, kind: 'stdout' | 'stderr') => {
      if (!stream) return;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        this.recent.push(line);
        if (this.recent.length > keep) this.recent.shift();
        options.onLine?.(line, kind);
      });
    };
    follow(child.stdout, 'stdout');
    follow(child.stderr, 'stderr');
    running.add(this);
    // 'close' comes after 'exit' once stdout and stderr are drained, so the last lines are never lost.
    this.exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        running.delete(this);
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
  }

  /** Spawns the process; rejects when it cannot be started at all (missing binary, bad cwd). */
  static start(options: ManagedProcessOptions): Promise<ManagedProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(options.command, [...options.args], {
        cwd: options.cwd,
        env: options.env,
        uid: options.uid,
        gid: options.gid,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.once('error', (error) => reject(new Error(`${options.name}: cannot start ${options.command}: ${error.message}`)));
      child.once('spawn', () => resolve(new ManagedProcess(child, options)));
    });
  }

  get running(): boolean {
    return this.exitInfo === undefined;
  }

  /** How it ended, once it has. */
  get exit(): ExitInfo | undefined {
    return this.exitInfo;
  }

  /** The most recent output lines, oldest first. */
  tail(lines = 20): string[] {
    return this.recent.slice(-lines);
  }

  /** Sends a signal if still running; never throws. */
  signal(signal: NodeJS.Signals): void {
    if (!this.running || this.pid <= 0) return;
    try {
      if (this.options.signalGroup) process.kill(-this.pid, signal);
      else this.child.kill(signal);
    } catch {
      // already gone
    }
  }

  /**
   * Asks the process to stop with `signal` and waits up to `graceMs`; then SIGKILL. Resolves once it has exited.
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<ExitInfo> {
    if (this.exitInfo) return this.exitInfo;
    this.signal(signal);
    const escalate = setTimeout(() => this.signal('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(escalate);
    }
  }

  describeExit(): string {
    const info = this.exitInfo;
    if (!info) return 'still running';
    return info.signal ? `killed by ${info.signal}` : `exit code ${info.code ?? '?'}`;
  }

  /** For messages: "auth (pid 1234)". */
  toString(): string {
    return `${this.options.name} (pid ${this.pid})`;
  }
}
