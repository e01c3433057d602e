import type { OrderSummary } from '../orders/types';
import { useEffect, useMemo, useRef, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useLeaveGuard } from '../../app/leave-guard';
import { useConfirm } from '../../components/confirm';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor';
import { PAPERS, problemOf, templateBody, type Template, type TemplateDraft, type TemplateProblem } from './templates';
import { usePreview } from './usePreview';
import { TestPrintBar } from './TestPrintBar';

type OrderOption = Pick<OrderSummary, 'id' | 'orderNumber' | 'customerName'>;

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/**
 * A template's settings and its HTML + Liquid body in a code editor, beside a live PDF of the
 * unsaved draft for the sample order or a real order of the team. One problem is shown at a
 * time (the last save's, else the preview's), its line marked in the editor's gutter.
 * Leaving with unsaved edits (Close, another page, closing the window) asks first.
 */
export function TemplateEditor({ teamId, template, bases, initial, onSaved, onDeleted, onCancel }: {
  teamId: string;
  template: Template | null;
  /** Templates this one may override: the team's own and its 3PL's, none of them overrides. */
  bases: Template[];
  initial: TemplateDraft;
  onSaved: (template: Template) => void;
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  // What is saved: the draft differs from it while there are unsaved edits.
  const [savedDraft, setSavedDraft] = useState(initial);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(savedDraft), [draft, savedDraft]);
  const [confirmDialog, confirm] = useConfirm();
  // The editor opens below the list: bring it into view and put focus on its heading; when it
  // closes, focus goes back to the button that opened it.
  const root = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const [orderId, setOrderId] = useState('');
  const [orders, setOrders] = useState<OrderOption[]>([]);
  const [saveProblem, setSaveProblem] = useState<TemplateProblem | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const editor = useRef<CodeEditorHandle>(null);
  const preview = usePreview(teamId, draft, orderId);
  // One problem at a time: a failed save's until the next edit, else the preview's.
  const problem = saveProblem ?? preview.problem;

  const askToDiscard = () =>
    confirm({ title: 'Discard your unsaved edits?', body: `The changes to “${draft.name || 'this template'}” since it was last saved are lost.`, confirmLabel: 'Discard edits', danger: true });
  useLeaveGuard(dirty, askToDiscard);

  async function close() {
    if (dirty && !(await askToDiscard())) return;
    onCancel();
  }

  useEffect(() => {
    void answer(dashboard.GET('/admin/api/orders', { params: { query: { team: teamId, limit: 25 } } })).then((page) => setOrders(page.orders), () => setOrders([]));
  }, [teamId]);

  const change = (patch: Partial<TemplateDraft>) => {
    setSaved(null);
    setSaveProblem(null);
    setDraft((current) => ({ ...current, ...patch }));
  };

  async function save() {
    setSaveProblem(null);
    const saving = draft;
    try {
      const result = template
        ? await answer(dashboard.PUT('/admin/api/templates/{templateId}', { params: { path: { templateId: template.id } }, body: templateBody(saving) }))
        : await answer(dashboard.POST('/admin/api/teams/{teamId}/templates', { params: { path: { teamId } }, body: templateBody(saving) }));
      setSavedDraft(saving);
      setSaved(`Saved as version ${result.version}. Orders rendered from now on use it.`);
      onSaved(result);
    } catch (failure) {
      setSaveProblem(problemOf(failure));
    }
  }

  async function remove() {
    if (!template || !(await confirm({ title: `Delete the template “${template.name}”?`, body: 'Its versions go with it. This cannot be undone.', confirmLabel: 'Delete template', danger: true }))) return;
    setSaveProblem(null);
    try {
      await answer(dashboard.DELETE('/admin/api/templates/{templateId}', { params: { path: { templateId: template.id } } }));
      setSavedDraft(draft);
      onDeleted();
    } catch (failure) {
      setSaveProblem({ message: describeError(failure), position: null });
    }
  }

  const showLine = () => problem?.position && editor.current?.goTo(problem.position.line, problem.position.column);

  return (
    <section ref={root} className="card template-editor" aria-label={template ? `Edit ${template.name}` : 'New template'}>
      {confirmDialog}
      <h2 ref={heading} tabIndex={-1}>{template ? `Edit ${template.name}` : 'New template'}</h2>
      <div className="editor-grid">
        <form
          className="form-grid"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          onKeyDown={(event) => {
            // Ctrl+S (⌘S) saves, as in any editor.
            if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
              event.preventDefault();
              void save();
            }
          }}
        >
          <div className="row">
            <label>Name<input value={draft.name} onChange={(event) => change({ name: event.target.value })} required maxLength={200} /></label>
            <label>
              Document tag
              <input value={draft.tag} onChange={(event) => change({ tag: event.target.value })} list="template-tags" required />
              <datalist id="template-tags">
                {['packing-slip', 'invoice', 'label', 'gift-note'].map((tag) => <option key={tag} value={tag} />)}
              </datalist>
            </label>
          </div>
          <div className="row">
            <label>
              Paper
              <select value={draft.paper} onChange={(event) => change({ paper: event.target.value })}>
                {PAPERS.map((paper) => <option key={paper} value={paper}>{paper}</option>)}
                <option value="custom">Custom size…</option>
              </select>
            </label>
            {draft.paper === 'custom' && (
              <>
                <label className="narrow">Width mm<input type="number" min={10} value={draft.widthMm} onChange={(event) => change({ widthMm: event.target.value })} /></label>
                <label className="narrow">Height mm<input type="number" min={10} value={draft.heightMm} onChange={(event) => change({ heightMm: event.target.value })} /></label>
              </>
            )}
            <label>
              Orientation
              <select value={draft.orientation} onChange={(event) => change({ orientation: event.target.value as TemplateDraft['orientation'] })}>
                <option value="portrait">Portrait</option>
                <option value="landscape">Landscape</option>
              </select>
            </label>
          </div>
          {bases.length > 0 && (
            <label>
              Replaces
              <select value={draft.overridesTemplateId} onChange={(event) => change({ overridesTemplateId: event.target.value })}>
                <option value="">Nothing: a template of its own</option>
                {bases.filter((base) => base.id !== template?.id).map((base) => (
                  <option key={base.id} value={base.id}>{base.name}{base.teamId !== teamId ? ' (3PL template)' : ''}</option>
                ))}
              </select>
            </label>
          )}
          {draft.printerCommandsAllowed !== undefined && (
            <label className="checkbox">
              <input type="checkbox" checked={draft.printerCommandsAllowed} onChange={(event) => change({ printerCommandsAllowed: event.target.checked })} />
              Allow printer commands in this ZPL template (settings, resets, stored formats: they change the label printer for every team)
            </label>
          )}
          <fieldset className="margins">
            <legend>Margins (mm)</legend>
            {SIDES.map((side) => (
              <label key={side} className="narrow">
                {side[0]!.toUpperCase() + side.slice(1)}
                <input type="number" min={0} step={0.5} value={draft.margins[side]} onChange={(event) => change({ margins: { ...draft.margins, [side]: event.target.value } })} />
              </label>
            ))}
          </fieldset>
          <div className="template-body-field">
            <span id="template-body-label">
              Body: HTML with Liquid, e.g. <code>{'{{ order.orderNumber }}'}</code> or <code>{'{% for item in order.lineItems %}'}</code> (order data is escaped)
            </span>
            <CodeEditor
              ref={editor}
              label="Template body"
              value={draft.body}
              onChange={(body) => change({ body })}
              error={problem?.position ? { ...problem.position, message: problem.message } : null}
            />
          </div>
          {saved && <div className="banner banner-success" role="status">{saved}</div>}
          <div className="row">
            <button type="submit" className="button button-primary" disabled={!draft.name.trim() || !draft.tag.trim()} title="Ctrl+S">{template ? 'Save template' : 'Create template'}</button>
            <button type="button" className="button button-ghost" onClick={() => void close()}>Close</button>
            {dirty && <span className="muted small">Unsaved edits</span>}
            {template && <button type="button" className="button button-danger" onClick={() => void remove()}>Delete</button>}
          </div>
        </form>
        <div className="preview-pane">
          <div className="row preview-bar">
            <label>
              Preview with
              <select value={orderId} onChange={(event) => setOrderId(event.target.value)}>
                <option value="">Sample order (SAMPLE-1001)</option>
                {orders.map((order) => <option key={order.id} value={order.id}>{order.orderNumber}{order.customerName ? ` · ${order.customerName}` : ''}</option>)}
              </select>
            </label>
            <span className="muted small" role="status">{preview.busy ? 'Rendering…' : preview.problem ? '' : preview.url ? 'Up to date' : ''}</span>
          </div>
          <TestPrintBar teamId={teamId} draft={draft} orderId={orderId} orderLabel={orders.find((order) => order.id === orderId)?.orderNumber ?? 'SAMPLE-1001'} />
          {problem && (
            <div className="banner banner-error" role="alert" aria-label="Template problem">
              <span>{problem.message}</span>
              {problem.position && <button type="button" className="button button-small" onClick={showLine}>Show line {problem.position.line}</button>}
            </div>
          )}
          {preview.url ? (
            <iframe className={`template-preview${preview.problem ? ' stale' : ''}`} title="Template preview" src={`${preview.url}#navpanes=0&view=FitH`} />
          ) : (
            !preview.problem && <div className="template-preview placeholder muted">Rendering the preview…</div>
          )}
        </div>
      </div>
    </section>
  );
}
