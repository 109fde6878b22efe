import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { GatewayConfig } from './config';
import { pathOf, routeNotFound } from './errors';

/**
 * The two single-page apps: admin-ui's build at /admin, student-ui's at / (its client routes live under
 * /student/...). A path that is a file of the build is served as that file; any other path that does not look like
 * a file gets the app's index.html (client-side routing). Hashed assets (/assets/*) are cached for a year, everything
 * else (index.html, the fallback included) is revalidated (ETag, 304). The builds hold a brotli (.br) and a gzip (.gz)
 * copy of each text file beside it (vite-plugin-compression2 in the UIs' vite.config.ts): the copy the request's
 * Accept-Encoding allows is sent (br before gzip, else the file itself), with `Vary: Accept-Encoding`. A missing
 * build gives a page saying how to build it.
 */
interface UiApp {
  name: 'admin-ui' | 'student-ui';
  /** URL prefix without the trailing slash ('' for the root app). */
  prefix: string;
  dir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The file a URL path stands for inside an app, or undefined when it escapes the app or cannot be decoded. */
export function relativeFile(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return undefined;
  return segments.join('/');
}

/** A path that names a file (an asset or a name with an extension) is a 404 when missing, not an SPA route. */
function looksLikeFile(relative: string): boolean {
  if (relative.startsWith('assets/')) return true;
  const last = relative.slice(relative.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function notBuiltPage(app: UiApp): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${app.name} is not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>${app.name} is not built yet</h1>
<p>The gateway serves the user interface from <code>${escapeHtml(app.dir)}</code>, which has no <code>index.html</code>.</p>
<p>Build both interfaces from the repository root with <code>npm run build:ui</code>, then reload this page.
The API under <code>/api</code> works without them.</p>
</body></html>
`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function uiPlugin(fastify: FastifyInstance, { config }: { config: GatewayConfig }): Promise<void> {
  const admin: UiApp = { name: 'admin-ui', prefix: '/admin', dir: config.ADMIN_UI_DIR };
  const student: UiApp = { name: 'student-ui', prefix: '', dir: config.STUDENT_UI_DIR };

  for (const app of [admin, student]) {
    if (!(await isFile(path.join(app.dir, 'index.html')))) {
      fastify.log.warn({ dir: app.dir }, `${app.name} is not built: run "npm run build:ui"`);
    }
  }

  // Vite writes content-hashed file names under assets/: safe to cache for good.
  const assetDirs = [admin, student].map((app) => path.join(app.dir, 'assets') + path.sep);

  await fastify.register(fastifyStatic, {
    root: student.dir,
    serve: false,
    suppressWarning: true,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    // Picks <file>.br or <file>.gz by Accept-Encoding when it exists, sets Content-Encoding and Vary; each copy has
    // its own ETag (size and time of the file sent).
    preCompressed: true,
    setHeaders: (reply, file) => {
      const hashed = assetDirs.some((dir) => file.startsWith(dir));
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });

  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const urlPath = pathOf(request);
    const app = urlPath === admin.prefix || urlPath.startsWith(`${admin.prefix}/`) ? admin : student;
    const relative = relativeFile(urlPath.slice(app.prefix.length));
    if (relative === undefined) throw routeNotFound(request);

    if (!(await isFile(path.join(app.dir, 'index.html')))) {
      // A file's address (the favicon a browser asks for by itself, an asset) is simply not there: the page that
      // explains how to build the interface is for a person opening a page.
      if (looksLikeFile(relative)) throw routeNotFound(request);
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notBuiltPage(app));
    }
    if (relative !== '' && (await isFile(path.join(app.dir, relative)))) {
      return reply.sendFile(relative, app.dir);
    }
    if (looksLikeFile(relative)) throw routeNotFound(request);
    return reply.sendFile('index.html', app.dir);
  }

  fastify.get('/', serve);
  fastify.get('/*', serve);
  // Anything but GET/HEAD outside /api is not an address of the platform.
  fastify.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (request) => {
      throw routeNotFound(request);
    },
  });
}
