import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrdersPage } from '../../../renderer/features/orders/OrdersPage';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

let station: StationProcess;

beforeAll(async () => {
  station = await stationForPage();
  await Promise.all(Array.from({ length: 150 }, (_, i) => station.post('/api/orders', sampleOrder(1000 + i, { tags: [{ label: i % 2 ? 'odd' : 'even' }] }))));
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

const rows = () => document.querySelectorAll('[data-order-number]');
/** The station's own count of orders (every status, every team): what the page's header must say. */
const stationTotal = async () => ((await (await station.admin('/orders?limit=1')).json()) as { total: number }).total;

describe('Orders page', () => {
  it('shows the total but renders only the rows on screen', async () => {
    const total = await stationTotal();
    expect(total).toBeGreaterThanOrEqual(150);
    renderPage(<OrdersPage />);
    await screen.findByText(new RegExp(`^${total} orders`));
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    expect(rows().length).toBeLessThan(60);
  });

  it('adds an order posted while the page is open, without a reload', async () => {
    const total = await stationTotal();
    renderPage(<OrdersPage />);
    await screen.findByText(new RegExp(`^${total} orders`));
    await station.post('/api/orders', sampleOrder('LIVE-1'));
    // The page keeps its state (no reload): the live event adds the row to the list already shown.
    expect(await screen.findByText('#LIVE-1', {}, { timeout: 20_000 })).toBeInTheDocument();
    await screen.findByText(new RegExp(`^${total + 1} orders`));
  });

  it('Enter in the scan box opens the order with that number', async () => {
    renderPage(<OrdersPage />);
    const scan = screen.getByPlaceholderText(/Scan or type an order number/);
    fireEvent.change(scan, { target: { value: '1042' } });
    fireEvent.submit(scan.closest('form')!);
    const detail = await screen.findByRole('complementary', { name: 'Order detail' });
    expect(await within(detail).findByText(`${station.team.id}/api-1042`)).toBeInTheDocument();
  });

  it('the order detail lists the fields the last body carried that the station ignored', async () => {
    await station.post('/api/orders', { sourceId: 'IGN-1', order: { orderNumber: 'IGN-1', customer: { name: 'Ли Вэй' }, total: { amount: '9.00', currency: 'EUR' } } });
    renderPage(<OrdersPage />);
    const scan = screen.getByPlaceholderText(/Scan or type an order number/);
    fireEvent.change(scan, { target: { value: 'IGN-1' } });
    fireEvent.submit(scan.closest('form')!);
    const detail = await screen.findByRole('complementary', { name: 'Order detail' });
    const note = await within(detail).findByRole('note');
    expect(within(note).getByText('order.customer.name').closest('li')).toHaveTextContent('the field is firstName and lastName');
    expect(within(note).getByText('order.total').closest('li')).toHaveTextContent('the field is orderTotal');
    expect(within(detail).getByText(/2 fields ignored/)).toBeInTheDocument();
  });

  it('says so when a scanned number matches no order', async () => {
    renderPage(<OrdersPage />);
    const scan = screen.getByPlaceholderText(/Scan or type an order number/);
    fireEvent.change(scan, { target: { value: 'NOPE-404' } });
    fireEvent.submit(scan.closest('form')!);
    expect(await screen.findByText(/No order “NOPE-404”/)).toBeInTheDocument();
  });

  it('filters by tag through the station', async () => {
    renderPage(<OrdersPage />);
    await screen.findByText(/^\d+ orders/);
    await waitFor(() => expect(screen.getByRole('option', { name: 'odd' })).toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'odd' } });
    expect(await screen.findByText(/^75 matching orders/)).toBeInTheDocument();
  });

  it('a row with focus keeps the list focused when the list is read again from the top (a filter changed)', async () => {
    renderPage(<OrdersPage />);
    await screen.findByText(/^\d+ orders/);
    await waitFor(() => expect(screen.getByRole('option', { name: 'odd' })).toBeInTheDocument());
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    const third = document.querySelector<HTMLElement>('[data-index="2"]')!;
    third.focus();
    expect(document.activeElement).toBe(third);
    // The filter reads the list again: the rows are placeholders for a moment, then new rows.
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'odd' } });
    expect(third.isConnected).toBe(false);
    // Once the new rows are there, the first row has focus (a new filter starts from the top), not the page.
    await screen.findByText(/^75 matching orders/);
    await waitFor(() => expect(document.activeElement?.getAttribute('data-order-number')).toBeTruthy());
    expect(document.activeElement?.getAttribute('data-index')).toBe('0');
    // The arrow keys work on from there.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-index')).toBe('1');
  });

  it('filters to the orders printed at one bench', async () => {
    await (await station.admin('/benches', { json: { name: 'Стол 3' } })).json();
    const order = (await (await station.post('/api/orders', sampleOrder('BENCH-3', { customer: { firstName: 'Лейла', lastName: 'كريم' } }))).json()) as { id: string };
    const printers = (await (await station.admin('/printers')).json()) as { id: string; printerVendorId: string }[];
    const folder = printers.find((printer) => printer.printerVendorId === 'save-as-pdf')!.id;
    expect((await station.post(`/api/orders/${order.id}/print`, { overrides: { bench: 'Стол 3', printer: folder } })).status).toBe(200);
    renderPage(<OrdersPage />);
    await screen.findByText(/^\d+ orders/);
    const bench = await screen.findByRole('option', { name: 'Стол 3' });
    fireEvent.change(screen.getByLabelText('Bench'), { target: { value: (bench as HTMLOptionElement).value } });
    expect(await screen.findByText(/^1 matching order/)).toBeInTheDocument();
    await waitFor(() => expect([...rows()].map((row) => row.getAttribute('data-order-number'))).toEqual(['#BENCH-3']));
  });

  it('shift-click selects a range and the selection can be ignored in one go', async () => {
    renderPage(<OrdersPage />);
    await waitFor(() => expect(rows().length).toBeGreaterThan(5));
    const boxes = screen.getAllByRole('checkbox', { name: /^Select order/ });
    const picked = [0, 1, 2].map((index) => boxes[index]!.closest('[data-order-number]')!.getAttribute('data-order-number')!);
    fireEvent.click(boxes[0]!);
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    fireEvent.click(boxes[2]!, { shiftKey: true });
    expect(await screen.findByText('3 selected')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(screen.queryByText('3 selected')).not.toBeInTheDocument());
    const ignored = (await (await station.admin('/orders?status=ignored')).json()) as { orders: { orderNumber: string }[] };
    expect(ignored.orders.map((order) => order.orderNumber).sort()).toEqual(picked.sort());
  });

  it('"Print as soon as an order is scanned" prints the scanned order, and only while it is on', async () => {
    window.localStorage.removeItem('station.printOnScan');
    const { unmount } = renderPage(<OrdersPage />);
    const scanOf = async (number: string) => {
      const scan = screen.getByPlaceholderText(/Scan or type an order number/);
      fireEvent.change(scan, { target: { value: number } });
      fireEvent.submit(scan.closest('form')!);
      // Each order opens in a detail of its own: read the one on screen now, not the last order's.
      await waitFor(() => expect(within(screen.getByRole('complementary', { name: 'Order detail' })).getByText(`${station.team.id}/api-${number}`)).toBeInTheDocument());
    };
    const batchesOf = async (number: string) => {
      const batches = (await (await station.admin('/print-batches?limit=500')).json()) as { orders: { orderKeys: string[] }[] }[];
      return batches.filter((batch) => batch.orders.some((order) => order.orderKeys.includes(`${station.team.id}/api-${number}`)));
    };

    // Off: scanning opens the order and prints nothing.
    await scanOf('1100');
    expect(await screen.findByText('#1100 opened')).toBeInTheDocument();
    expect(await batchesOf('1100')).toEqual([]);

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Print as soon as an order is scanned' }));
    await scanOf('1101');
    // The answer stands beside the scan box and follows the job (no dialog).
    expect(await screen.findByText(/^#1101: (Preparing|At the printer|Printed)/)).toBeInTheDocument();
    expect(await batchesOf('1101')).toHaveLength(1);
    expect(await batchesOf('1100')).toEqual([]);

    // The choice is kept for the next visit.
    unmount();
    renderPage(<OrdersPage />);
    // The switch shows once the page knows the person may print.
    expect(await screen.findByRole('checkbox', { name: 'Print as soon as an order is scanned' })).toBeChecked();
    window.localStorage.removeItem('station.printOnScan');
  });
});
