import { ChromiumPdfRenderer } from '../../main/core/features/render/chromium';

/**
 * One Chromium per test worker for every station the worker starts in process: a launch
 * costs ~1.5 s of the 2-core machine's CPU, and a worker starts a hundred stations. Each
 * station's renderer works in contexts of its own in it and closes only those
 * (`sharedBrowser`), as it would its own browser. Launched on the first render, replaced if
 * it crashes, gone with the worker's process.
 */
const owner = new ChromiumPdfRenderer();

/** A renderer for one station, in the worker's browser. */
export const rendererInWorkerChromium = (): ChromiumPdfRenderer => new ChromiumPdfRenderer({ sharedBrowser: () => owner.browserToShare() });
