import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhooks } from '../../../renderer/features/settings/Webhooks';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Corner Shop');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('Webhooks in Settings', () => {
  it('adds a webhook for a team, shows its signing secret once, lists it and pauses it', async () => {
    renderPage(<Webhooks />);
    await screen.findByRole('option', { name: 'Corner Shop' });
    const region = screen.getByRole('region', { name: 'Webhooks' });
    fireEvent.change(within(region).getByLabelText('Team'), { target: { value: station.team.id } });
    fireEvent.change(within(region).getByLabelText('URL'), { target: { value: 'http://127.0.0.1:9/station-events' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Add webhook' }));
    const secretBox = await screen.findByRole('region', { name: 'New webhook secret' });
    expect(within(secretBox).getByTestId('webhook-secret').textContent).toMatch(/^whsec_/);
    const row = (await screen.findByText('http://127.0.0.1:9/station-events')).closest('tr')!;
    expect(within(row).getByText('Corner Shop')).toBeInTheDocument();
    expect(within(row).getByText('Order status changes, Print job state changes, Print requests with refused orders')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    expect(await within(row).findByText('Paused')).toBeInTheDocument();
    const stored = await (await station.admin('/webhooks')).json();
    expect(stored).toMatchObject([{ url: 'http://127.0.0.1:9/station-events', active: false }]);
  });

  it('says which field is wrong when the URL is not http(s)', async () => {
    renderPage(<Webhooks />);
    await screen.findByRole('option', { name: 'Corner Shop' });
    const region = screen.getByRole('region', { name: 'Webhooks' });
    fireEvent.change(within(region).getByLabelText('Team'), { target: { value: station.team.id } });
    fireEvent.change(within(region).getByLabelText('URL'), { target: { value: 'ftp://files.example/x' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Add webhook' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/url: An http\(s\) URL/);
  });
});
