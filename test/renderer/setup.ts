import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { EventSource } from 'eventsource';
import { URL as NodeURL, URLSearchParams as NodeURLSearchParams } from 'node:url';
import { afterEach, beforeAll } from 'vitest';

// The station under test runs in this process; Node's fs accepts only Node's own URL
// objects, and jsdom's URL has the same WHATWG API for the dashboard's code.
globalThis.URL = NodeURL as unknown as typeof globalThis.URL;
globalThis.URLSearchParams = NodeURLSearchParams as unknown as typeof globalThis.URLSearchParams;

// A real station (documents rendered, orders auto-printed) answers over HTTP on a shared
// 2-core machine next to other test files: allow it time.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no EventSource; this one speaks real SSE to the real station.
globalThis.EventSource = EventSource as unknown as typeof globalThis.EventSource;
afterEach(() => {
  cleanup();
  delete window.station;
  // The address a test left (an order opened puts it there) opens nothing in the next one.
  window.history.replaceState(null, '', window.location.pathname);
});
// The files of a worker share one window (vitest.config.ts: isolate false): each starts with
// nobody signed in, no screen paired, at the dashboard's first page.
beforeAll(() => {
  window.localStorage.clear();
  window.location.hash = '';
});

// jsdom does no layout: every element measures 0×0, so a virtual list would show no rows.
// Give elements a desktop window's size, as Chromium would (the E2E tests use the real one).
for (const [name, size] of [['offsetHeight', 900], ['clientHeight', 900], ['offsetWidth', 1200], ['clientWidth', 1200]] as const) {
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => size });
}

// jsdom has <dialog> but not its modal methods; Chromium (the E2E tests) has the real ones,
// inert page and all. Here `open` is all the dashboard's tests need to find and use a dialog.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// jsdom's Range measures nothing and lacks getClientRects; CodeMirror (the template editor)
// asks a Range where text is. An empty list, as for text not laid out; the E2E tests run the
// editor in Chromium with real layout.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
