import { useCallback, useEffect, useState } from 'react';
import { api, describeError } from '../../app/api';
import { useLive } from '../../app/live';

export interface Printer {
  id: string;
  printerVendorId: string;
  name: string;
  nickname: string;
  visible: boolean;
  status: string;
  computer: { name: string };
  trays: string[];
  paperSizes: { name: string; width: string; height: string }[];
  /** `tray` is `""` when the printer has no default tray. */
  config: { fitToPage: boolean; tray: string };
  /** Raw ZPL goes only where `takesZpl`: the admin's `setting`, else what the system `detected`. */
  zpl: { takesZpl: boolean; detected: boolean; setting: boolean | null };
}

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
