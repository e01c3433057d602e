import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TemplatesPage } from '../../../renderer/features/templates/TemplatesPage';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
let merchantId: string;

beforeAll(async () => {
  station = await stationForPage('Northwind Fulfilment', 'three_pl');
  const created = (await (await station.admin(`/teams/${station.team.id}/merchants`, { json: { name: 'Lumen Candles' } })).json()) as { team: { id: string } };
  merchantId = created.team.id;
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('a merchant replacing a template of its 3PL', () => {
  it('offers the 3PL templates as bases and stores the override', async () => {
    renderPage(<TemplatesPage />);
    await screen.findByRole('row', { name: /Gift note/ });
    fireEvent.change(screen.getByRole('combobox', { name: /^Team/ }), { target: { value: merchantId } });
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const editor = await screen.findByRole('region', { name: 'New template' });
    const threePl = ((await (await station.admin(`/teams/${station.team.id}/templates`)).json()) as { id: string; name: string }[]).find((t) => t.name === 'Invoice (A4)')!;
    const replaces = within(editor).getByRole('combobox', { name: 'Replaces' });
    expect(within(replaces).getByRole('option', { name: 'Invoice (A4) (3PL template)' })).toBeInTheDocument();
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Lumen invoice' } });
    fireEvent.change(within(editor).getByLabelText('Document tag'), { target: { value: 'invoice' } });
    fireEvent.change(replaces, { target: { value: threePl.id } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Create template' }));
    const row = await screen.findByRole('row', { name: /Lumen invoice/ });
    expect(within(row).getByText('Custom · replaces Invoice (A4)')).toBeInTheDocument();
    const mine = ((await (await station.admin(`/teams/${merchantId}/templates`)).json()) as { name: string; overridesTemplateId: string | null }[]).find((t) => t.name === 'Lumen invoice')!;
    expect(mine.overridesTemplateId).toBe(threePl.id);
  });
});

describe('a merchant flow', () => {
  it('may add documents from the 3PL templates, marked as such', async () => {
    const { FlowsPage } = await import('../../../renderer/features/flows/FlowsPage');
    renderPage(<FlowsPage />);
    await screen.findByRole('listitem', { name: 'Rule 1' });
    fireEvent.change(screen.getByRole('combobox', { name: /^Team/ }), { target: { value: merchantId } });
    const rule = await screen.findByRole('listitem', { name: 'Rule 1' });
    const select = within(rule).getByRole('combobox', { name: 'Template' });
    const option = (await within(select).findByRole('option', { name: 'Gift note (A6) (gift-note) · 3PL' })) as HTMLOptionElement;
    fireEvent.change(select, { target: { value: option.value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }));
    await screen.findByText('Flow saved. Orders written from now on follow it.');
    const flow = (await (await station.admin(`/teams/${merchantId}/flow`)).json()) as { rules: { actions: { templateId: string }[] }[] };
    expect(flow.rules[0]!.actions[0]!.templateId).toBe(option.value);
  });
});
