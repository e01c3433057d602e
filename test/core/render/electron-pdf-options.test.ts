import { describe, expect, it } from 'vitest';
import { allowRenderRequest, printToPdfOptions } from '../../../main/electron/pdf-options';

// The Electron binary cannot run here: these check the pure mapping the Electron renderer uses.
describe('Electron printToPDF mapping', () => {
  it('sizes and margins in inches, landscape already turned', () => {
    const options = printToPdfOptions({ name: 'A6', widthMm: 105, heightMm: 148, orientation: 'landscape', marginsMm: { top: 25.4, right: 0, bottom: 12.7, left: 5 } });
    expect(options.pageSize.width).toBeCloseTo(148 / 25.4, 6);
    expect(options.pageSize.height).toBeCloseTo(105 / 25.4, 6);
    expect(options.margins).toMatchObject({ marginType: 'custom', top: 1, right: 0, bottom: 0.5 });
    expect(options.landscape).toBe(false);
    expect(options.preferCSSPageSize).toBe(false);
  });

  it('lets a render window load its document and images only', () => {
    const doc = 'file:///tmp/station-render-x/document.html';
    expect(allowRenderRequest({ url: doc, resourceType: 'mainFrame' }, doc)).toBe(true);
    expect(allowRenderRequest({ url: 'https://cdn.example/p.png', resourceType: 'image' }, doc)).toBe(false);
    expect(allowRenderRequest({ url: 'data:image/png;base64,AAAA', resourceType: 'image' }, doc)).toBe(true);
    expect(allowRenderRequest({ url: 'file:///etc/passwd', resourceType: 'image' }, doc)).toBe(false);
    expect(allowRenderRequest({ url: 'https://cdn.example/x.css', resourceType: 'stylesheet' }, doc)).toBe(false);
    expect(allowRenderRequest({ url: 'https://evil.example/', resourceType: 'mainFrame' }, doc)).toBe(false);
    expect(allowRenderRequest({ url: 'https://evil.example/', resourceType: 'subFrame' }, doc)).toBe(false);
  });
});
