/**
 * Builds the web UIs on a first start (when their dist/index.html is missing), so the gateway has pages to serve.
 * A UI without a build script yet, or a failed build, costs a warning, not the start: the API still works.
 */
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManagedProcess } from './process';
import { seconds, type LogLine } from './util';

export const UI_WORKSPACES = ['admin-ui', 'student-ui'] as const;

export async function buildMissingUis(options: {
  root: string;
  logDir: string;
  env: NodeJS.ProcessEnv;
  log: LogLine;
  signal?: AbortSignal;
}): Promise<void> {
  const { root, logDir, env, log, signal } = options;
  for (const workspace of UI_WORKSPACES) {
    signal?.throwIfAborted();
    if (existsSync(join(root, workspace, 'dist', 'index.html'))) continue;
    if (!hasBuildScript(join(root, workspace, 'package.json'))) {
      log(`${workspace}: not built and has no build script yet; skipping (its pages will be missing)`);
      continue;
    }
    const logFile = join(logDir, `${workspace}-build.log`);
    const out = createWriteStream(logFile);
    log(`${workspace}: building (only when dist/ is missing; log in ${logFile})`);
    const started = Date.now();
    const npm = npmCommand(env);
    const build = await ManagedProcess.start({
      name: `${workspace} build`,
      command: npm.command,
      args: [...npm.args, 'run', 'build', '-w', workspace],
      cwd: root,
      env,
      signalGroup: true, // npm runs tsc and vite below it: stop them all
      onLine: (line) => out.write(`${line}\n`),
    });
    const abort = () => void build.stop('SIGTERM', 5000);
    signal?.addEventListener('abort', abort, { once: true });
    const exit = await build.exited;
    signal?.removeEventListener('abort', abort);
    out.end();
    signal?.throwIfAborted();
    if (exit.code === 0) {
      log(`${workspace}: built in ${seconds(Date.now() - started)}`);
    } else {
      log(`${workspace}: build failed (${build.describeExit()}); starting without it. Last lines:\n    ${build.tail(15).join('\n    ')}`);
    }
  }
}

function hasBuildScript(manifestPath: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (typeof manifest !== 'object' || manifest === null || !('scripts' in manifest)) return false;
    const scripts: unknown = manifest.scripts;
    return typeof scripts === 'object' && scripts !== null && 'build' in scripts;
  } catch {
    return false;
  }
}

/** The npm that runs us (npm_execpath under `npm start`), else npm from PATH. */
function npmCommand(env: NodeJS.ProcessEnv): { command: string; args: string[] } {
  const cli = env.npm_execpath;
  return cli && /npm-cli\.js$/.test(cli) ? { command: process.execPath, args: [cli] } : { command: 'npm', args: [] };
}
