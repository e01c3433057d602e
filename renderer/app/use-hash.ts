import { useEffect, useState } from 'react';

/** `window.location.hash`, followed as it changes: the dashboard's pages and sections are addressed by it. */
export function useHash(): string {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return hash;
}
