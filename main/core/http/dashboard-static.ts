import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Next } from 'koa';
import { APP_ROOT } from '../foundations/app-root';

/** Where `npm run build:renderer` (run by `npm ci` through `prepare`) writes the dashboard. */
export const DEFAULT_DASHBOARD_DIR = join(APP_ROOT, 'dist/renderer');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/**
 * The dashboard talks to this same origin only; order documents are previewed as PDFs
 * (frame) and nothing is ever loaded from elsewhere.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Order Print Station</title>
<body style="font:16px system-ui;margin:3em;max-width:40em">
<h1>The dashboard is not built</h1>
<p>The station is running and its API answers under <code>/api</code>. To get the dashboard, run
<code>npm run build:renderer</code> in the station's folder (<code>npm ci</code> does it too), then reload.</p>`;

/**
 * Serves the built dashboard at `/` for the headless station (and the desktop window).
 * API paths never reach it; any other unknown path gets index.html so deep links work.
 */
export function dashboardStatic(dashboardDir: string = DEFAULT_DASHBOARD_DIR) {
  const root = resolve(dashboardDir);
  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path.startsWith('/admin/api')) {
      return next();
    }
    let file = resolve(root, `.${decodeURIComponent(ctx.path)}`);
    if (file !== root && !file.startsWith(root + sep)) return next();
    if (!existsSync(file) || !statSync(file).isFile()) file = join(root, 'index.html');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (!existsSync(file)) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = NOT_BUILT;
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    ctx.type = type;
    if (type.startsWith('text/html')) {
      ctx.set('Content-Security-Policy', DASHBOARD_CSP);
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Cache-Control', 'no-cache');
    } else if (ctx.path.startsWith('/assets/')) {
      // Vite puts a content hash in every asset name.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
    ctx.body = readFileSync(file);
  };
}
