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

/** The code typed into the scan box and Enter, as a scanner sends it: the order detail that opens. */
async function scanToDetail(code: string) {
  const scan = screen.getByPlaceholderText(/Scan or type an order number/);
  fireEvent.change(scan, { target: { value: code } });
  fireEvent.submit(scan.closest('form')!);
  return screen.findByRole('complementary', { name: 'Order detail' });
}

/** An operator of the team, signed in as `email`, scans ROLE-1 on the Orders page: its detail, once it offers Print…. */
async function operatorOpensRole1(email: string) {
  await signedInAs(station, 'operator', email);
  renderPage(<OrdersPage />);
  // The switch shows once the page knows the person may print.
  await waitFor(() => expect(screen.getByLabelText('Print as soon as an order is scanned')).toBeInTheDocument());
  const detail = await scanToDetail('ROLE-1');
  await within(detail).findByRole('button', { name: 'Print…' });
  return detail;
}

describe('the Orders page by role', () => {
  it('gives a viewer the order to read, with no Print…, Ignore, print-on-scan or selection actions', async () => {
    await signedInAs(station, 'viewer', 'reader@roles.example');
    renderPage(<OrdersPage />);
    const detail = await scanToDetail('ROLE-1');
    await within(detail).findByText(`${station.team.id}/api-ROLE-1`);
    // Who she is has loaded (the team filter lists her team): what is missing is missing for her role.
    await screen.findByRole('option', { name: 'Заказы и роли' });
    expect(within(detail).queryByRole('button', { name: 'Print…' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Ignore' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Print as soon as an order is scanned')).not.toBeInTheDocument();
  });

  it('gives an operator the same order with Print… and Ignore', async () => {
    const detail = await operatorOpensRole1('packer@roles.example');
    expect(within(detail).getByRole('button', { name: 'Ignore' })).toBeInTheDocument();
    await useBridge(station);
  });

  it("puts the opened order in the address, and another team's order by address shows its refusal alone, not inside the last order", async () => {
    // An order of a team the operator is not in.
    const other = ((await (await station.admin('/teams', { json: { name: 'Чужая команда' } })).json()) as { team: { id: string } }).team;
    const { secret } = (await (await station.admin('/keys', { json: { teamId: other.id, name: 'other shop' } })).json()) as { secret: string };
    const foreign = (await (await station.post('/api/orders', sampleOrder('FOREIGN-1'), secret)).json()) as { id: string };
    await operatorOpensRole1('linker@roles.example');
    const own = ((await (await station.admin('/orders?q=ROLE-1')).json()) as { orders: { id: string }[] }).orders[0]!.id;
    // The address names the open order: a link to share, a reload that opens it again.
    expect(window.location.hash).toBe(`#/orders/${encodeURIComponent(own)}`);

    window.location.hash = `#/orders/${encodeURIComponent(foreign.id)}`;
    // The detail of the order asked for (a new one: the last order's is gone), saying it is not in her teams.
    await waitFor(() => expect(within(screen.getByRole('complementary', { name: 'Order detail' })).getByRole('alert')).toHaveTextContent(/not found/i));
    const refused = screen.getByRole('complementary', { name: 'Order detail' });
    expect(within(refused).queryByRole('button', { name: 'Print…' })).not.toBeInTheDocument();
    expect(within(refused).queryByText(`${station.team.id}/api-ROLE-1`)).not.toBeInTheDocument();
    await useBridge(station);
  });

  it('scanning to print, an order of a team where the person only reads opens without printing', async () => {
    const readOnly = ((await (await station.admin('/teams', { json: { name: 'Только чтение' } })).json()) as { team: { id: string } }).team;
    const { secret } = (await (await station.admin('/keys', { json: { teamId: readOnly.id, name: 'read-only shop' } })).json()) as { secret: string };
    await station.post('/api/orders', sampleOrder('READ-ONLY-1', { customer: { firstName: '読子', lastName: 'Ридер' } }), secret);
    // A viewer there, an operator of the station's team.
    await signedInAs(station, 'viewer', 'both@roles.example', readOnly.id);
    await signedInAs(station, 'operator', 'both@roles.example');
    window.localStorage.setItem('station.printOnScan', '1');
    renderPage(<OrdersPage />);
    await waitFor(() => expect(screen.getByLabelText('Print as soon as an order is scanned')).toBeChecked());
    const detail = await scanToDetail('READ-ONLY-1');
    await within(detail).findByText(`${readOnly.id}/api-READ-ONLY-1`);
    expect(await screen.findByText('#READ-ONLY-1 opened')).toBeInTheDocument();
    const batches = (await (await station.admin('/print-batches?limit=500')).json()) as { orders: { orderKeys: string[] }[] }[];
    expect(batches.filter((batch) => batch.orders.some((order) => order.orderKeys.includes(`${readOnly.id}/api-READ-ONLY-1`)))).toEqual([]);
    window.localStorage.removeItem('station.printOnScan');
    await useBridge(station);
  });
});
