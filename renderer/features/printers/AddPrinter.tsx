import { useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { ErrorBanner, ExplainedButton, SubmitForm } from '../../components/ui';
import { paperName } from './paper-names';

type Probe = Schemas['ProbedPrinter'];

/**
 * A printer on the network added by its address (station admins): asked first, so the
 * admin sees what answers there (make and model, papers, trays), then made a printer.
 */
export function AddPrinter({ onAdded }: { onAdded: (name: string) => void }) {
  const [uri, setUri] = useState('');
  const [name, setName] = useState('');
  const [probe, setProbe] = useState<Probe | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Said beside the form that did it, not at the top of the page out of view.
  const [added, setAdded] = useState<string | null>(null);

  async function run(step: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setAdded(null);
    try {
      await step();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }
  const look = () => run(async () => setProbe(await answer(dashboard.POST('/admin/api/printers/probe', { body: { uri: uri.trim() } }))));
  const add = () =>
    run(async () => {
      const printer = await answer(dashboard.POST('/admin/api/printers', { body: { uri: uri.trim(), name: name.trim() } }));
      setProbe(null);
      setUri('');
      setName('');
      setAdded(`${printer.name} was added: it is in the list above, ready to route.`);
      onAdded(printer.name);
    });

  return (
    <section className="card" aria-label="Add a printer by its address">
      <h2>Add a printer by its address</h2>
      <p className="muted small">
        An IPP Everywhere printer (<code>ipp://printer.local/ipp/print</code>), a queue another computer’s CUPS shares (<code>ipp://bench-2.local:631/printers/zebra</code>) or a
        ZPL label printer (<code>socket://192.168.1.40:9100</code>). Printers on the local network must be allowed in Settings → Network (printer hosts).
      </p>
      <ErrorBanner error={error} />
      {error?.includes('outbound policy') && (
        <p className="small">
          A printer on this computer or the local network is added once its host is allowed: <a href="#/settings/network">Settings → Network</a>, printer hosts.
        </p>
      )}
      {added && <div className="banner banner-success" role="status">{added}</div>}
      <SubmitForm className="row" onSubmit={add}>
        <label>
          Address
          <input value={uri} onChange={(event) => (setUri(event.target.value), setProbe(null))} placeholder="ipp://… or socket://…" maxLength={1024} />
        </label>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. Bench 2 Zebra" maxLength={100} />
        </label>
        <ExplainedButton type="button" className="button" why={uri.trim() ? (busy ? 'Asking the printer…' : null) : 'Enter the printer’s address first.'} onClick={() => void look()}>
          Look at the address
        </ExplainedButton>
        <ExplainedButton type="submit" className="button button-primary" why={!uri.trim() ? 'Enter the printer’s address first.' : !name.trim() ? 'Give the printer a name.' : busy ? 'Adding…' : null}>
          Add printer
        </ExplainedButton>
      </SubmitForm>
      {probe && (
        <dl className="probe" aria-label="What answers at the address">
          <dt>Printer</dt>
          <dd>{probe.makeAndModel ?? (probe.kind === 'socket' ? 'A raw label printer (port 9100): ZPL' : 'It does not say')}</dd>
          <dt>Takes</dt>
          <dd>{probe.languages.join(', ') || '—'}</dd>
          <dt>Trays</dt>
          <dd>{probe.trays.join(', ') || '—'}</dd>
          <dt>Papers</dt>
          <dd>{probe.papers.slice(0, 8).map((paper) => paperName(paper.name)).join(', ') || '—'}{probe.papers.length > 8 ? ` and ${probe.papers.length - 8} more` : ''}</dd>
        </dl>
      )}
    </section>
  );
}
