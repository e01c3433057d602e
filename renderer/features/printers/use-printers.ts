import type { PrinterResource } from '../../../main/core/http/admin/answers';
import { useCallback, useEffect, useState } from 'react';
import { api, describeError } from '../../app/api';
import { useLive } from '../../app/live';

/** A printer as the dashboard API answers it (`GET /admin/api/printers`). */
export type Printer = PrinterResource;

export const printerLabel = (printer: Printer) => printer.nickname || printer.name;

/** The station's printers, kept current by the `printers` live event. */
export function usePrinters() {
  const [printers, setPrinters] = useState<Printer[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api<Printer[]>('/printers').then(
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
