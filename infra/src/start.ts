/**
 * `npm start`: the CLI around startPlatform. Prints progress, then a banner with the addresses and demo logins;
 * Ctrl-C or SIGTERM stops everything in order and exits 0 (a second Ctrl-C leaves at once). A failed start exits 1.
 * A service that crashes is started again (runtime/platform.ts, "Supervision"). `npm start -- --replicas 2` runs two
 * of each of learning, finance, notifications and the gateway. Imported as a module (the package's main) it only
 * re-exports the runtime.
 */
import { redact } from './runtime/postgres';
import { displayPath, startPlatform, type Platform } from './runtime/platform';
import { seconds } from './runtime/util';

export * from './runtime';

const DEMO_LOGINS: ReadonlyArray<readonly [string, string]> = [
  ['admin', '+77000000001'],
  ['manager', '+77000000003'],
  ['content maker', '+77000000010'],
  ['student, grade 5', '+77000000105'],
  ['student, grade 6', '+77000000106'],
  ['student, grade 7', '+77000000107'],
];

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (text: string) => (color ? `\u001b[1m${text}\u001b[22m` : text);
const dim = (text: string) => (color ? `\u001b[2m${text}\u001b[22m` : text);
const yellow = (text: string) => (color ? `\u001b[33m${text}\u001b[39m` : text);

/** Progress dimmed; the services' warnings and errors stand out. */
function progress(line: string): void {
  console.log(/^[\w-]+: (WARN|ERROR|FATAL) /.test(line) || /(failed|unexpectedly|killed)/.test(line) ? yellow(line) : dim(line));
}

/** `--replicas N` / `--replicas=N`; anything else is refused with the usage. */
export function parseArgs(argv: readonly string[]): { replicas: number } {
  let replicas = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg !== '--replicas' && !arg.startsWith('--replicas=')) throw new Error(`unknown argument ${arg}. Usage: npm start [-- --replicas N]`);
    const value = arg === '--replicas' ? (argv[++i] ?? 'nothing') : arg.slice('--replicas='.length);
    replicas = Number(value);
    if (!Number.isInteger(replicas) || replicas < 1 || replicas > 8) throw new Error(`--replicas takes 1 to 8, got ${value}`);
  }
  return { replicas };
}

async function main(): Promise<number> {
  let args: { replicas: number };
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const controller = new AbortController();
  let interrupts = 0;
  let onInterrupt: (name: NodeJS.Signals) => void = () => undefined;
  const interrupted = new Promise<NodeJS.Signals>((resolve) => (onInterrupt = resolve));
  const handle = (name: NodeJS.Signals) => {
    interrupts += 1;
    if (interrupts > 1) {
      // The user insists. Whatever still runs gets SIGTERM from the exit hook in runtime/process.
      console.log('\nleaving now; remaining processes get SIGTERM');
      process.exit(130);
    }
    console.log(`\n${name}: stopping (again to leave at once)`);
    controller.abort(new Error(`interrupted by ${name}`));
    onInterrupt(name);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);

  let platform: Platform;
  try {
    platform = await startPlatform({ signal: controller.signal, log: progress, replicas: args.replicas });
  } catch (error) {
    if (controller.signal.aborted) {
      console.log('stopped before the platform was up');
      return 0;
    }
    console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  printBanner(platform);
  await interrupted;
  const started = Date.now();
  await platform.stop();
  console.log(`stopped in ${seconds(Date.now() - started)}`);
  return 0;
}

function printBanner(platform: Platform): void {
  const url = platform.url;
  const rule = '─'.repeat(72);
  const width = Math.max(...DEMO_LOGINS.map(([role]) => role.length)) + 2;
  const lines = [
    '',
    rule,
    `${bold('Altyn Saqa is up')} ${dim(`(cold start ${seconds(process.uptime() * 1000)}, services ${seconds(platform.startupMs)})`)}`,
    '',
    `  Student site   ${bold(url)}${platform.urls.length > 1 ? dim(` (gateways: ${platform.urls.join(', ')})`) : ''}`,
    `  Staff area     ${bold(`${url}/admin`)}`,
    '',
    '  Demo logins (sign in with the phone number and a one-time code):',
    ...DEMO_LOGINS.map(([role, phone]) => `    ${role.padEnd(width)}${phone}`),
    '',
    '  The codes arrive in the development SMS inbox:',
    `    ${url}/api/dev/sms?to=<phone>   ${dim(`(write + as %2B: ${url}/api/dev/sms?to=%2B77000000105)`)}`,
    '',
    `  Logs        ${displayPath(platform.logDir)}/<service>.log ${dim('(JSON lines)')}`,
    `  PostgreSQL  ${redact(platform.databaseUrl)}${platform.embeddedPostgres ? dim(` (embedded${platform.postgresDataDir ? `; data in ${displayPath(platform.postgresDataDir)}` : ', temporary data'})`) : ''}`,
    `  NATS        ${platform.natsUrl}${platform.spawnedNats ? dim(' (started for this run)') : ''}`,
    '',
    `  Ctrl-C stops everything.`,
    rule,
    '',
  ];
  console.log(lines.join('\n'));
}

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
      // Everything we started is stopped by now; do not let a forgotten handle keep the terminal waiting.
      setTimeout(() => process.exit(code), 2000).unref();
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
