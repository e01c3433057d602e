import { useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { ErrorBanner } from '../../components/ui';
import { describeTrial, linkBody, samplePayload, type Link, type LinkDraft, type LinkTrial, type SourceApp } from './links';
import { PointFields } from './PointFields';

/**
 * Creates or edits a link, and tries the draft (saved or not) against a pasted order body:
 * the station runs it in its sandbox and writes nothing.
 */
export function LinkEditor({ teamId, link, initial, apps, onSaved, onCancel }: {
  teamId: string;
  link: Link | null;
  initial: LinkDraft;
  apps: SourceApp[];
  onSaved: (link: Link) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<LinkDraft>(initial);
  const [payload, setPayload] = useState(() => samplePayload(initial));
  const [trial, setTrial] = useState<LinkTrial | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setError(null);
    try {
      const body = linkBody(draft);
      const saved = link
        ? await answer(dashboard.PUT('/admin/api/links/{linkId}', { params: { path: { linkId: link.id } }, body: body }))
        : await answer(dashboard.POST('/admin/api/links', { body: { ...body, teamId } }));
      onSaved(saved);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function test() {
    setTestError(null);
    setTrial(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch (failure) {
      setTestError(`The payload is not JSON: ${(failure as Error).message}`);
      return;
    }
    setBusy(true);
    try {
      setTrial(await answer(dashboard.POST('/admin/api/links/test', { body: { teamId, link: linkBody(draft), payload: parsed } })));
    } catch (failure) {
      setTestError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  const verdict = trial && describeTrial(trial);
  return (
    <section className="card" aria-label={link ? 'Edit link' : 'New link'}>
      <h2>{link ? 'Edit link' : 'New link'}</h2>
      <form
        className="form-grid"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="row">
          <label className="narrow" style={{ flexBasis: '9rem' }}>
            Links
            <select value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as LinkDraft['type'] })}>
              <option value="order">orders</option>
              <option value="product">products</option>
              <option value="customer">customers</option>
            </select>
          </label>
          <PointFields label="From source" type={draft.sourceType} value={draft.sourceValue} apps={apps} onChange={(sourceType, sourceValue) => setDraft({ ...draft, sourceType, sourceValue })} />
          <span className="point-arrow" aria-hidden>→</span>
          <PointFields label="Into orders of" type={draft.targetType} value={draft.targetValue} apps={apps} onChange={(targetType, targetValue) => setDraft({ ...draft, targetType, targetValue })} />
        </div>
        <label>
          Condition (optional JavaScript expression; the link applies when it is truthy)
          <textarea className="code" rows={2} spellCheck={false} value={draft.condition} onChange={(event) => setDraft({ ...draft, condition: event.target.value })} placeholder="order.note.includes('Shopify #')" />
        </label>
        <label>
          Resolver (JavaScript expression giving the target order's source id)
          <textarea className="code" rows={2} spellCheck={false} value={draft.resolver} onChange={(event) => setDraft({ ...draft, resolver: event.target.value })} required />
        </label>
        <p className="muted small">Expressions see <code>payload</code>, <code>order</code>, <code>source</code> and <code>sourceId</code> of the incoming order, read-only, in a sandbox.</p>
        <ErrorBanner error={error} />
        <div className="row">
          <button type="submit" className="button button-primary" disabled={!draft.resolver.trim()}>{link ? 'Save link' : 'Create link'}</button>
          <button type="button" className="button button-ghost" onClick={onCancel}>Cancel</button>
        </div>
      </form>
      <h3>Test against a payload</h3>
      <div className="two-col">
        <label>
          An order body, as it would be posted to /api/orders
          <textarea className="code" rows={9} spellCheck={false} value={payload} onChange={(event) => setPayload(event.target.value)} />
        </label>
        <div aria-live="polite">
          <button type="button" className="button" disabled={busy} onClick={() => void test()}>{busy ? 'Testing…' : 'Test link'}</button>
          <ErrorBanner error={testError} />
          {verdict && trial && (
            <div className={`trial banner ${verdict.ok ? 'banner-success' : 'banner-warning'}`} role="status" aria-label="Test result">
              <div>
                <ul>{verdict.lines.map((line) => <li key={line}>{line}</li>)}</ul>
                {trial.mergeInto && (
                  <p className="small">
                    Order <code>{trial.mergeInto.id}</code>, keys: {trial.mergeInto.orderKeys.map((key) => <code key={key}>{key}</code>)}
                  </p>
                )}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
