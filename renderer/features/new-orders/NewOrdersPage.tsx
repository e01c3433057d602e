import { PageHeader } from '../../components/ui';
import { CsvImport } from './CsvImport';
import { ManualOrderForm } from './ManualOrderForm';

export function NewOrdersPage() {
  return (
    <div className="page">
      <PageHeader title="New orders" subtitle="Orders that do not come through the API: typed in by hand (source web) or imported from a spreadsheet (source csv)" />
      <ManualOrderForm />
      <CsvImport />
    </div>
  );
}
