/**
 * A browser origin as the station keeps it in Settings → Network (browser origins) and as
 * `Origin` headers carry it: `https://wms.example.com`, `http://localhost:3000` — a scheme, a
 * host and a port, nothing else. Null for anything else.
 */
export function normaliseOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return null;
  return url.origin;
}
