import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderDocuments } from '../../../renderer/features/orders/OrderDocuments';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage();
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('an order’s documents', () => {
  it('names a carrier label the order carries, beside the documents its flow made', async () => {
    const label = { tag: 'ups', format: 'zpl', data: Buffer.from('^XA^FO20,20^FDUPS^FS^XZ').toString('base64'), name: 'UPS 1Z999AA1' };
    const response = await station.post('/api/orders', sampleOrder('CARRIER-1', { variables: { carrierLabels: [label] } }));
    const { id } = (await response.json()) as { id: string };
    renderPage(<OrderDocuments orderId={id} />);
    expect(await screen.findByText('carrier label (ZPL): UPS 1Z999AA1')).toBeInTheDocument();
    expect(screen.getByText('ups')).toBeInTheDocument();
    expect(screen.getByText('packing-slip')).toBeInTheDocument();
  });
});
