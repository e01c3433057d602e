import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';

let running: RunningStation | undefined;
afterEach(() => running?.stop());

function builtDashboard(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Dashboard</title>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

describe('the built dashboard at /', () => {
  it('serves index.html with a strict content security policy', async () => {
    running = await startStation({ dashboardDir: builtDashboard() });
    const response = await fetch(`${running.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<title>Dashboard</title>');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets as immutable and unknown pages as index.html', async () => {
    running = await startStation({ dashboardDir: builtDashboard() });
    const asset = await fetch(`${running.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await (await fetch(`${running.url}/orders/anything`)).text()).toContain('<title>Dashboard</title>');
  });

  it('never serves files outside the dashboard folder', async () => {
    running = await startStation({ dashboardDir: builtDashboard() });
    const response = await fetch(`${running.url}/..%2f..%2fetc%2fpasswd`);
    expect(await response.text()).not.toContain('root:');
  });

  it('leaves API paths to the API: an unknown one is a JSON 404', async () => {
    running = await startStation({ dashboardDir: builtDashboard() });
    const response = await fetch(`${running.url}/admin/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const api = await fetch(`${running.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
  });

  it('explains how to build the dashboard when it is missing', async () => {
    running = await startStation({ dashboardDir: join(tmpdir(), 'no-such-dashboard') });
    const response = await fetch(`${running.url}/`);
    expect(await response.text()).toContain('npm run build:renderer');
  });
});
