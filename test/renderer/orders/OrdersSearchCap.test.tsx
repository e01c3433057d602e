import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '../../../main/core/features/admin/orders-query-store';
import { OrdersPage } from '../../../renderer/features/orders/OrdersPage';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

let station: StationProcess;

beforeAll(async () => {
  station = await stationForPage();
  // Every sample order's customer is Ada Lovelace; the last one is Ада Лавлейс.
  for (let first = 0; first <= SEARCH_COUNT_CAP; first += 50) {
    await Promise.all(Array.from({ length: Math.min(50, SEARCH_COUNT_CAP + 1 - first) }, (_, i) => station.post('/api/orders', sampleOrder(5000 + first + i))));
  }
  await station.post('/api/orders', sampleOrder('RU-1', { customer: { firstName: 'Ада', lastName: 'Лавлейс' }, shippingAddress: { firstName: 'Ада', lastName: 'Лавлейс', city: 'Москва', country: 'RU' } }));
}, 60_000);
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('Orders page: a search that matches more than the station counts', () => {
  it('says "1,000+ matching orders" and lists the newest matches; more letters narrow it to an exact count', async () => {
    renderPage(<OrdersPage />);
    await screen.findByText(/^1,002 orders/);
    const search = screen.getByPlaceholderText(/Scan or type an order number/);
    fireEvent.change(search, { target: { value: 'Lovelace' } });
    expect(await screen.findByText(/^1,000\+ matching orders, newest first/)).toBeInTheDocument();
    // The newest match first (the newest order, Лавлейс, does not match).
    const newest = await (await station.admin('/orders?q=Lovelace&limit=1')).json();
    await waitFor(() => expect(document.querySelector('[data-order-number]')?.getAttribute('data-order-number')).toBe(newest.orders[0].orderNumber));
    fireEvent.change(search, { target: { value: 'Лавлейс' } });
    expect(await screen.findByText(/^1 matching order\b/)).toBeInTheDocument();
  });
});
