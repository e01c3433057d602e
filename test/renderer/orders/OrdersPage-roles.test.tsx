import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersPage } from '../../../renderer/features/orders/OrdersPage';
import { renderPage, signedInAs, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

/** The Orders page offers a person only what they may do: a viewer reads; printing and ignoring are an operator's. */
let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Заказы и роли');
  await station.post('/api/orders', sampleOrder('ROLE-1', { customer: { firstName: 'Ива', lastName: 'Новак' } }));
});
afterAll(() => station.stop());

describe('the Orders page by role', () => {
  it('gives a viewer the order to read, with no Print…, Ignore, print-on-scan or selection actions', async () => {
    await signedInAs(station, 'viewer', 'reader@roles.example');
    renderPage(<OrdersPage />);
    const scan = screen.getByPlaceholderText(/Scan or type an order number/);
    fireEvent.change(scan, { target: { value: 'ROLE-1' } });
    fireEvent.submit(scan.closest('form')!);
    const detail = await screen.findByRole('complementary', { name: 'Order detail' });
    await within(detail).findByText(`${station.team.id}/api-ROLE-1`);
    // Who she is has loaded (the team filter lists her team): what is missing is missing for her role.
    await screen.findByRole('option', { name: 'Заказы и роли' });
    expect(within(detail).queryByRole('button', { name: 'Print…' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Ignore' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Print as soon as an order is scanned')).not.toBeInTheDocument();
  });

  it('gives an operator the same order with Print… and Ignore', async () => {
    await signedInAs(station, 'operator', 'packer@roles.example');
    renderPage(<OrdersPage />);
    await waitFor(() => expect(screen.getByLabelText('Print as soon as an order is scanned')).toBeInTheDocument());
    const scan = screen.getByPlaceholderText(/Scan or type an order number/);
    fireEvent.change(scan, { target: { value: 'ROLE-1' } });
    fireEvent.submit(scan.closest('form')!);
    const detail = await screen.findByRole('complementary', { name: 'Order detail' });
    await within(detail).findByRole('button', { name: 'Print…' });
    expect(within(detail).getByRole('button', { name: 'Ignore' })).toBeInTheDocument();
    await useBridge(station);
  });
});
