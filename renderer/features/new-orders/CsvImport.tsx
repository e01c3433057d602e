import { useEffect, useMemo, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { useLive } from '../../app/live';
import { formatBytes } from '../../app/format-bytes';
import { readFile } from '../../app/read-file';
import { TeamSelect } from '../../app/station-info';
import { EmptyState, ErrorBanner, ExplainedButton } from '../../components/ui';

type Preview = Schemas['CsvPreview'];


/** The import's answer; with `dryRun` it says what the import would do. */
type ImportAnswer = Schemas['CsvImport'];

export const FIELD_LABELS: Record<string, string> = {
  orderNumber: 'Order number (required)',
  orderDate: 'Order date',
  note: 'Note',
  tags: 'Tags',
  currency: 'Currency',
  orderTotal: 'Order total',
  subtotal: 'Subtotal',
  shippingCost: 'Shipping charged',
  taxes: 'Taxes',
  discount: 'Discount amount',
  discountCode: 'Discount code',
  financialStatus: 'Payment status',
  fulfillmentStatus: 'Fulfillment status',
  shippingMethod: 'Shipping method',
  cancelledAt: 'Cancelled at (not imported)',
  'customer.name': 'Customer full name',
  'customer.firstName': 'Customer first name',
  'customer.lastName': 'Customer last name',
  'customer.email': 'Customer email',
  'shipping.name': 'Ship-to full name',
  'shipping.firstName': 'Ship-to first name',
  'shipping.lastName': 'Ship-to last name',
  'shipping.company': 'Ship-to company',
  'shipping.address1': 'Ship-to address',
  'shipping.address2': 'Ship-to address line 2',
  'shipping.city': 'Ship-to city',
  'shipping.state': 'Ship-to state / region',
  'shipping.postalCode': 'Ship-to postal code',
  'shipping.country': 'Ship-to country',
  'shipping.phone': 'Ship-to phone',
  'billing.name': 'Bill-to full name',
  'billing.company': 'Bill-to company',
  'billing.address1': 'Bill-to address',
  'billing.address2': 'Bill-to address line 2',
  'billing.city': 'Bill-to city',
  'billing.state': 'Bill-to state / region',
  'billing.postalCode': 'Bill-to postal code',
  'billing.country': 'Bill-to country',
  'billing.phone': 'Bill-to phone',
  'item.name': 'Item name',
  'item.quantity': 'Item quantity',
  'item.sku': 'Item SKU',
  'item.price': 'Item price',
};

/** The station's limit for one import (new-orders/manual-orders.ts, CSV_MAX_CHARS). */
const CSV_MAX_BYTES = 8 * 1024 * 1024;

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "5 orders, 8 line items, 0 skipped": the one line an operator reads before importing. */
export function summaryLine(summary: ImportAnswer['summary']): string {
  return `${count(summary.orders, 'order', 'orders')}, ${count(summary.lineItems, 'line item', 'line items')}, ${summary.skipped.toLocaleString()} skipped`;
}

function outcomeLine(summary: ImportAnswer['summary'], dryRun: boolean): string {
  const n = (value: number) => value.toLocaleString();
  const parts = dryRun
    ? [summary.new && `${n(summary.new)} new`, summary.changed && `${n(summary.changed)} to update`, summary.unchanged && `${n(summary.unchanged)} already imported as they are`]
    : [summary.new && `${n(summary.new)} new`, summary.changed && `${n(summary.changed)} updated`, summary.unchanged && `${n(summary.unchanged)} unchanged`];
  return parts.filter(Boolean).join(', ');
}

/**
 * CSV import in three steps: choose a file, check the column mapping (a Shopify orders
 * export is recognised and mapped as it is), read what the import will do, import. Nothing
 * is written before the operator has seen "5 orders, 8 line items, 0 skipped"; an order
 * with a row that cannot be read is left out whole and listed with its lines.
 */
export function CsvImport() {
  const [teamId, setTeamId] = useState('');
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [plan, setPlan] = useState<ImportAnswer | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Let the imported orders print automatically (the team's flow); off unless asked. */
  const [printImported, setPrintImported] = useState(false);
  /** The running import's id and its last progress report. */
  const [running, setRunning] = useState<{ importId: string; checked: number; written: number; total: number } | null>(null);
  useLive('import', (data) => {
    const progress = data as { importId: string; checked: number; written: number; total: number };
    setRunning((current) => (current && current.importId === progress.importId ? { ...current, ...progress } : current));
  });

  async function choose(file: File) {
    setError(null);
    setResult(null);
    setPlan(null);
    if (file.size > CSV_MAX_BYTES) {
      setPreview(null);
      return setError(`${file.name} is ${formatBytes(file.size)}; the import takes files up to 8 MB: export a shorter date range, or split the file.`);
    }
    const text = await readFile(file, 'text');
    setCsv(text);
    setFileName(file.name);
    try {
      const read = await answer(dashboard.POST('/admin/api/orders/csv/preview', { body: { csv: text } }));
      setPreview(read);
      setMapping(read.suggestedMapping);
    } catch (failure) {
      setPreview(null);
      setError(describeError(failure));
    }
  }

  const cleaned = useMemo(() => Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, string] => Boolean(entry[1]))), [mapping]);

  // What the import would do, read again whenever the team, the file or the mapping changes.
  useEffect(() => {
    if (!teamId || !csv || !preview || !cleaned.orderNumber || result) return;
    let current = true;
    setPlan(null);
    answer(dashboard.POST('/admin/api/orders/csv/import', { body: { teamId, csv, mapping: cleaned, dryRun: true } })).then(
      (answer) => current && (setPlan(answer), setError(null)),
      (failure) => current && setError(describeError(failure)),
    );
    return () => {
      current = false;
    };
  }, [teamId, csv, preview, cleaned, result]);

  async function runImport() {
    if (!csv) return;
    setBusy(true);
    setError(null);
    const importId = crypto.randomUUID();
    setRunning({ importId, checked: 0, written: 0, total: plan?.summary.orders ?? 0 });
    try {
      setResult(await answer(dashboard.POST('/admin/api/orders/csv/import', { body: { teamId, csv, mapping: cleaned, print: printImported, importId } })));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
      setRunning(null);
    }
  }

  async function cancelImport() {
    if (!running) return;
    await answer(dashboard.POST('/admin/api/orders/csv/imports/{importId}/cancel', { params: { path: { importId: running.importId } } })).catch((failure: unknown) => setError(describeError(failure)));
  }

  const sample = (header: string) => {
    const column = preview?.headers.indexOf(header) ?? -1;
    return column >= 0 ? preview?.rows.map((row) => row[column]).filter(Boolean).slice(0, 3).join(' · ') : '';
  };

  const mappingTable = preview && (
    <table className="table compact mapping">
      <thead>
        <tr><th>Order field</th><th>Column in the file</th><th>First values</th></tr>
      </thead>
      <tbody>
        {preview.fields.map((field) => (
          <tr key={field}>
            <td><label htmlFor={`map-${field}`}>{FIELD_LABELS[field] ?? field}</label></td>
            <td>
              <select id={`map-${field}`} value={mapping[field] ?? ''} onChange={(event) => setMapping({ ...mapping, [field]: event.target.value })}>
                <option value="">— not in the file —</option>
                {preview.headers.map((header) => <option key={header} value={header}>{header}</option>)}
              </select>
            </td>
            <td className="muted truncate">{mapping[field] ? sample(mapping[field]) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <section className="card" aria-label="Import CSV">
      <h2>Import a CSV file</h2>
      <div className="row">
        <label>
          Team
          <TeamSelect value={teamId} onChange={setTeamId} needs="operator" />
        </label>
        <label>
          File
          <input type="file" accept=".csv,text/csv,.tsv,text/tab-separated-values" onChange={(event) => event.target.files?.[0] && void choose(event.target.files[0])} />
        </label>
      </div>
      <ErrorBanner error={error} />
      {!preview && !error && (
        <p className="muted">
          A Shopify orders export (Orders → Export → CSV for Excel) imports as it is. Any other file: the first line names the columns; one line per order, or one line
          per item with the order number repeated.
        </p>
      )}
      {preview && !result && (
        <>
          <h3>
            Map the columns of {fileName} ({count(preview.rowCount, 'row', 'rows')})
          </h3>
          {preview.format === 'shopify' ? (
            <>
              <p className="banner banner-info">Recognised a Shopify orders export: its columns are mapped, one order per Name with one item per row.</p>
              <details>
                <summary>Change the column mapping</summary>
                {mappingTable}
              </details>
            </>
          ) : (
            mappingTable
          )}
          <ImportPlan teamId={teamId} mapped={Boolean(cleaned.orderNumber)} plan={plan} />
          <label className="checkbox import-print">
            <input type="checkbox" checked={printImported} disabled={busy} onChange={(event) => setPrintImported(event.target.checked)} />
            Print the imported orders (as the team’s flow prints new orders automatically)
          </label>
          {running && (
            <p role="status" aria-label="Import progress">
              Importing: {running.checked.toLocaleString()} of {running.total.toLocaleString()} orders checked, {running.written.toLocaleString()} written.{' '}
              <button type="button" className="button button-small" onClick={() => void cancelImport()}>Cancel import</button>
            </p>
          )}
          <ExplainedButton
            type="button"
            className="button button-primary"
            disabled={busy || !plan}
            why={!teamId ? 'Choose a team first.' : !cleaned.orderNumber ? 'Map a column to the order number first.' : plan && plan.summary.orders === 0 ? 'No order in the file can be imported.' : null}
            onClick={() => void runImport()}
          >
            {busy ? 'Importing…' : plan ? `Import ${count(plan.summary.orders, 'order', 'orders')}` : 'Import'}
          </ExplainedButton>
        </>
      )}
      {result && (
        <div className="import-result">
          <div className={`banner ${result.problems.length || result.cancelled ? 'banner-warning' : 'banner-success'}`} role="status">
            {result.cancelled ? 'Cancelled. Written before it stopped' : 'Imported'}: {summaryLine(result.summary)}
            {outcomeLine(result.summary, false) && ` (${outcomeLine(result.summary, false)})`}.
            {result.problems.length > 0 && ' Fix the orders below in the file and import it again: imported orders are updated, not duplicated.'}
          </div>
          <p>
            <button type="button" className="button button-ghost" onClick={() => setResult(null)}>
              Back to the column mapping
            </button>
          </p>
          {result.problems.length > 0 ? <Problems problems={result.problems} /> : <EmptyState title="Every order imported">The orders are in the Orders list.</EmptyState>}
        </div>
      )}
    </section>
  );
}

function ImportPlan({ teamId, mapped, plan }: { teamId: string; mapped: boolean; plan: ImportAnswer | null }) {
  if (!teamId || !mapped) return null;
  if (!plan) return <p className="muted" role="status">Reading the file…</p>;
  const outcome = outcomeLine(plan.summary, true);
  return (
    <div className="import-plan">
      <p role="status" aria-label="What the import will do">
        <strong>{summaryLine(plan.summary)}</strong>
        {outcome && ` — ${outcome}`}. Nothing is written until you import.
      </p>
      {plan.problems.length > 0 && <Problems problems={plan.problems} />}
    </div>
  );
}

function Problems({ problems }: { problems: ImportAnswer['problems'] }) {
  return (
    <table className="table compact" aria-label="Orders not imported">
      <thead>
        <tr><th>Order</th><th>Lines</th><th>Problem</th></tr>
      </thead>
      <tbody>
        {problems.map((problem) => (
          <tr key={`${problem.rows[0]}-${problem.message}`}>
            <td>{problem.orderNumber ?? '—'}</td>
            <td className="num">{problem.rows.join(', ')}</td>
            <td>{problem.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
