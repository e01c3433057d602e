import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resolveObjectURL } from 'node:buffer';
import { pdfText } from '../../core/documents/pdf-tools';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TemplatesPage } from '../../../renderer/features/templates/TemplatesPage';
import { errorPosition, offsetOf, templateBody, NEW_TEMPLATE } from '../../../renderer/features/templates/templates';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import { sampleOrder, type StationProcess } from '../station-process';

let station: StationProcess;
// The station renders previews with a real Chromium: allow for a cold start.
const RENDER = { timeout: 20_000 };

beforeAll(async () => {
  station = await stationForPage('Corner Shop');
  await station.post('/api/orders', sampleOrder(2001));
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

interface TemplateView {
  id: string;
  name: string;
  version: number;
  body: string;
  paper: { name: string; widthMm: number; heightMm: number };
  orientation: string;
  marginsMm: Record<string, number>;
}
const templates = async () => (await (await station.admin(`/teams/${station.team.id}/templates`)).json()) as TemplateView[];

async function openEditor(name: string) {
  renderPage(<TemplatesPage />);
  const row = await screen.findByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('region', { name: `Edit ${name}` });
}

describe('Templates page', () => {
  it('lists the team templates with tag and paper', async () => {
    renderPage(<TemplatesPage />);
    const row = await screen.findByRole('row', { name: /Gift note \(A6\)/ });
    expect(within(row).getByText('gift-note')).toBeInTheDocument();
    expect(within(row).getByText('A6, landscape')).toBeInTheDocument();
  });

  it('renders the unsaved draft as a PDF, and for a real order of the team', async () => {
    const editor = await openEditor('Packing slip (A4)');
    const frame = (await within(editor).findByTitle('Template preview', {}, RENDER)) as HTMLIFrameElement;
    expect(frame.src).toMatch(/^blob:/);
    // What the frame shows is a real PDF of the packing slip (read back with poppler).
    const shown = async (src: string) => pdfText(new Uint8Array(await resolveObjectURL(src)!.arrayBuffer()));
    expect(await shown(frame.src)).toMatch(/Packing slip/i);
    const select = within(editor).getByLabelText('Preview with');
    await waitFor(() => expect(within(select).getByRole('option', { name: '#2001 · Ada Lovelace' })).toBeInTheDocument());
    const first = frame.src;
    fireEvent.change(select, { target: { value: (within(select).getByRole('option', { name: '#2001 · Ada Lovelace' }) as HTMLOptionElement).value } });
    await waitFor(() => expect((within(editor).getByTitle('Template preview') as HTMLIFrameElement).src).not.toBe(first), RENDER);
    expect(await shown((within(editor).getByTitle('Template preview') as HTMLIFrameElement).src)).toContain('#2001');
  });

  it('points at the line of a parse error and puts the caret there', async () => {
    const editor = await openEditor('Invoice (A4)');
    const body = within(editor).getByRole('textbox', { name: /Body/ }) as HTMLTextAreaElement;
    const broken = '<h1>{{ order.orderNumber }}</h1>\n<p>ok</p>\n<p>{% if order.note %}</p>\n';
    fireEvent.change(body, { target: { value: broken } });
    const alert = await within(editor).findByRole('alert', { name: 'Preview error' }, RENDER);
    expect(alert).toHaveTextContent(/^Line 3: The template does not parse \(line 3, column \d+\)/);
    expect(body).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(alert).getByRole('button', { name: 'Show line 3' }));
    expect(body.selectionStart).toBe(broken.indexOf('{% if'));
    // Saving is refused by the station for the same reason; nothing changes.
    fireEvent.click(within(editor).getByRole('button', { name: 'Save template' }));
    expect(await within(editor).findByText(/The template does not parse/, { selector: '.banner span' })).toBeInTheDocument();
    expect((await templates()).find((t) => t.name === 'Invoice (A4)')!.version).toBe(1);
  });

  it('creates a template with custom paper and margins, saves changes as new versions, and deletes it', async () => {
    renderPage(<TemplatesPage />);
    await screen.findByRole('row', { name: /Gift note/ });
    fireEvent.click(screen.getByRole('button', { name: 'New template' }));
    const editor = await screen.findByRole('region', { name: 'New template' });
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Returns slip' } });
    fireEvent.change(within(editor).getByLabelText('Document tag'), { target: { value: 'returns' } });
    fireEvent.change(within(editor).getByLabelText('Paper'), { target: { value: 'custom' } });
    fireEvent.change(within(editor).getByLabelText('Width mm'), { target: { value: '100' } });
    fireEvent.change(within(editor).getByLabelText('Height mm'), { target: { value: '150' } });
    fireEvent.change(within(editor).getByLabelText('Top'), { target: { value: '4' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Create template' }));
    await screen.findByText(/Saved as version 1/);
    let created = (await templates()).find((t) => t.name === 'Returns slip')!;
    expect(created).toMatchObject({ paper: { name: 'custom', widthMm: 100, heightMm: 150 }, orientation: 'portrait', marginsMm: { top: 4, right: 10, bottom: 10, left: 10 } });

    const saved = await screen.findByRole('region', { name: 'Edit Returns slip' });
    fireEvent.change(within(saved).getByLabelText('Orientation'), { target: { value: 'landscape' } });
    fireEvent.keyDown(within(saved).getByRole('textbox', { name: /Body/ }), { key: 's', ctrlKey: true });
    await screen.findByText(/Saved as version 2/);
    created = (await templates()).find((t) => t.name === 'Returns slip')!;
    expect(created).toMatchObject({ version: 2, orientation: 'landscape' });

    fireEvent.click(within(saved).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the template “Returns slip”?' })).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Returns slip/ })).not.toBeInTheDocument());
    expect((await templates()).some((t) => t.name === 'Returns slip')).toBe(false);
  });

  it('explains why a template the flow uses cannot be deleted', async () => {
    const editor = await openEditor('Packing slip (A4)');
    fireEvent.click(within(editor).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete template' }));
    expect(await within(editor).findByText('A flow adds documents from this template; change the flow first')).toBeInTheDocument();
  });
});

describe('template helpers', () => {
  it('reads the position from the station message and finds it in the text', () => {
    expect(errorPosition('The template does not parse (line 12, column 5): tag "if" not closed')).toEqual({ line: 12, column: 5 });
    expect(errorPosition('The template could not render: x')).toBeNull();
    expect(offsetOf('ab\ncd\nef', 3, 2)).toBe(7);
    expect(offsetOf('ab', 9, 9)).toBe(2);
  });

  it('sends named paper by name and custom paper in millimetres', () => {
    expect(templateBody(NEW_TEMPLATE)).toMatchObject({ paper: 'A4', marginsMm: { top: 10, right: 10, bottom: 10, left: 10 } });
    expect(templateBody({ ...NEW_TEMPLATE, paper: 'custom', widthMm: '62', heightMm: '100' }).paper).toEqual({ widthMm: 62, heightMm: 100 });
  });
});
