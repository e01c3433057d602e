import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resolveObjectURL } from 'node:buffer';
import { pdfText } from '../../core/documents/pdf-tools';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TemplatesPage } from '../../../renderer/features/templates/TemplatesPage';
import { EditorView } from '@codemirror/view';
import { ApiError } from '../../../renderer/app/api';
import { errorPosition, templateBody, NEW_TEMPLATE } from '../../../renderer/features/templates/templates';
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

/** The body's code editor (CodeMirror): its view, found from its DOM as the page renders it. */
function bodyEditor(editor: HTMLElement): { content: HTMLElement; view: EditorView; type: (text: string) => void } {
  const content = within(editor).getByRole('textbox', { name: 'Template body' });
  const view = EditorView.findFromDOM(content)!;
  return { content, view, type: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }) };
}

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

  it('says what is wrong where it began, marks that line in the gutter, and puts the caret there', async () => {
    const editor = await openEditor('Invoice (A4)');
    const body = bodyEditor(editor);
    const broken = '<h1>{{ order.orderNumber }}</h1>\n<p>ok</p>\n<p>{% if order.note %}</p>\n';
    body.type(broken);
    const alert = await within(editor).findByRole('alert', { name: 'Template problem' }, RENDER);
    expect(alert).toHaveTextContent('The template does not parse: {% if %} opened on line 3 is never closed: add {% endif %} where it ends');
    await waitFor(() => expect(editor.querySelector('.code-editor')).toHaveAttribute('data-error-line', '3'));
    // The gutter's error mark sits on line 3.
    await waitFor(() => expect(editor.querySelectorAll('.cm-lint-marker-error')).toHaveLength(1));
    fireEvent.click(within(alert).getByRole('button', { name: 'Show line 3' }));
    expect(body.view.state.selection.main.head).toBe(broken.indexOf('{% if'));
    // Saving is refused by the station for the same reason; one problem is shown, not two.
    fireEvent.click(within(editor).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(within(editor).getAllByRole('alert')).toHaveLength(1));
    expect(within(editor).getByRole('alert')).toHaveTextContent('{% if %} opened on line 3 is never closed');
    expect((await templates()).find((t) => t.name === 'Invoice (A4)')!.version).toBe(1);
    // Mended, the problem goes.
    body.type(broken + '{% endif %}');
    await waitFor(() => expect(within(editor).queryByRole('alert')).not.toBeInTheDocument(), RENDER);
  });

  it('asks before closing with unsaved edits, and closes at once without them', async () => {
    const editor = await openEditor('Gift note (A6)');
    fireEvent.click(within(editor).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Gift note (A6)' })).not.toBeInTheDocument());

    const again = await openEditor('Gift note (A6)');
    const body = bodyEditor(again);
    body.type(body.view.state.doc.toString() + '\n<p>P.S.</p>');
    expect(await within(again).findByText('Unsaved edits')).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your unsaved edits?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Edit Gift note (A6)' })).toBeInTheDocument();
    expect(body.view.state.doc.toString()).toContain('P.S.');
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard your unsaved edits?' })).getByRole('button', { name: 'Discard edits' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Gift note (A6)' })).not.toBeInTheDocument());
    expect((await templates()).find((t) => t.name === 'Gift note (A6)')!.version).toBe(1);
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
    fireEvent.keyDown(bodyEditor(saved).content, { key: 's', ctrlKey: true });
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
  it('reads where a syntax error began from the error object', () => {
    expect(errorPosition(new ApiError(400, 'template_syntax_error', 'x', [], { line: 12, column: 5 }))).toEqual({ line: 12, column: 5 });
    expect(errorPosition(new ApiError(422, 'template_render_error', 'The template could not render: x', [], { line: 3 }))).toBeNull();
  });

  it('sends named paper by name and custom paper in millimetres', () => {
    expect(templateBody(NEW_TEMPLATE)).toMatchObject({ paper: 'A4', marginsMm: { top: 10, right: 10, bottom: 10, left: 10 } });
    expect(templateBody({ ...NEW_TEMPLATE, paper: 'custom', widthMm: '62', heightMm: '100' }).paper).toEqual({ widthMm: 62, heightMm: 100 });
  });
});
