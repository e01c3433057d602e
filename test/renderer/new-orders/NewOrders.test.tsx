import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CsvImport } from '../../../renderer/features/new-orders/CsvImport';
import { ManualOrderForm } from '../../../renderer/features/new-orders/ManualOrderForm';
import { emptyForm, toOrderBody } from '../../../renderer/features/new-orders/manual-order';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Corner Shop');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('manual order body', () => {
  it('leaves out empty fields and blank item rows, and parses numbers', () => {
    const form = { ...emptyForm(), orderNumber: ' P-1 ', firstName: 'Ada', city: 'Leeds', tags: 'gift, , express', items: [{ name: 'Mug', quantity: '2', sku: '', price: '9,50' }, { name: ' ', quantity: '1', sku: '', price: '' }] };
    expect(toOrderBody(form)).toEqual({
      orderNumber: 'P-1',
      customer: { firstName: 'Ada' },
      shippingAddress: { firstName: 'Ada', city: 'Leeds' },
      lineItems: [{ name: 'Mug', quantity: 2, price: { amount: 9.5, currency: 'EUR' } }],
      tags: [{ label: 'gift' }, { label: 'express' }],
    });
  });
});

describe('New orders page', () => {
  it('creates a web order typed by hand', async () => {
    renderPage(<ManualOrderForm />);
    const form = screen.getByRole('form', { name: 'New order' });
    await within(form).findByRole('option', { name: 'Corner Shop' });
    fireEvent.change(within(form).getByLabelText('Team'), { target: { value: station.team.id } });
    fireEvent.change(within(form).getByLabelText('Order number'), { target: { value: 'PHONE-7' } });
    fireEvent.change(within(form).getByLabelText('Item'), { target: { value: 'Teapot' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create order' }));
    expect(await within(form).findByText(new RegExp(`${station.team.id}/web-PHONE-7`))).toBeInTheDocument();
    const detail = await (await station.admin(`/orders/${encodeURIComponent(`${station.team.id}/web-PHONE-7`)}`)).json();
    expect(detail.lineItems).toEqual([expect.objectContaining({ name: 'Teapot', quantity: 1 })]);
  });

  it('shows the station’s reason when an order is refused', async () => {
    renderPage(<ManualOrderForm />);
    const form = screen.getByRole('form', { name: 'New order' });
    await within(form).findByRole('option', { name: 'Corner Shop' });
    fireEvent.change(within(form).getByLabelText('Team'), { target: { value: station.team.id } });
    fireEvent.change(within(form).getByLabelText('Order number'), { target: { value: 'PHONE-8' } });
    fireEvent.change(within(form).getByLabelText('Item'), { target: { value: 'Cup' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'E' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create order' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('order.lineItems.0.price.currency');
  });

  it('imports a CSV through the mapping step, saying first what it will do, and lists the orders it left out by line', async () => {
    renderPage(<CsvImport />);
    const section = screen.getByRole('region', { name: 'Import CSV' });
    await within(section).findByRole('option', { name: 'Corner Shop' });
    fireEvent.change(within(section).getByLabelText('Team'), { target: { value: station.team.id } });
    const csv = 'Order,Product,Qty\nC-1,Mug,2\nC-1,Tea,1\nC-2,Plate,lots\n';
    fireEvent.change(within(section).getByLabelText('File'), { target: { files: [new File([csv], 'export.csv', { type: 'text/csv' })] } });
    expect(await within(section).findByText(/Map the columns of export.csv \(3 rows\)/)).toBeInTheDocument();
    expect(within(section).getByLabelText('Order number (required)')).toHaveValue('Order');
    expect(within(section).getByLabelText('Item quantity')).toHaveValue('Qty');
    const plan = await within(section).findByRole('status', { name: 'What the import will do' });
    expect(plan).toHaveTextContent('1 order, 2 line items, 1 skipped — 1 new. Nothing is written until you import.');
    expect(within(section).getByRole('table', { name: 'Orders not imported' })).toHaveTextContent('Line 4: quantity "lots" is not a number');
    fireEvent.click(within(section).getByRole('button', { name: 'Import 1 order' }));
    expect(await within(section).findByText(/Imported: 1 order, 2 line items, 1 skipped \(1 new\)/)).toBeInTheDocument();
    const report = within(section).getByRole('table', { name: 'Orders not imported' });
    expect(within(report).getByText('C-2')).toBeInTheDocument();
    expect(within(report).getByText('4')).toBeInTheDocument();
  });

  it('says a file over 8 MB is too large before sending it', async () => {
    renderPage(<CsvImport />);
    const section = screen.getByRole('region', { name: 'Import CSV' });
    const big = new File(['Name,Lineitem name\n' + 'x'.repeat(9 * 1024 * 1024)], 'all-orders.csv', { type: 'text/csv' });
    fireEvent.change(within(section).getByLabelText('File'), { target: { files: [big] } });
    expect(await within(section).findByRole('alert')).toHaveTextContent('all-orders.csv is 9 MB; the import takes files up to 8 MB: export a shorter date range, or split the file.');
    expect(within(section).queryByText(/Map the columns/)).not.toBeInTheDocument();
  });
});
