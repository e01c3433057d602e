/**
 * Writes the dashboard's API types (renderer/app/dashboard-api.gen.ts) from the served
 * description of the dashboard API, with openapi-typescript's defaults: the renderer's
 * openapi-fetch client (renderer/app/api.ts) is typed by it. Run after changing an admin
 * route's schemas: `npm run generate:dashboard-client`. A test fails while the committed
 * file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dashboardClientSource } from './dashboard-client-source';

const target = fileURLToPath(new URL('../renderer/app/dashboard-api.gen.ts', import.meta.url));
writeFileSync(target, await dashboardClientSource());
console.log(`wrote ${target}`);
