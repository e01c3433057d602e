import { useCallback, useEffect, useState } from 'react';
import { answer, ApiError, dashboard, describeError } from '../../app/api';
import { useConfirm } from '../../components/confirm';
import { TeamSelect, useStationInfo } from '../../app/station-info';
import { EmptyState, ErrorBanner, PageHeader, TableScroll } from '../../components/ui';
import { printerLabel, usePrinters, type Printer } from '../printers/use-printers';
import { effectiveTarget, missingInRouting, printerChoice, trayProblem, type TeamRouting } from './routing';

/**
 * Per team: which printer and tray each document tag prints to. The table says, for every
 * tag, where it will go, including tags that fall back to the team's default printer.
 */
export function RoutingPage() {
  const { info } = useStationInfo();
  const [teamId, setTeamId] = useState('');
  const { printers } = usePrinters();
  const [routing, setRouting] = useState<TeamRouting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState({ tag: '', printerId: '', tray: '', template: '' });
  const [confirmDialog, confirm] = useConfirm();

  useEffect(() => {
    if (!teamId && info?.teams[0]) setTeamId(info.teams[0].id);
  }, [info, teamId]);

  const load = useCallback(() => {
    if (!teamId) return;
    answer(dashboard.GET('/admin/api/teams/{teamId}/routing', { params: { path: { teamId } } })).then(setRouting, (failure: unknown) => setError(describeError(failure)));
  }, [teamId]);
  useEffect(load, [load]);

  async function save(tag: string, rule: { printerId: string | null; fallbackPrinterIds?: string[]; tray: string | null; template: string | null }) {
    setError(null);
    try {
      // Only the rule's fields: a row hands in its whole route, whose `tag` the API (strict) refuses.
      const { printerId, fallbackPrinterIds, tray, template } = rule;
      const put = (saveAnyway: boolean) => answer(dashboard.PUT('/admin/api/teams/{teamId}/routing/tags/{tag}', { params: { path: { teamId, tag } }, body: { printerId, fallbackPrinterIds, tray, template, saveAnyway } }));
      try {
        await put(false);
      } catch (failure) {
        // The printer cannot print every document of the tag: say why, and let the admin decide.
        if (!(failure instanceof ApiError) || failure.code !== 'route_cannot_print') throw failure;
        const anyway = await confirm({ title: `Route “${tag}” to a printer that cannot print all of it?`, body: failure.message, confirmLabel: 'Save anyway', danger: true });
        if (!anyway) return false;
        await put(true);
      }
      load();
      return true;
    } catch (failure) {
      setError(describeError(failure));
      return false;
    }
  }

  async function remove(tag: string) {
    try {
      await answer(dashboard.DELETE('/admin/api/teams/{teamId}/routing/tags/{tag}', { params: { path: { teamId, tag } } }));
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function setDefault(printerId: string) {
    try {
      await answer(dashboard.PUT('/admin/api/teams/{teamId}/routing/default-printer', { params: { path: { teamId } }, body: { printerId: printerId || null } }));
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  const draftPrinter = printers?.find((printer) => printer.id === draft.printerId);
  const draftTrayProblem = trayProblem(draftPrinter, draft.tray);
  return (
    <div className="page">
      {confirmDialog}
      <PageHeader title="Routing" subtitle="Each document tag (packing-slip, invoice, label…) goes to its own printer and tray." />
      <div className="row card">
        <label>
          Team
          <TeamSelect value={teamId} onChange={setTeamId} />
        </label>
        {routing && printers && (
          <label>
            Default printer of the team
            <select value={routing.defaultPrinterId ?? ''} onChange={(event) => void setDefault(event.target.value)}>
              <option value="">Station default ({printerLabel(printers.find((p) => p.id === routing.effectiveDefaultPrinterId) ?? printers[0]!)})</option>
              {printers.map((printer) => <PrinterOption key={printer.id} printer={printer} chosenId={routing.defaultPrinterId} />)}
            </select>
          </label>
        )}
      </div>
      <ErrorBanner error={error} />
      {!teamId && <EmptyState title="No team yet">Create a team first (station teams create), then route its documents here.</EmptyState>}
      {routing && printers && missingInRouting(routing, printers).length > 0 && (
        <div className="banner banner-warning" role="alert">
          Routing names printers the print system no longer lists: {missingInRouting(routing, printers).join('; ')}. Their documents cannot print: choose another printer, or add the queue again and refresh printers.
        </div>
      )}
      {routing && printers && (
        <section className="card">
          <h2>Tag rules</h2>
          {routing.routes.length === 0 ? (
            <p className="muted">No rules yet: every document prints on the default printer. Add a rule below to send a tag elsewhere.</p>
          ) : (
            <TableScroll label="Tag rules table">
              <table className="table" aria-label="Tag rules">
                <thead>
                  <tr><th>Document tag</th><th>Printer</th><th>Then try</th><th>Tray</th><th>Template</th><th>Prints to</th><th><span className="sr-only">Actions</span></th></tr>
                </thead>
                <tbody>
                  {routing.routes.map((route) => {
                    const target = effectiveTarget(route, routing, printers);
                    const printer = printers.find((p) => p.id === route.printerId);
                    return (
                      <tr key={route.tag}>
                        <td><strong>{route.tag}</strong></td>
                        <td>
                          <select
                            aria-label={`Printer for ${route.tag}`}
                            value={route.printerId ?? ''}
                            onChange={(event) => {
                              const printerId = event.target.value || null;
                              void save(route.tag, { ...route, printerId, tray: null, fallbackPrinterIds: printerId ? (route.fallbackPrinterIds ?? []).filter((id) => id !== printerId) : [] });
                            }}
                          >
                            <option value="">Team default</option>
                            {printers.map((p) => <PrinterOption key={p.id} printer={p} chosenId={route.printerId} />)}
                          </select>
                        </td>
                        <td>
                          {/* The pool after the printer, in order; a printer that cannot take jobs passes the job on. */}
                          <ol className="pool">
                            {(route.fallbackPrinterIds ?? []).map((id) => {
                              const fallback = printers.find((p) => p.id === id);
                              const name = fallback ? printerLabel(fallback) : id;
                              return (
                                <li key={id}>
                                  {name}{' '}
                                  <button type="button" className="button button-small button-ghost" aria-label={`Remove ${name} from the ${route.tag} pool`} onClick={() => void save(route.tag, { ...route, fallbackPrinterIds: (route.fallbackPrinterIds ?? []).filter((other) => other !== id) })}>
                                    Remove
                                  </button>
                                </li>
                              );
                            })}
                          </ol>
                          {route.printerId && (
                            <select
                              aria-label={`Add a printer to fall back on for ${route.tag}`}
                              value=""
                              onChange={(event) => event.target.value && void save(route.tag, { ...route, fallbackPrinterIds: [...(route.fallbackPrinterIds ?? []), event.target.value] })}
                            >
                              <option value="">Add a printer…</option>
                              {printers
                                .filter((p) => p.id !== route.printerId && !(route.fallbackPrinterIds ?? []).includes(p.id) && (!route.tray || p.trays.includes(route.tray)))
                                .map((p) => <PrinterOption key={p.id} printer={p} chosenId={null} />)}
                            </select>
                          )}
                        </td>
                        <td>
                          <select aria-label={`Tray for ${route.tag}`} value={route.tray ?? ''} disabled={!printer?.trays.length} onChange={(event) => void save(route.tag, { ...route, tray: event.target.value || null })}>
                            <option value="">Printer's default tray</option>
                            {printer?.trays.map((tray) => <option key={tray} value={tray}>{tray}</option>)}
                          </select>
                        </td>
                        <td>{route.template ?? <span className="muted">flow's template</span>}</td>
                        <td>
                          → {target.printer}, {target.tray}
                          {target.fromDefault && <span className="muted small"> (default)</span>}
                          {target.missing && <div className="warning-text small">Missing from the print system: this tag does not print</div>}
                        </td>
                        <td className="num">
                          <button type="button" className="button button-small button-danger" onClick={() => void remove(route.tag)}>Remove</button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          )}
          <h3>Add a rule</h3>
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              void save(draft.tag.trim(), { printerId: draft.printerId || null, tray: draft.tray || null, template: draft.template.trim() || null }).then(
                (ok) => ok && setDraft({ tag: '', printerId: '', tray: '', template: '' }),
              );
            }}
          >
            <label>
              Document tag
              <input aria-label="New rule tag" value={draft.tag} onChange={(event) => setDraft({ ...draft, tag: event.target.value })} placeholder="e.g. label" list="known-tags" />
              <datalist id="known-tags">
                {['packing-slip', 'invoice', 'label', 'gift-note'].map((tag) => <option key={tag} value={tag} />)}
              </datalist>
            </label>
            <label>
              Printer
              <select aria-label="New rule printer" value={draft.printerId} onChange={(event) => setDraft({ ...draft, printerId: event.target.value, tray: '' })}>
                <option value="">Team default</option>
                {printers.map((p) => <PrinterOption key={p.id} printer={p} chosenId={null} />)}
              </select>
            </label>
            <label>
              Tray
              <select aria-label="New rule tray" value={draft.tray} disabled={!draftPrinter?.trays.length} onChange={(event) => setDraft({ ...draft, tray: event.target.value })}>
                <option value="">Printer's default tray</option>
                {draftPrinter?.trays.map((tray) => <option key={tray} value={tray}>{tray}</option>)}
              </select>
            </label>
            <label>
              Template (optional)
              <input aria-label="New rule template" value={draft.template} onChange={(event) => setDraft({ ...draft, template: event.target.value })} placeholder="template id or name" />
            </label>
            <button type="submit" className="button button-primary" disabled={!draft.tag.trim() || Boolean(draftTrayProblem)}>Save rule</button>
          </form>
          {draftTrayProblem && <p className="banner banner-warning">{draftTrayProblem}</p>}
        </section>
      )}
    </div>
  );
}

/** A printer in a routing select: a missing one reads so, and is offered only where it is already the choice. */
function PrinterOption({ printer, chosenId }: { printer: Printer; chosenId: string | null }) {
  const { label, disabled } = printerChoice(printer, chosenId);
  return <option value={printer.id} disabled={disabled}>{label}</option>;
}
