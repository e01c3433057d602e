import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { baseUrl, benchToken, sessionToken } from './api';

export type LiveChannel = 'order' | 'batch' | 'job' | 'printers' | 'import' | 'bench';
export type LiveState = 'connecting' | 'live' | 'reconnecting';
type Listener = (data: unknown) => void;

interface LiveHub {
  state: LiveState;
  subscribe(channel: LiveChannel, listener: Listener): () => void;
}

const LiveContext = createContext<LiveHub>({ state: 'connecting', subscribe: () => () => {} });

/**
 * One EventSource per window for every page: the station pushes order, batch, job and
 * printer changes, so nothing polls. EventSource reconnects by itself (the station says
 * `retry: 2000`); the header shows the state meanwhile.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LiveState>('connecting');
  const listeners = useRef(new Map<LiveChannel, Set<Listener>>());

  useEffect(() => {
    // At a paired screen the stream carries that bench's batches and jobs, not every bench's.
    const bench = benchToken();
    const source = new EventSource(`${baseUrl()}/admin/api/events?session=${encodeURIComponent(sessionToken() ?? '')}${bench ? `&bench=${encodeURIComponent(bench)}` : ''}`);
    source.onopen = () => setState('live');
    source.onerror = () => setState('reconnecting');
    for (const channel of ['order', 'batch', 'job', 'printers', 'import', 'bench'] as const) {
      source.addEventListener(channel, (message) => {
        const data = JSON.parse((message as MessageEvent<string>).data) as unknown;
        for (const listener of listeners.current.get(channel) ?? []) listener(data);
      });
    }
    return () => source.close();
  }, []);

  const subscribe = useCallback((channel: LiveChannel, listener: Listener) => {
    const set = listeners.current.get(channel) ?? new Set();
    listeners.current.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  }, []);
  const hub = useMemo<LiveHub>(() => ({ state, subscribe }), [state, subscribe]);
  return <LiveContext.Provider value={hub}>{children}</LiveContext.Provider>;
}

export const useLiveState = (): LiveState => useContext(LiveContext).state;

/** Calls `listener` for each live event of `channel` while the component is mounted. */
export function useLive(channel: LiveChannel, listener: Listener): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe(channel, (data) => latest.current(data)), [subscribe, channel]);
}

/**
 * Calls `reload` once after a burst of live events on `channels` (a batch printing sends
 * many): `delayMs` after the last one, never after the component is gone.
 */
export function useLiveReload(channels: LiveChannel[], reload: () => void, delayMs: number): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  const key = channels.join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delayMs);
    };
    const unsubscribe = key.split(',').map((channel) => subscribe(channel as LiveChannel, soon));
    return () => {
      clearTimeout(timer);
      for (const stop of unsubscribe) stop();
    };
  }, [subscribe, key, delayMs]);
}
