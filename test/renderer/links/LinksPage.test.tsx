import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeTrial } from '../../../renderer/features/links/links';
import { LinksPage } from '../../../renderer/features/links/LinksPage';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

let station: StationProcess;

beforeAll(async () => {
  station = await stationForPage('Corner Shop');
  await station.post('/api/orders', sampleOrder(1001));
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

interface LinkView {
  id: string;
  source: unknown;
  target: unknown;
  resolver: string;
  condition: string | null;
}
const links = async () => (await (await station.admin(`/links?teamId=${station.team.id}`)).json()) as LinkView[];

async function newLinkEditor() {
  renderPage(<LinksPage />);
  await screen.findByText('No links for this team');
  fireEvent.click(screen.getByRole('button', { name: 'New link' }));
  return screen.findByRole('region', { name: 'New link' });
}

describe('Links page', () => {
  it('tests an unsaved link on the pasted payload: condition, resolved id and the order it would merge into', async () => {
    const editor = await newLinkEditor();
    fireEvent.click(within(editor).getByRole('button', { name: 'Test link' }));
    // The first evaluation starts the station's sandbox thread.
    const result = await within(editor).findByRole('status', { name: 'Test result' }, { timeout: 20_000 });
    expect(result).toHaveTextContent('The payload comes from the link’s source.');
    expect(result).toHaveTextContent('The condition holds.');
    expect(result).toHaveTextContent('The resolver gave “1001”.');
    expect(result).toHaveTextContent(`It would merge into the order with key ${station.team.id}/api-1001.`);
    expect(await links()).toEqual([]);
  });

  it('reports a condition that throws and a payload that is not JSON', async () => {
    const editor = await newLinkEditor();
    fireEvent.change(within(editor).getByRole('textbox', { name: /Condition/ }), { target: { value: 'order.missing.deep' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Test link' }));
    expect(await within(editor).findByRole('status', { name: 'Test result' })).toHaveTextContent(/The condition failed: TypeError/);
    fireEvent.change(within(editor).getByRole('textbox', { name: /An order body/ }), { target: { value: '{"source": ' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Test link' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(/^The payload is not JSON/);
  });

  it('refuses a resolver that is a statement, with the station’s reason', async () => {
    const editor = await newLinkEditor();
    fireEvent.change(within(editor).getByRole('textbox', { name: /Resolver/ }), { target: { value: 'let id = 1' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Create link' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(/invalid resolver shape: resolver/);
    expect(await links()).toEqual([]);
  });

  it('creates a link, edits it, lists its errors as orders arrive, and deletes it', async () => {
    const editor = await newLinkEditor();
    fireEvent.click(within(editor).getByRole('button', { name: 'Create link' }));
    const table = await screen.findByRole('table', { name: 'Links' });
    expect(within(table).getByText('wms (custom)')).toBeInTheDocument();
    expect(within(table).getByText('api (manual)')).toBeInTheDocument();
    const [created] = await links();
    expect(created).toMatchObject({ source: { type: 'custom', key: 'wms' }, target: { type: 'manual', source: 'api' }, resolver: 'order.note.match(/#(\\w+)/)[1]' });

    fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('region', { name: 'Edit link' });
    fireEvent.change(within(edit).getByRole('textbox', { name: /Condition/ }), { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save link' }));
    await waitFor(async () => expect((await links())[0]!.condition).toBeNull());
    expect(await within(table).findByText('always')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: /^Errors/ }));
    expect(await screen.findByText('No errors: every evaluation of this link ran cleanly.')).toBeInTheDocument();
    // The note names no order: the resolver throws, the order goes in unlinked, the error is listed live.
    const posted = await station.post('/api/orders', { ...sampleOrder('W-9', { note: 'no number here' }), source: 'wms' });
    expect(posted.status).toBe(201);
    const errors = await screen.findByRole('table', { name: 'Recent link errors' }, { timeout: 5000 });
    expect(within(errors).getByText('wms-W-9')).toBeInTheDocument();
    expect(within(errors).getByText('resolver')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this link?' })).getByRole('button', { name: 'Delete link' }));
    expect(await screen.findByText('No links for this team')).toBeInTheDocument();
    expect(await links()).toEqual([]);
  });

  it('marks a link the station suspended, and editing it resumes it', async () => {
    const point = { type: 'order', source: { type: 'custom', key: 'loop' }, target: { type: 'manual', source: 'api' } };
    expect((await station.post('/api/links', { ...point, resolver: '(() => { while (true) {} })()' })).status).toBe(200);
    // Three runs in a row stopped by the time limit suspend it.
    for (const n of [1, 2, 3]) expect((await station.post('/api/orders', { ...sampleOrder(`L-${n}`), source: 'loop' })).status).toBe(201);
    renderPage(<LinksPage />);
    const table = await screen.findByRole('table', { name: 'Links' });
    const chip = await within(table).findByText('Suspended');
    expect(chip.closest('[title]')!.getAttribute('title')).toMatch(/suspended after 3 runs in a row/);

    fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('region', { name: 'Edit link' });
    fireEvent.change(within(edit).getByRole('textbox', { name: /Resolver/ }), { target: { value: 'order.note' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(within(table).queryByText('Suspended')).toBeNull());
    expect((await links()).map((link) => (link as LinkView & { suspended: unknown }).suspended)).toEqual([null]);
  });
});

describe('a trial in words', () => {
  it('says when no order has the key yet and when the source does not match', () => {
    const verdict = describeTrial({ sourceMatches: false, condition: { result: false }, mergeInto: null });
    expect(verdict.ok).toBe(false);
    expect(verdict.lines).toEqual([
      'The payload’s source is not the link’s source: at ingest this link would not be consulted.',
      'The condition does not hold: the link is skipped for this order.',
    ]);
    expect(describeTrial({ sourceMatches: true, resolver: { resolvedId: '7' }, targetKey: 't/api-7', mergeInto: null }).lines).toContain('No order has the key t/api-7 yet: a new order would be created.');
  });
});
