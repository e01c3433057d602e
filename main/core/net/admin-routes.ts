import type Router from '@koa/router';
import { isIP } from 'node:net';
import { z } from 'zod';
import { validate } from '../http/validate';
import { readSetting, type SettingsStore } from '../settings/settings-store';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/;

const hosts = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .transform((host) => host.replace(/^\[(.*)\]$/, '$1'))
      .refine((host) => isIP(host) !== 0 || HOST_NAME.test(host), 'A host name or an IP address, without scheme, port or path'),
  )
  .max(100, 'At most 100 hosts');

const networkSettingsInput = z.object({ imageHostsAllowed: hosts, dashboardHosts: hosts.optional() });

/** The admin's allow-list for image hosts; none when unset or when settings cannot be read. */
export const allowedImageHosts = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.imageHostsAllowed ?? [];

/** Extra names the dashboard answers for; none when unset or when settings cannot be read. */
export const configuredDashboardHosts = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.dashboardHosts ?? [];

const view = (settings: SettingsStore) => ({ imageHostsAllowed: allowedImageHosts(settings), dashboardHosts: configuredDashboardHosts(settings) });

/** Dashboard: hosts on the local network whose images documents may show; extra names of the dashboard. */
export function networkAdminRoutes(router: Router, settings: SettingsStore): void {
  router.get('/admin/api/settings/network', (ctx) => {
    ctx.body = view(settings);
  });

  router.put('/admin/api/settings/network', (ctx) => {
    const input = validate(networkSettingsInput, ctx.request.body, 'The network settings are not valid');
    settings.set('network', {
      imageHostsAllowed: [...new Set(input.imageHostsAllowed)],
      dashboardHosts: [...new Set(input.dashboardHosts ?? configuredDashboardHosts(settings))],
    });
    ctx.body = view(settings);
  });
}
