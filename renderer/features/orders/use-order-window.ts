import { useCallback, useEffect, useRef, useState } from 'react';
import { answer, dashboard, describeError, type Query } from '../../app/api';
import { useLive } from '../../app/live';
import { filterQuery, pagesFor } from './filters';
import type { OrderFilter, OrderSummary } from './types';

export const PAGE_SIZE = 100;
const LIVE_REFRESH_DELAY_MS = 150;

/**
 * The order list as a sparse window: the virtual list asks for the rows it shows and only
 * those pages are fetched. A live order event refreshes the pages on screen (new orders
 * come first, so every row may have moved); bursts are folded into one refresh.
 */
export function useOrderWindow(filter: OrderFilter) {
  const [total, setTotal] = useState<number | null>(null);
  const [totalCapped, setTotalCapped] = useState(false);
  const [pages, setPages] = useState<Map<number, OrderSummary[]>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const requested = useRef(new Set<number>());
  const visible = useRef<[number, number]>([0, PAGE_SIZE - 1]);
  const query = filterQuery(filter);

  const fetchPage = useCallback(
    (page: number) => answer(dashboard.GET('/admin/api/orders', { params: { query: { ...(Object.fromEntries(new URLSearchParams(query)) as Query<'/admin/api/orders'>), offset: page * PAGE_SIZE, limit: PAGE_SIZE } } })),
    [query],
  );

  const ensureRange = useCallback(
    (start: number, end: number) => {
      visible.current = [start, end];
      const gen = generation.current;
      for (const page of pagesFor(start, end, PAGE_SIZE)) {
        if (requested.current.has(page)) continue;
        requested.current.add(page);
        fetchPage(page).then(
          (result) => {
            if (gen !== generation.current) return;
            setTotal(result.total);
            setTotalCapped(result.totalCapped);
            setPages((previous) => new Map(previous).set(page, result.orders));
            setError(null);
          },
          (failure: unknown) => {
            requested.current.delete(page);
            if (gen === generation.current) setError(describeError(failure));
          },
        );
      }
    },
    [fetchPage],
  );

  /** Reloads the pages on screen and swaps them in at once, so rows never flash empty. */
  const refresh = useCallback(async () => {
    const gen = ++generation.current;
    const wanted = pagesFor(visible.current[0], Math.max(visible.current[1], 0), PAGE_SIZE);
    try {
      const results = await Promise.all(wanted.map((page) => fetchPage(page)));
      if (gen !== generation.current) return;
      requested.current = new Set(wanted);
      setPages(new Map(wanted.map((page, i) => [page, results[i]!.orders])));
      setTotal(results[0]?.total ?? 0);
      setTotalCapped(results[0]?.totalCapped ?? false);
      setError(null);
    } catch (failure) {
      if (gen === generation.current) setError(describeError(failure));
    }
  }, [fetchPage]);

  // A new filter starts from the top.
  useEffect(() => {
    generation.current++;
    requested.current = new Set();
    setPages(new Map());
    setTotal(null);
    ensureRange(0, PAGE_SIZE - 1);
  }, [ensureRange]);

  // The refresh of the filter on screen when the timer fires: an event that came just before
  // a filter change must not bring back the rows of the filter before it.
  const currentRefresh = useRef(refresh);
  currentRefresh.current = refresh;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLive('order', () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void currentRefresh.current(), LIVE_REFRESH_DELAY_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const orderAt = useCallback((index: number) => pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE], [pages]);
  return { total, totalCapped, orderAt, ensureRange, refresh, error };
}
