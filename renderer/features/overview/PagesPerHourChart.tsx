import type { Schemas } from '../../app/api';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type HourPages = Schemas['Overview']['pagesPerHour'][number];

const hourLabel = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Pages printed per hour over the last day, drawn by uPlot (a small canvas chart library).
 * A canvas says nothing to a screen reader: the same numbers are in a table beside it, and
 * the chart itself is named by the figure's caption.
 */
export function PagesPerHourChart({ hours }: { hours: HourPages[] }) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const data: uPlot.AlignedData = [hours.map((hour) => Date.parse(hour.hourStartedAt) / 1000), hours.map((hour) => hour.pages)];
    const width = Math.max(280, element.clientWidth);
    if (!chart.current) {
      chart.current = new uPlot(
        {
          width,
          height: 180,
          legend: { show: false },
          cursor: { show: false },
          // Half an hour either side, so the first and the current hour's bars are whole.
          scales: { x: { time: true, range: (_u, min, max) => [min - 1800, max + 1800] }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
          axes: [{ stroke: '#374151' }, { stroke: '#374151', size: 48 }],
          series: [{}, { label: 'Pages', stroke: '#1d4ed8', fill: 'rgba(29, 78, 216, 0.15)', paths: uPlot.paths.bars!({ size: [0.8, 40] }), points: { show: false } }],
        },
        data,
        element,
      );
    } else {
      chart.current.setData(data);
      chart.current.setSize({ width, height: 180 });
    }
  }, [hours]);
  // The chart follows its box (window resize, zoom, the stacked layout below 900 px).
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const observer = new ResizeObserver(() => chart.current?.setSize({ width: Math.max(280, element.clientWidth), height: 180 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.destroy();
    };
  }, []);

  return (
    <figure className="overview-chart" aria-labelledby="pages-per-hour-caption">
      <figcaption id="pages-per-hour-caption">Pages printed per hour, last 24 hours</figcaption>
      <div ref={holder} className="overview-chart-canvas" aria-hidden />
      <details>
        <summary>The numbers</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Hour from</th>
              <th scope="col">Pages</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour.hourStartedAt}>
                <td>{hourLabel(hour.hourStartedAt)}</td>
                <td>{hour.pages}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
