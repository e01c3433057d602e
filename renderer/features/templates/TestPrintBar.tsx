import { useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { printerLabel, usePrinters } from '../printers/use-printers';
import { templateBody, type TemplateDraft } from './templates';

/**
 * "Test print with order … on printer …": the draft as it is now (unsaved edits too), for the
 * order the preview shows, on a printer and tray of the admin's choice. A test: no batch, and
 * the order is not marked printed.
 */
export function TestPrintBar({ teamId, draft, orderId, orderLabel }: { teamId: string; draft: TemplateDraft; orderId: string; orderLabel: string }) {
  const { printers } = usePrinters();
  const [printerId, setPrinterId] = useState('');
  const [tray, setTray] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // A printer the print system no longer lists cannot print a test either.
  const choices = (printers ?? []).filter((printer) => printer.status !== 'missing');
  const printer = choices.find((candidate) => candidate.id === printerId);

  async function testPrint() {
    if (!printer) return;
    setBusy(true);
    setResult(null);
    try {
      const sent = await answer(dashboard.POST('/admin/api/teams/{teamId}/templates/test-print', { params: { path: { teamId } }, body: { template: templateBody(draft), ...(orderId ? { orderId } : {}), printerId: printer.id, ...(tray ? { tray } : {}) } }));
      setResult({ ok: true, text: `Test print of ${sent.orderNumber} sent to ${printerLabel(printer)}${tray ? `, ${tray}` : ''}.` });
    } catch (failure) {
      setResult({ ok: false, text: `Not printed: ${describeError(failure)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="test-print-bar">
      <div className="row">
        <label>
          Test print on
          <select
            value={printerId}
            onChange={(event) => {
              setPrinterId(event.target.value);
              setTray('');
              setResult(null);
            }}
          >
            <option value="">Choose a printer…</option>
            {choices.map((choice) => <option key={choice.id} value={choice.id}>{printerLabel(choice)}</option>)}
          </select>
        </label>
        {printer && printer.trays.length > 0 && (
          <label>
            Tray
            <select value={tray} onChange={(event) => setTray(event.target.value)}>
              <option value="">Printer's default tray</option>
              {printer.trays.map((name) => <option key={name} value={name}>{name}</option>)}
            </select>
          </label>
        )}
        <button type="button" className="button" disabled={!printer || busy} onClick={() => void testPrint()}>
          {busy ? 'Sending…' : `Test print ${orderLabel}`}
        </button>
      </div>
      <span role="status" className="small">{result?.ok ? result.text : ''}</span>
      {result && !result.ok && <div className="banner banner-error" role="alert">{result.text}</div>}
    </div>
  );
}
