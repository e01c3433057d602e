import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { useLive } from '../../app/live';

/** A printer as the dashboard API answers it (`GET /admin/api/printers`). */
export type Printer = Schemas['Printer'];

export const printerLabel = (printer: Printer) => printer.nickname || printer.name;

/** The station's printers, kept current by the `printers` live event. */
export function usePrinters() {
  const [printers, setPrinters] = useState<Printer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/printers')).then(
      (list) => {
        setPrinters(list);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
  }, []);
  useEffect(load, [load]);
  useLive('printers', load);
  return { printers, error, reload: load, setPrinters };
}
