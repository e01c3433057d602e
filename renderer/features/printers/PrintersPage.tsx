import { useState } from 'react';
import { PaperSizes } from './PaperSizes';
import { NicknameField } from './NicknameField';
import { answer, dashboard, describeError } from '../../app/api';
import { useConfirm } from '../../components/confirm';
import { EmptyState, ErrorBanner, PageHeader, StatusChip, TableScroll } from '../../components/ui';
import { printerLabel, usePrinters, type Printer } from './use-printers';
import { AddPrinter } from './AddPrinter';
import { timeToPaperWords, useTimesToPaper } from './time-to-paper';
import { Benches } from './Benches';
import { mayUse, useStationInfo } from '../../app/station-info';

/** Discovered printers: what they are called here, whether integrations see them, defaults. */
export function PrintersPage() {
  const { printers, error, reload, setPrinters } = usePrinters();
  const times = useTimesToPaper();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const { me } = useStationInfo();
  // Printers are the station's: everyone sees them, the station admin changes them (the same rule as the station's).
  const changes = mayUse(me, 'station-admin');
  const mayTest = mayUse(me, 'operator');

  async function refresh() {
    setBusy(true);
    setActionError(null);
    try {
      setPrinters(await answer(dashboard.POST('/admin/api/printers/refresh')));
      setMessage('Printer list refreshed from the system.');
    } catch (failure) {
      setActionError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  /** Saves a change to a printer; true when the station took it. */
  async function update(printer: Printer, patch: Record<string, unknown>): Promise<boolean> {
    setActionError(null);
    try {
      const updated = await answer(dashboard.PATCH('/admin/api/printers/{id}', { params: { path: { id: printer.id } }, body: patch }));
      setPrinters((list) => list?.map((p) => (p.id === updated.id ? updated : p)) ?? null);
      return true;
    } catch (failure) {
      setActionError(`${printerLabel(printer)} was not changed: ${describeError(failure)}`);
      return false;
    }
  }

  async function testPrint(printer: Printer) {
    setActionError(null);
    setMessage(null);
    try {
      await answer(dashboard.POST('/admin/api/printers/{id}/test-print', { params: { path: { id: printer.id } } }));
      setMessage(`Test page sent to ${printerLabel(printer)}.`);
    } catch (failure) {
      setActionError(`Test print on ${printerLabel(printer)} failed: ${describeError(failure)}`);
    }
  }

  /** A printer the print system no longer lists: off the station's lists, once nothing routes to it or waits for it. */
  async function remove(printer: Printer) {
    setActionError(null);
    setMessage(null);
    const ok = await confirm({
      title: `Remove ${printerLabel(printer)}?`,
      body: 'The print system no longer lists it. Its print history keeps its name; if its queue comes back, so does the printer, with its settings.',
      confirmLabel: 'Remove printer',
      danger: true,
    });
    if (!ok) return;
    try {
      await answer(dashboard.DELETE('/admin/api/printers/{id}', { params: { path: { id: printer.id } } }));
      setPrinters((list) => list?.filter((p) => p.id !== printer.id) ?? null);
      setMessage(`${printerLabel(printer)} was removed.`);
    } catch (failure) {
      setActionError(`${printerLabel(printer)} was not removed: ${describeError(failure)}`);
    }
  }

  return (
    <div className="page page-wide">
      {confirmDialog}
      <PageHeader
        title="Printers"
        subtitle="Printers this computer can reach. Names and defaults set here apply to every team."
        actions={
          <button type="button" className="button" disabled={busy} onClick={() => void refresh()}>
            {busy ? 'Refreshing…' : 'Refresh printers'}
          </button>
        }
      />
      <ErrorBanner error={actionError ?? error} onRetry={reload} />
      {message && <div className="banner banner-success" role="status">{message}</div>}
      {printers?.length === 0 && (
        <EmptyState title="No printers found">Connect a printer or add it to the system's printers (CUPS, Windows, macOS), then refresh.</EmptyState>
      )}
      {printers && printers.length > 0 && (
        <TableScroll label="Printers table">
          <table className="table card-table">
            <thead>
              <tr><th>Printer and the name shown</th><th>Status</th><th>Visible to API</th><th>Default tray</th><th>Fit to page</th><th>ZPL label printer</th><th>Paper sizes</th><th><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {printers.map((printer) => (
                <tr key={printer.id}>
                  <td className="printer-cell">
                    <strong>{printer.name}</strong>
                    <div className="muted small"><code>{printer.printerVendorId}</code> · {printer.computer.name}</div>
                    {changes && <NicknameField printer={printer} save={(nickname) => update(printer, { nickname })} />}
                  </td>
                  <td>
                    <StatusChip status={printer.status} />
                    {printer.statusReason && <div className="muted small">{printer.statusReason}</div>}
                    {times.get(printer.id) && <div className="muted small">{timeToPaperWords(times.get(printer.id)!)}</div>}
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`${printer.name} visible`} disabled={!changes} checked={printer.visible} onChange={(event) => void update(printer, { visible: event.target.checked })} />
                  </td>
                  <td>
                    {printer.trays.length ? (
                      <select aria-label={`Default tray of ${printer.name}`} disabled={!changes} value={printer.config.tray} onChange={(event) => void update(printer, { config: { tray: event.target.value || null } })}>
                        <option value="">Printer's choice</option>
                        {printer.trays.map((tray) => <option key={tray} value={tray}>{tray}</option>)}
                      </select>
                    ) : (
                      <span className="muted">no trays</span>
                    )}
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`${printer.name} fit to page`} disabled={!changes} checked={printer.config.fitToPage} onChange={(event) => void update(printer, { config: { fitToPage: event.target.checked } })} />
                  </td>
                  <td>
                    <select
                      aria-label={`${printer.name} takes ZPL`}
                      disabled={!changes}
                      value={printer.zpl.setting === null ? 'auto' : printer.zpl.setting ? 'yes' : 'no'}
                      onChange={(event) => void update(printer, { config: { takesZpl: event.target.value === 'auto' ? null : event.target.value === 'yes' } })}
                    >
                      <option value="auto">System says {printer.zpl.detected ? 'yes' : 'no'}</option>
                      <option value="yes">Yes: raw ZPL</option>
                      <option value="no">No</option>
                    </select>
                  </td>
                  <td className="small"><PaperSizes printer={printer} /></td>
                  <td className="num">
                    {printer.status === 'missing' ? (
                      changes && <button type="button" className="button button-small button-danger" aria-label={`Remove ${printerLabel(printer)}`} onClick={() => void remove(printer)}>Remove</button>
                    ) : (
                      mayTest && <button type="button" className="button button-small" onClick={() => void testPrint(printer)}>Test print</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {mayUse(me, 'station-admin') && <AddPrinter onAdded={() => reload()} />}
      {printers && <Benches printers={printers} />}
    </div>
  );
}
