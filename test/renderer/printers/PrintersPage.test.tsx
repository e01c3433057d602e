import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrintersPage } from '../../../renderer/features/printers/PrintersPage';
import { renderPage, signedInAs, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

/** The Printers page shows each person the controls they may use: printers are the station admin's to change. */
let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Printers shop');
});
afterAll(() => station.stop());

describe('the Printers page by role', () => {
  it('gives an operator no name field and no settings to change, and a test print', async () => {
    await signedInAs(station, 'operator', 'op@printers.example');
    renderPage(<PrintersPage />);
    const visible = await screen.findByLabelText('Save as PDF visible');
    await waitFor(() => expect(visible).toBeDisabled());
    expect(screen.queryByLabelText('Nickname of Save as PDF')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Save as PDF fit to page')).toBeDisabled();
    expect(screen.getByLabelText('Save as PDF takes ZPL')).toBeDisabled();
    // The test print is offered once the page knows where the operator may print (a read of its own).
    expect(await screen.findByRole('button', { name: 'Test print' })).toBeInTheDocument();
  });

  it('gives a viewer no test print either', async () => {
    await signedInAs(station, 'viewer', 'viewer@printers.example');
    renderPage(<PrintersPage />);
    const visible = await screen.findByLabelText('Save as PDF visible');
    await waitFor(() => expect(visible).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Test print' })).not.toBeInTheDocument();
  });

  it('gives the station admin every control', async () => {
    await useBridge(station);
    renderPage(<PrintersPage />);
    await screen.findByLabelText('Nickname of Save as PDF');
    expect(screen.getByLabelText('Save as PDF visible')).toBeEnabled();
  });
});

describe('adding a printer by its address', () => {
  it('refuses a loopback address with the way to allow it: a link to Settings → Network', async () => {
    await useBridge(station);
    renderPage(<PrintersPage />);
    const form = await screen.findByRole('region', { name: 'Add a printer by its address' });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: 'socket://127.0.0.1:9' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Loopback Zebra' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add printer' }));
    await within(form).findByRole('alert');
    expect(within(form).getByRole('link', { name: 'Settings → Network' })).toHaveAttribute('href', '#/settings/network');
  });
});
