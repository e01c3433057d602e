import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';

type Retention = Schemas['Retention'];
type DiskUse = Schemas['Disk'];
import { ErrorBanner, SubmitForm } from '../../components/ui';
import { formatBytes } from '../../app/format-bytes';

type Draft = { printedPdfDays: string; finishedJobDays: string; sourcePayloadDays: string; orderDays: string };

const files = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'file' : 'files'}`;
const draftOf = (value: Retention): Draft => ({
  printedPdfDays: String(value.printedPdfDays),
  finishedJobDays: String(value.finishedJobDays),
  sourcePayloadDays: String(value.sourcePayloadDays),
  orderDays: value.orderDays === null ? '' : String(value.orderDays),
});

/** How long the station keeps files and records, what they take on disk, and a sweep now. */
export function RetentionSettings() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [disk, setDisk] = useState<DiskUse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const loadDisk = useCallback(() => {
    answer(dashboard.GET('/admin/api/settings/disk')).then(setDisk, (failure: unknown) => setError(describeError(failure)));
  }, []);
  useEffect(() => {
    answer(dashboard.GET('/admin/api/settings/retention')).then((value) => setDraft(draftOf(value)), (failure: unknown) => setError(describeError(failure)));
    loadDisk();
  }, [loadDisk]);

  async function save() {
    setError(null);
    setSaved(null);
    try {
      const value = await answer(dashboard.PUT('/admin/api/settings/retention', { body: {
          printedPdfDays: Number(draft!.printedPdfDays),
          finishedJobDays: Number(draft!.finishedJobDays),
          sourcePayloadDays: Number(draft!.sourcePayloadDays),
          orderDays: draft!.orderDays.trim() === '' ? null : Number(draft!.orderDays),
        } }));
      setDraft(draftOf(value));
      setSaved('Saved: the next sweep (hourly) applies it.');
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function sweep() {
    setError(null);
    try {
      const result = await answer(dashboard.POST('/admin/api/settings/retention/sweep'));
      setSaved(`Swept: ${result.printedPdfs} PDFs, ${result.jobs} print jobs, ${result.batches} batches, ${result.refusals} refused print requests, ${result.sourcePayloads} raw payloads, ${result.orders} orders, ${result.webhookDeliveries} webhook deliveries.`);
      loadDisk();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  const field = (name: keyof Draft, label: string, hint?: string) => (
    <label>
      {label}
      <input type="number" min={1} value={draft![name]} placeholder={hint} onChange={(event) => setDraft({ ...draft!, [name]: event.target.value })} />
    </label>
  );

  return (
    <section className="card" aria-label="Retention and disk">
      <h2>Retention and disk</h2>
      <ErrorBanner error={error} />
      {saved && <div className="banner banner-success" role="status">{saved}</div>}
      {disk && (
        <table className="table card-table">
          <caption className="sr-only">Disk use by kind</caption>
          <tbody>
            <tr><th scope="row">Database</th><td>{formatBytes(disk.databaseBytes)}</td></tr>
            <tr>
              <th scope="row">Write-ahead log</th>
              <td>
                {formatBytes(disk.walBytes)} (kept under {formatBytes(disk.walBoundBytes)})
                {disk.checkpoints?.last && <> · last checkpoint {disk.checkpoints.last.mode} at {new Date(disk.checkpoints.last.at).toLocaleTimeString()}{disk.checkpoints.last.busy ? ', waited for a reader' : ''}</>}
              </td>
            </tr>
            <tr><th scope="row">Save-as-PDF files</th><td>{formatBytes(disk.printedPdfs.bytes)} in {files(disk.printedPdfs.files)}</td></tr>
            <tr><th scope="row">Backups</th><td>{formatBytes(disk.backups.bytes)} in {files(disk.backups.files)}</td></tr>
            <tr><th scope="row">Free on this disk</th><td>{disk.freeBytes === null ? 'unknown' : formatBytes(disk.freeBytes)}</td></tr>
          </tbody>
        </table>
      )}
      {draft && (
        <SubmitForm className="inline-form" onSubmit={save}>
          {field('printedPdfDays', 'Keep Save-as-PDF files (days)')}
          {field('finishedJobDays', 'Keep finished print jobs (days)')}
          {field('sourcePayloadDays', 'Keep raw source payloads (days)')}
          {field('orderDays', 'Keep orders (days; empty keeps them)', 'for ever')}
          <button type="submit" className="button">Save retention</button>
          <button type="button" className="button button-ghost" onClick={() => void sweep()}>Sweep now</button>
        </SubmitForm>
      )}
    </section>
  );
}
