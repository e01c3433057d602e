import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, type Schemas } from '../../app/api';
import { useLiveReload } from '../../app/live';

export type TimeToPaper = Schemas['TimeToPaper'];

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/**
 * A printer's time to paper in words: "To paper 1.2 s (p95 3.4 s, 12 jobs in the last hour);
 * render 0.3 s, hand-over 0.1 s, at the printer 0.8 s", so an admin sees which part is slow.
 */
export function timeToPaperWords(time: TimeToPaper): string {
  const { render, handOver, atPrinter } = time.stagesP50Ms;
  const stages = [render !== null && `render ${seconds(render)}`, handOver !== null && `hand-over ${seconds(handOver)}`, atPrinter !== null && `at the printer ${seconds(atPrinter)}`].filter(Boolean);
  return `To paper ${seconds(time.p50Ms)} (p95 ${seconds(time.p95Ms)}, ${time.jobs} job${time.jobs === 1 ? '' : 's'} in the last hour)${stages.length ? `; ${stages.join(', ')}` : ''}`;
}

/** Each printer's time to paper over the last hour, kept current as jobs finish. */
export function useTimesToPaper(): Map<string, TimeToPaper> {
  const [times, setTimes] = useState(new Map<string, TimeToPaper>());
  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/printers/time-to-paper')).then((list) => setTimes(new Map(list.map((time) => [time.printerId, time]))), () => {});
  }, []);
  useEffect(load, [load]);
  useLiveReload(['job'], load, 1_000);
  return times;
}
