import { useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { ErrorBanner, SubmitForm } from '../../components/ui';

type NetworkView = Schemas['NetworkSettings'];

const lines = (text: string) => text.split(/[\s,]+/).map((host) => host.trim()).filter(Boolean);

/** What the station may reach, and by which names it is reached. */
export function NetworkSettings() {
  const [form, setForm] = useState<{ images: string; printers: string; dashboard: string; origins: string; forwardedMetrics: boolean; behindProxy: boolean; proxies: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const show = (view: NetworkView) => setForm({ images: view.imageHostsAllowed.join('\n'), printers: view.printerHostsAllowed.join('\n'), dashboard: view.dashboardHosts.join('\n'), origins: view.browserOrigins.join('\n'), forwardedMetrics: view.metricsForwardedAllowed, behindProxy: view.behindProxy, proxies: view.trustedProxies.join('\n') });
  useEffect(() => void answer(dashboard.GET('/admin/api/settings/network')).then(show, (failure: unknown) => setError(describeError(failure))), []);

  async function save() {
    setError(null);
    setSaved(null);
    try {
      show(await answer(dashboard.PUT('/admin/api/settings/network', { body: { imageHostsAllowed: lines(form!.images), printerHostsAllowed: lines(form!.printers), dashboardHosts: lines(form!.dashboard), browserOrigins: lines(form!.origins), metricsForwardedAllowed: form!.forwardedMetrics, behindProxy: form!.behindProxy, trustedProxies: lines(form!.proxies) } })));
      setSaved('Network settings saved.');
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <section className="card" aria-label="Network">
      <h2>Network</h2>
      <p className="muted">
        Documents show product images from public web servers, and webhooks post to public receivers. Servers on this machine or the local network
        (a WMS image server, a WMS webhook receiver) are refused unless listed here, so that an order or a webhook cannot make the station reach
        into its own network.
      </p>
      <ErrorBanner error={error} />
      {saved && <div className="banner banner-success" role="status">{saved}</div>}
      {form && (
        <SubmitForm className="form-grid" onSubmit={save}>
          <div className="row">
            <label>
              Local image and webhook hosts allowed (one per line: a name or an IP address)
              <textarea rows={3} value={form.images} onChange={(event) => setForm({ ...form, images: event.target.value })} placeholder="images.wms.local" />
            </label>
            <label>
              Other names of this station for the dashboard (one per line)
              <textarea rows={3} value={form.dashboard} onChange={(event) => setForm({ ...form, dashboard: event.target.value })} placeholder="packing-3.example.lan" />
            </label>
          </div>
          <label>
            Printer hosts on this machine or the local network that may be added by address (one per line: a name or an IP address)
            <textarea rows={3} value={form.printers} onChange={(event) => setForm({ ...form, printers: event.target.value })} placeholder="192.168.1.40" />
          </label>
          <label>
            Web pages that may call the API from a browser (one origin per line, e.g. https://wms.example.com; every other page is refused)
            <textarea rows={3} value={form.origins} onChange={(event) => setForm({ ...form, origins: event.target.value })} placeholder="https://wms.example.com" />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={form.forwardedMetrics} onChange={(event) => setForm({ ...form, forwardedMetrics: event.target.checked })} />
            Answer /metrics without a session to requests a proxy on this computer forwards (only if that proxy lets no one else reach it)
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={form.behindProxy} onChange={(event) => setForm({ ...form, behindProxy: event.target.checked })} />
            A proxy on this computer passes requests on to the station (treat every request from this computer as forwarded, even without a forwarding header)
          </label>
          <label>
            Trusted proxies (one IP address per line): their X-Forwarded-For names the real client, so failed sign-ins count against that client, not against everyone behind the proxy
            <textarea rows={2} value={form.proxies} onChange={(event) => setForm({ ...form, proxies: event.target.value })} placeholder="127.0.0.1" />
          </label>
          <div className="row">
            <button type="submit" className="button button-primary">Save network settings</button>
          </div>
        </SubmitForm>
      )}
    </section>
  );
}
