import { z } from 'zod';

const names = z.array(z.string());

/**
 * What the station may reach on the network for documents, and who may reach it
 * (docs/api.md, Security), as settings.json keeps it: a setting a station never saved is
 * absent. The dashboard's answer is the same with every setting present (admin-routes.ts).
 */
export const storedNetworkSettings = z.strictObject({
  imageHostsAllowed: names.describe(
    'Hosts (names or IP addresses, lower case) whose images are fetched even though they resolve to loopback or private addresses: a WMS image server on the local network',
  ),
  printerHostsAllowed: names.describe("Hosts (names or IP addresses, lower case) a printer may be added at although they resolve to loopback or private addresses: the label printer at 192.168.1.40, bench 2's CUPS").optional(),
  dashboardHosts: names.describe("Extra names the dashboard answers for (beyond localhost, this machine's name and addresses)").optional(),
  browserOrigins: names.describe('Web page origins (`https://wms.example.com`) allowed to call `/api/*` from a browser (CORS)').optional(),
  metricsForwardedAllowed: z.boolean().describe("`/metrics` without a session for a loopback request that a proxy forwarded (it carries Forwarded, X-Forwarded-For or X-Real-IP): off by default, since the proxy's callers may be anyone").optional(),
  behindProxy: z.boolean().describe('A proxy on this computer passes requests on to the station: a loopback request is then treated as forwarded even without a forwarding header (its caller may be anyone)').optional(),
  trustedProxies: names.describe("Proxies (IP addresses) whose `X-Forwarded-For` names the real client: sign-in throttles count against that client, not the proxy every client shares (client-address.ts)").optional(),
});
export type NetworkSettings = z.output<typeof storedNetworkSettings>;

declare module '../../foundations/settings/settings-store' {
  interface StationSettings {
    /** What the station may reach on the network, and who may reach it. */
    network?: NetworkSettings;
  }
}
