import { useState } from 'react';
import { api, describeError } from '../../app/api';
import { TeamSelect } from '../../app/station-info';
import { EmptyState, ErrorBanner, ExplainedButton } from '../../components/ui';

interface Preview {
  headers: string[];
  rows: string[][];
  rowCount: number;
  fields: string[];
  suggestedMapping: Record<string, string>;
}

interface ImportResult {
  imported: number;
  orders: { orderNumber: string; rows: number[]; id?: string }[];
  errors: { row: number; orderNumber?: string; message: string }[];
}

export const FIELD_LABELS: Record<string, string> = {
  orderNumber: 'Order number (required)',
  sourceId: 'Order id in your system',
  orderDate: 'Order date',
  note: 'Note',
  'customer.firstName': 'Customer first name',
  'customer.lastName': 'Customer last name',
  'customer.email': 'Customer email',
  'shipping.firstName': 'Ship-to first name',
  'shipping.lastName': 'Ship-to last name',
  'shipping.company': 'Ship-to company',
  'shipping.address1': 'Address',
  'shipping.address2': 'Address line 2',
  'shipping.city': 'City',
  'shipping.state': 'State / region',
  'shipping.postalCode': 'Postal code',
  'shipping.country': 'Country',
  'item.name': 'Item name',
  'item.quantity': 'Item quantity',
  'item.sku': 'Item SKU',
  'item.price': 'Item price',
  currency: 'Currency',
  orderTotal: 'Order total',
  tags: 'Tags',
};

/** FileReader rather than Blob.text(): older embedded browsers (and jsdom) lack the latter. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`The file ${file.name} could not be read`));
    reader.readAsText(file);
  });
}

/**
 * CSV import in three steps: choose a file, map its columns to order fields (suggested
 * from the headers), import. Rows with the same order number become one order; each bad
 * row is reported by its line so it can be fixed in the spreadsheet.
 */
export function CsvImport() {
  const [teamId, setTeamId] = useState('');
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(file: File) {
    setError(null);
    setResult(null);
    const text = await readText(file);
    setCsv(text);
    setFileName(file.name);
    try {
      const read = await api<Preview>('/orders/csv/preview', { json: { csv: text } });
      setPreview(read);
      setMapping(read.suggestedMapping);
    } catch (failure) {
      setPreview(null);
      setError(describeError(failure));
    }
  }

  async function runImport() {
    setBusy(true);
    setError(null);
    try {
      const cleaned = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header));
      setResult(await api<ImportResult>('/orders/csv/import', { json: { teamId, csv, mapping: cleaned } }));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  const sample = (header: string) => {
    const column = preview?.headers.indexOf(header) ?? -1;
    return column >= 0 ? preview?.rows.map((row) => row[column]).filter(Boolean).slice(0, 3).join(' · ') : '';
  };

  return (
    <section className="card" aria-label="Import CSV">
      <h2>Import a CSV file</h2>
      <div className="row">
        <label>
          Team
          <TeamSelect value={teamId} onChange={setTeamId} />
        </label>
        <label>
          File
          <input type="file" accept=".csv,text/csv,.tsv,text/tab-separated-values" onChange={(event) => event.target.files?.[0] && void choose(event.target.files[0])} />
        </label>
      </div>
      <ErrorBanner error={error} />
      {!preview && !error && <p className="muted">The first line names the columns. One line per order, or one line per item with the order number repeated.</p>}
      {preview && !result && (
        <>
          <h3>
            Map the columns of {fileName} ({preview.rowCount} rows)
          </h3>
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
          <ExplainedButton
            type="button"
            className="button button-primary"
            disabled={busy}
            why={!teamId ? 'Choose a team first.' : !mapping.orderNumber ? 'Map a column to the order number first.' : null}
            onClick={() => void runImport()}
          >
            {busy ? 'Importing…' : `Import ${preview.rowCount} rows`}
          </ExplainedButton>
        </>
      )}
      {result && (
        <div className="import-result">
          <div className={`banner ${result.errors.length ? 'banner-warning' : 'banner-success'}`} role="status">
            {result.imported} {result.imported === 1 ? 'order' : 'orders'} imported
            {result.errors.length > 0 && `, ${result.errors.length} ${result.errors.length === 1 ? 'row' : 'rows'} skipped — fix them in the file and import it again (imported orders are updated, not duplicated)`}.
          </div>
          <p>
            <button type="button" className="button button-ghost" onClick={() => setResult(null)}>
              Back to the column mapping
            </button>
          </p>
          {result.errors.length > 0 ? (
            <table className="table compact" aria-label="Rows not imported">
              <thead>
                <tr><th>Line</th><th>Order</th><th>Problem</th></tr>
              </thead>
              <tbody>
                {result.errors.map((row) => (
                  <tr key={`${row.row}-${row.message}`}>
                    <td className="num">{row.row}</td>
                    <td>{row.orderNumber ?? '—'}</td>
                    <td>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <EmptyState title="Every row imported">The orders are in the Orders list.</EmptyState>
          )}
        </div>
      )}
    </section>
  );
}
