import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FlowsPage } from '../../../renderer/features/flows/FlowsPage';
import { describeCondition, move, parseVariableValue } from '../../../renderer/features/flows/flows';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;

beforeAll(async () => {
  station = await stationForPage('Corner Shop');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

interface FlowView {
  autoPrint: boolean;
  rules: { name?: string; when?: unknown; actions: { type: string; templateId?: string; tag?: string }[]; stop: boolean }[];
}
const flow = async () => (await (await station.admin(`/teams/${station.team.id}/flow`)).json()) as FlowView;
const templateId = async (name: string) =>
  ((await (await station.admin(`/teams/${station.team.id}/templates`)).json()) as { id: string; name: string }[]).find((t) => t.name === name)!.id;

/** Puts the team's flow in a known state first: each test sets up what it needs. */
async function setFlow(flow: { autoPrint: boolean; rules: unknown[] }) {
  const response = await station.admin(`/teams/${station.team.id}/flow`, { method: 'PUT', json: flow });
  if (response.status !== 200) throw new Error(`flow not set: ${response.status} ${await response.text()}`);
}
const slipForEveryOrder = async () => ({
  name: 'Packing slip for every order',
  actions: [{ type: 'addDocument', templateId: await templateId('Packing slip (A4)'), tag: 'packing-slip' }],
});
const giftsToGermany = async () => ({
  name: 'Gifts to Germany',
  when: { all: [{ tagIs: 'gift' }, { countryIs: ['DE', 'AT'] }] },
  actions: [{ type: 'addDocument', templateId: await templateId('Gift note (A6)') }],
  stop: true,
});

async function openPage() {
  renderPage(<FlowsPage />);
  const rule = await screen.findByRole('listitem', { name: 'Rule 1' });
  // The template choices load beside the flow; a select set before they arrive stays empty.
  await within(rule).findAllByRole('option', { name: /^Invoice \(A4\)/ });
  return rule;
}
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Save flow' }));
  await screen.findByText('Flow saved. Orders written from now on follow it.');
};

describe('Flows page', () => {
  it('shows the team’s rule and saves the auto-print switch', async () => {
    await setFlow({ autoPrint: true, rules: [await slipForEveryOrder()] });
    const rule = await openPage();
    expect(within(rule).getByRole('textbox', { name: 'Rule name' })).toHaveValue('Packing slip for every order');
    expect(within(rule).getByText('every order', { selector: 'strong' })).toBeInTheDocument();
    const toggle = screen.getByRole('switch');
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
    await save();
    expect((await flow()).autoPrint).toBe(false);
  });

  it('builds a rule with nested conditions and two actions, stored as the station schema says', async () => {
    await setFlow({ autoPrint: false, rules: [await slipForEveryOrder()] });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: '+ Add a rule' }));
    const rule = screen.getByRole('listitem', { name: 'Rule 2' });
    fireEvent.change(within(rule).getByRole('textbox', { name: 'Rule name' }), { target: { value: 'Gifts to Germany' } });
    fireEvent.click(within(rule).getByRole('button', { name: 'Add a condition' }));
    fireEvent.change(within(rule).getByRole('combobox', { name: 'Condition' }), { target: { value: 'all' } });
    fireEvent.change(within(rule).getByRole('textbox', { name: 'Tag' }), { target: { value: 'gift' } });
    fireEvent.click(within(rule).getByRole('button', { name: '+ and' }));
    fireEvent.change(within(rule).getAllByRole('combobox', { name: 'Condition' })[2]!, { target: { value: 'countryIs' } });
    const countries = within(rule).getByRole('textbox', { name: 'Countries' });
    fireEvent.change(countries, { target: { value: 'de, at' } });
    fireEvent.blur(countries);
    fireEvent.change(within(rule).getByRole('combobox', { name: 'Template' }), { target: { value: await templateId('Gift note (A6)') } });
    fireEvent.click(within(rule).getByRole('button', { name: '+ action' }));
    fireEvent.change(within(rule).getAllByRole('combobox', { name: 'Template' })[1]!, { target: { value: await templateId('Invoice (A4)') } });
    fireEvent.click(within(rule).getByRole('checkbox', { name: 'Stop here when this rule applies' }));
    expect(within(rule).getByText('tag is “gift” and ships to DE, AT')).toBeInTheDocument();
    await save();
    expect((await flow()).rules[1]).toEqual({
      name: 'Gifts to Germany',
      when: { all: [{ tagIs: 'gift' }, { countryIs: ['DE', 'AT'] }] },
      actions: [
        { type: 'addDocument', templateId: await templateId('Gift note (A6)') },
        { type: 'addDocument', templateId: await templateId('Invoice (A4)') },
      ],
      stop: true,
    });
  });

  it('reorders rules and keeps each rule’s fields with it', async () => {
    await setFlow({ autoPrint: false, rules: [await slipForEveryOrder(), await giftsToGermany()] });
    await openPage();
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Rule name' })).toHaveLength(2));
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Rule 2' })).getByRole('button', { name: 'Move up' }));
    expect(screen.getAllByRole('textbox', { name: 'Rule name' }).map((input) => (input as HTMLInputElement).value)).toEqual(['Gifts to Germany', 'Packing slip for every order']);
    expect(within(screen.getByRole('listitem', { name: 'Rule 1' })).getByRole('textbox', { name: 'Countries' })).toHaveValue('DE, AT');
    await save();
    expect((await flow()).rules.map((r) => r.name)).toEqual(['Gifts to Germany', 'Packing slip for every order']);
  });

  it('shows the station’s refusal with the field at fault and keeps the edit', async () => {
    await setFlow({ autoPrint: false, rules: [await slipForEveryOrder(), await giftsToGermany()] });
    await openPage();
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Rule name' })).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '+ Add a rule' }));
    const rule = screen.getByRole('listitem', { name: 'Rule 3' });
    fireEvent.click(within(rule).getByRole('button', { name: 'Add a condition' }));
    // An empty tag is not a condition the station accepts.
    fireEvent.click(screen.getByRole('button', { name: 'Save flow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/The flow is not valid — rules\.2\.when/);
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
    expect((await flow()).rules).toHaveLength(2);
  });
});

describe('flow helpers', () => {
  it('reads variable values as people type them', () => {
    expect([parseVariableValue('true'), parseVariableValue('12.5'), parseVariableValue('null'), parseVariableValue('DHL')]).toEqual([true, 12.5, null, 'DHL']);
  });

  it('says a condition in words and moves rules within bounds', () => {
    expect(describeCondition({ any: [{ skuMatches: 'MUG-*' }, { not: { totalAbove: { amount: 50, currency: 'EUR' } } }] })).toBe('(a SKU matches MUG-* or not (total above 50 EUR))');
    expect(move([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});
