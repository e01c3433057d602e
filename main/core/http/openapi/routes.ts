import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Router from '@koa/router';
import { openApiDocument } from './document';

/** Swagger UI's own prebuilt files (swagger-ui-dist): served by the station, never from a CDN. */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Swagger UI needs no inline script: its start is this file, so the page's CSP stays `script-src 'self'`. */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Order Print Station API reference</title>
<link rel="icon" href="/api/reference/favicon-32x32.png">
<link rel="stylesheet" href="/api/reference/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="/api/reference/swagger-ui-bundle.js"></script>
<script src="/api/reference/start.js"></script>
</body>
</html>
`;

const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Keyless: `GET /api/openapi.json` (the contract as OpenAPI 3.1) and `GET /api/reference`
 * (a readable page of it). Neither carries team data.
 */
export function openApiRoutes(router: Router): void {
  router.get('/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = openApiDocument();
  });

  router.get('/api/reference', (ctx) => {
    ctx.set('Content-Security-Policy', REFERENCE_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });

  router.get('/api/reference/start.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = START_SCRIPT;
  });

  router.get('/api/reference/:asset', async (ctx, next) => {
    const type = ASSETS[ctx.params.asset!];
    if (!type) return next();
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = type;
    ctx.body = await readFile(join(SWAGGER_UI_DIR, ctx.params.asset!));
  });
}
