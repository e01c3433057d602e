import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NetworkSettings } from '../../../renderer/features/settings/NetworkSettings';
import { SessionsSettings } from '../../../renderer/features/settings/SessionsSettings';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage();
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('Sessions settings', () => {
  it('lists the window’s own session as this one, with where it was opened and a Sign out', async () => {
    renderPage(<SessionsSettings />);
    const region = await screen.findByRole('region', { name: 'Sessions' });
    const row = (await within(region).findByText('(this one)')).closest('tr')!;
    // The test's session came from a login link exchanged by Node's fetch.
    expect(row).toHaveTextContent(/^a browser \(this one\)/);
    expect(within(row).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('saves the session lifetimes', async () => {
    renderPage(<SessionsSettings />);
    const region = await screen.findByRole('region', { name: 'Sessions' });
    fireEvent.change(await within(region).findByLabelText('Sign out when unused for (hours)'), { target: { value: '8' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save lifetimes' }));
    await within(region).findByText(/Session lifetimes saved/);
    expect(await (await station.admin('/settings/sessions')).json()).toEqual({ idleHours: 8, absoluteHours: 168, benchIdleMinutes: 15 });
  });
});

describe('Network settings', () => {
  it('saves the local image hosts, and says which entry is wrong', async () => {
    renderPage(<NetworkSettings />);
    const region = await screen.findByRole('region', { name: 'Network' });
    const images = await within(region).findByLabelText(/Local image and webhook hosts allowed/);
    fireEvent.change(images, { target: { value: 'http://images.wms.local/' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save network settings' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/imageHostsAllowed\.0: A host name or an IP address/);
    fireEvent.change(images, { target: { value: 'Images.WMS.local\n10.0.0.7' } });
    // A proxy is trusted by its address only: a name is refused, an address kept.
    const proxies = within(region).getByLabelText(/Trusted proxies/);
    fireEvent.change(proxies, { target: { value: 'proxy.lan' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save network settings' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/trustedProxies\.0: An IP address/);
    fireEvent.change(proxies, { target: { value: '127.0.0.1' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save network settings' }));
    await within(region).findByText('Network settings saved.');
    expect(await (await station.admin('/settings/network')).json()).toEqual({ imageHostsAllowed: ['images.wms.local', '10.0.0.7'], printerHostsAllowed: [], dashboardHosts: [], browserOrigins: [], metricsForwardedAllowed: false, behindProxy: false, trustedProxies: ['127.0.0.1'] });
  });

  it('saves the web pages allowed to call the API, normalised, and says which one is wrong', async () => {
    renderPage(<NetworkSettings />);
    const region = await screen.findByRole('region', { name: 'Network' });
    const origins = await within(region).findByLabelText(/Web pages that may call the API/);
    fireEvent.change(origins, { target: { value: 'https://wms.example.com/orders' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save network settings' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/browserOrigins\.0: An origin/);
    fireEvent.change(origins, { target: { value: 'HTTPS://WMS.example.com\nhttp://localhost:3000' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save network settings' }));
    await within(region).findByText('Network settings saved.');
    expect((await (await station.admin('/settings/network')).json()).browserOrigins).toEqual(['https://wms.example.com', 'http://localhost:3000']);
    expect(origins).toHaveValue('https://wms.example.com\nhttp://localhost:3000');
  });
});
