import { useState } from 'react';
import { describeError } from '../../app/api';
import { Modal } from '../../components/Modal';
import { ErrorBanner } from '../../components/ui';
import { printerLabel, usePrinters } from '../printers/use-printers';
import { nameOrders, printOrders, type PrintResult } from './print';

/**
 * Print the chosen orders, optionally on another printer, tray or template than routing
 * says. `numbers` maps an order id to its number, so the dialog and its results name orders.
 */
export function PrintDialog({ orderIds, numbers, onClose, onPrinted }: { orderIds: string[]; numbers: ReadonlyMap<string, string>; onClose(): void; onPrinted(results: PrintResult[]): void }) {
  const { printers } = usePrinters();
  const [printer, setPrinter] = useState('');
  const [tray, setTray] = useState('');
  const [template, setTemplate] = useState('');
  const [force, setForce] = useState(false);
  const [copies, setCopies] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = printers?.find((p) => p.id === printer);
  const numberOf = (id: string, keys: string[] = []) => numbers.get(id) ?? keys[0] ?? id;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      // The answer is shown beside the scan box, live, and the dialog closes: the bench never
      // waits on a dialog, and the next scan lands in the scan box.
      onPrinted(await printOrders(orderIds, { overrides: { printer, tray, template }, force, copies: Number(copies) }));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal label="Print orders" onClose={onClose}>
      <h2>Print {orderIds.length === 1 ? `order ${numberOf(orderIds[0]!)}` : `${orderIds.length} orders`}</h2>
      {orderIds.length > 1 && <p className="muted">{nameOrders(orderIds.map((id) => numberOf(id)))}</p>}
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
            <select value={tray} disabled={!chosen?.trays.length} aria-describedby="print-tray-why" onChange={(event) => setTray(event.target.value)}>
              <option value="">As routed</option>
              {chosen?.trays.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
            {!chosen?.trays.length && (
              <span id="print-tray-why" className="hint">{chosen ? `${printerLabel(chosen)} has no trays to choose.` : 'Choose a printer to pick one of its trays.'}</span>
            )}
          </label>
          <label>
            Template
            <input value={template} onChange={(event) => setTemplate(event.target.value)} placeholder="As routed (template id or name)" />
          </label>
          <label>
            Copies
            <input type="number" min={1} max={100} step={1} value={copies} onChange={(event) => setCopies(event.target.value)} />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} />
            Print ignored orders too
          </label>
          <ErrorBanner error={error} />
          <div className="modal-actions">
            <button type="submit" className="button button-primary" disabled={busy} data-autofocus>
              {busy ? 'Sending…' : 'Print'}
            </button>
            <button type="button" className="button" onClick={onClose}>Cancel</button>
          </div>
      </form>
    </Modal>
  );
}
