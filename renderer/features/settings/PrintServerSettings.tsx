import { useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { ErrorBanner, SubmitForm } from '../../components/ui';

type PrintServerView = Schemas['PrintServer'];

const inUse = ({ effective }: PrintServerView) =>
  effective.server
    ? `Printing through the CUPS server at ${effective.server} (${effective.source === 'command line' ? 'station serve --cups-server, which overrides this setting' : effective.source === 'environment' ? 'CUPS_SERVER in the station’s environment' : 'this setting'}).`
    : 'Printing through this computer’s own CUPS.';

/** The CUPS server the station prints through: this machine's, or a print server on the LAN. */
export function PrintServerSettings() {
  const [view, setView] = useState<PrintServerView | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const show = (value: PrintServerView) => {
    setView(value);
    setDraft(value.cupsServer ?? '');
  };
  useEffect(() => void answer(dashboard.GET('/admin/api/settings/print-server')).then(show, (failure: unknown) => setError(describeError(failure))), []);

  async function save() {
    setError(null);
    setSaved(null);
    try {
      show(await answer(dashboard.PUT('/admin/api/settings/print-server', { body: { cupsServer: draft.trim() || null } })));
      setSaved('Print server saved; the printers were looked for there (Printers page).');
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <section className="card" aria-label="Print server">
      <h2>Print server</h2>
      <p className="muted">
        The station prints through CUPS. Leave this empty to use this computer’s CUPS; give the address of another computer’s CUPS (a print server on
        the network) to list and print on its printers instead.
      </p>
      <ErrorBanner error={error} />
      {saved && <div className="banner banner-success" role="status">{saved}</div>}
      {view && (
        <SubmitForm className="form-grid" onSubmit={save}>
          <p role="status" aria-label="Print server in use">{inUse(view)}</p>
          <label>
            CUPS server (host:port, or the path of a socket)
            <input value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="print-server.local:631" spellCheck={false} />
          </label>
          <div className="row">
            <button type="submit" className="button button-primary">Save print server</button>
          </div>
        </SubmitForm>
      )}
    </section>
  );
}
