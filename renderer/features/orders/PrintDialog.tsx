import { useState } from 'react';
import { describeError } from '../../app/api';
import { ErrorBanner, StatusChip } from '../../components/ui';
import { printerLabel, usePrinters } from '../printers/use-printers';
import { describeResults, printOrders, type PrintResult } from './print';

/** Print the selected orders, optionally on another printer, tray or template than routing says. */
export function PrintDialog({ orderIds, onClose }: { orderIds: string[]; onClose(): void }) {
  const { printers } = usePrinters();
  const [printer, setPrinter] = useState('');
  const [tray, setTray] = useState('');
  const [template, setTemplate] = useState('');
  const [force, setForce] = useState(false);
  const [results, setResults] = useState<PrintResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = printers?.find((p) => p.id === printer);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      setResults(await printOrders(orderIds, { overrides: { printer, tray, template }, force }));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="dialog-backdrop" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className="dialog card" role="dialog" aria-modal="true" aria-label="Print orders">
        <h2>Print {orderIds.length} {orderIds.length === 1 ? 'order' : 'orders'}</h2>
        {!results && (
          <form
            className="form-grid"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <p className="muted">Leave the fields empty to print as routed (per document tag). Anything chosen here overrides routing for every document.</p>
            <label>
              Printer
              <select value={printer} onChange={(event) => { setPrinter(event.target.value); setTray(''); }}>
                <option value="">As routed</option>
                {printers?.map((p) => <option key={p.id} value={p.id}>{printerLabel(p)}</option>)}
              </select>
            </label>
            <label>
              Tray
              <select value={tray} disabled={!chosen?.trays.length} onChange={(event) => setTray(event.target.value)}>
                <option value="">As routed</option>
                {chosen?.trays.map((t) => <option key={t} value={t}>{t}</option>)}
              </select>
            </label>
            <label>
              Template
              <input value={template} onChange={(event) => setTemplate(event.target.value)} placeholder="As routed (template id or name)" />
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} />
              Print ignored orders too
            </label>
            <ErrorBanner error={error} />
            <div className="row">
              <button type="submit" className="button button-primary" disabled={busy} autoFocus>
                {busy ? 'Sending…' : 'Print'}
              </button>
              <button type="button" className="button button-ghost" onClick={onClose}>Cancel</button>
            </div>
          </form>
        )}
        {results && (
          <div>
            <ul className="results">
              {results.map((result) => (
                <li key={result.id}>
                  <StatusChip status={result.status} /> {describeResults([result])[0]}
                </li>
              ))}
            </ul>
            <p className="muted">Follow the jobs on the <a href="#/batches">Batches</a> page.</p>
            <button type="button" className="button button-primary" onClick={onClose} autoFocus>Done</button>
          </div>
        )}
      </div>
    </div>
  );
}
