import type Router from '@koa/router';
import { isIP } from 'node:net';
import { z } from 'zod';
import { normaliseOrigin } from './origins';
import { validate } from '../../foundations/validate';
import { readSetting, type SettingsStore } from '../../foundations/settings/settings-store';
import { storedNetworkSettings } from './settings';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/;

/** A list of hosts as an admin types them (lower-cased, an IPv6 address without its brackets), each checked by `isHost`. */
const hostList = (isHost: (host: string) => boolean, message: string, max: number, what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .transform((host) => host.replace(/^\[(.*)\]$/, '$1'))
        .refine(isHost, message),
    )
    .max(max, `At most ${max} ${what}`);

const hosts = hostList((host) => isIP(host) !== 0 || HOST_NAME.test(host), 'A host name or an IP address, without scheme, port or path', 100, 'hosts');

/** IP addresses only: a proxy is trusted by the address its requests come from, never by a name. */
const ipAddresses = hostList((host) => isIP(host) !== 0, 'An IP address (the proxy’s, as the station sees its requests come)', 20, 'proxies');

const origins = z
  .array(
    z.string().transform((text, ctx) => {
      const origin = normaliseOrigin(text);
      if (origin === null) ctx.addIssue({ code: 'custom', message: 'An origin: http(s)://host[:port], without path, query or user' });
      return origin ?? '';
    }),
  )
  .max(50, 'At most 50 origins');

export const networkSettingsInput = z.object({ imageHostsAllowed: hosts, printerHostsAllowed: hosts.optional(), dashboardHosts: hosts.optional(), browserOrigins: origins.optional(), metricsForwardedAllowed: z.boolean().optional(), behindProxy: z.boolean().optional(), trustedProxies: ipAddresses.optional() });

/** The admin's allow-list for image hosts; none when unset or when settings cannot be read. */
export const allowedImageHosts = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.imageHostsAllowed ?? [];

/** The admin's allow-list for printer addresses on the local network; none when unset or when settings cannot be read. */
export const allowedPrinterHosts = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.printerHostsAllowed ?? [];

/** Extra names the dashboard answers for; none when unset or when settings cannot be read. */
export const configuredDashboardHosts = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.dashboardHosts ?? [];

/** Web pages allowed to call the API from a browser; none when unset or when settings cannot be read. */
export const allowedBrowserOrigins = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.browserOrigins ?? [];

/** Whether /metrics answers a forwarded loopback request without a session (docs/api.md, Health and metrics). */
export const metricsForwardedAllowed = (settings: SettingsStore): boolean => readSetting(settings, 'network')?.metricsForwardedAllowed === true;

/** Whether a proxy on this computer passes requests on, so a loopback caller may be anyone (docs/api.md, Health and metrics). */
export const behindProxy = (settings: SettingsStore): boolean => readSetting(settings, 'network')?.behindProxy === true;

/** Proxies whose X-Forwarded-For is believed (net/client-address.ts); none when unset or when settings cannot be read. */
export const trustedProxies = (settings: SettingsStore): string[] => readSetting(settings, 'network')?.trustedProxies ?? [];

/** What `GET|PUT /admin/api/settings/network` answer. */
export const networkSettingsAnswer = storedNetworkSettings.required();

const view = (settings: SettingsStore): z.output<typeof networkSettingsAnswer> => ({
  imageHostsAllowed: allowedImageHosts(settings),
  printerHostsAllowed: allowedPrinterHosts(settings),
  dashboardHosts: configuredDashboardHosts(settings),
  browserOrigins: allowedBrowserOrigins(settings),
  metricsForwardedAllowed: metricsForwardedAllowed(settings),
  behindProxy: behindProxy(settings),
  trustedProxies: trustedProxies(settings),
});

/** Dashboard: hosts on the local network whose images documents may show; extra names of the dashboard; browser origins of the API. */
export function networkAdminRoutes(router: Router, settings: SettingsStore): void {
  router.get('/admin/api/settings/network', (ctx) => {
    ctx.body = view(settings);
  });

  router.put('/admin/api/settings/network', (ctx) => {
    const input = validate(networkSettingsInput, ctx.request.body, 'The network settings are not valid');
    settings.set('network', {
      imageHostsAllowed: [...new Set(input.imageHostsAllowed)],
      printerHostsAllowed: [...new Set(input.printerHostsAllowed ?? allowedPrinterHosts(settings))],
      dashboardHosts: [...new Set(input.dashboardHosts ?? configuredDashboardHosts(settings))],
      browserOrigins: [...new Set(input.browserOrigins ?? allowedBrowserOrigins(settings))],
      metricsForwardedAllowed: input.metricsForwardedAllowed ?? metricsForwardedAllowed(settings),
      behindProxy: input.behindProxy ?? behindProxy(settings),
      trustedProxies: [...new Set(input.trustedProxies ?? trustedProxies(settings))],
    });
    ctx.body = view(settings);
  });
}
