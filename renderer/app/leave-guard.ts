import { useEffect, useRef } from 'react';

/** Asks whether unsaved work may be dropped; true to leave. */
type Ask = () => Promise<boolean>;

let guard: Ask | null = null;

/** The page a hash names (`#/orders/123` → `orders`), as routes.ts reads it. */
const pageOf = (hash: string) => hash.replace(/^#\/?/, '').split('/')[0] || 'overview';
let currentHash = typeof window === 'undefined' ? '' : window.location.hash;

/**
 * Page switches go through the hash (links, Alt+key, the back button). While a page holds
 * unsaved work, a switch is undone at once (before the app's own hashchange listeners read
 * the hash, so the page stays) and made again once the guard says yes. Installed once,
 * before the app renders, so this listener runs first.
 */
export function installLeaveGuard(): void {
  window.addEventListener('hashchange', () => {
    const target = window.location.hash;
    const samePage = pageOf(target) === pageOf(currentHash);
    if (!guard || samePage) {
      currentHash = target;
      return;
    }
    const ask = guard;
    window.history.replaceState(null, '', currentHash || '#/');
    void ask().then((ok) => {
      if (!ok) return;
      if (guard === ask) guard = null;
      window.location.hash = target;
    });
  });
}

/**
 * While `active`, leaving the page (another page, closing or reloading the window) asks
 * first: `ask` in the app, the browser's own question on unload.
 */
export function useLeaveGuard(active: boolean, ask: Ask): void {
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    if (!active) return;
    const registered: Ask = () => latest.current();
    guard = registered;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      if (guard === registered) guard = null;
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [active]);
}
