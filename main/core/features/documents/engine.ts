import { filters as liquidFilters, Liquid, type Template } from 'liquidjs';
import { isolateBidi } from './bidi';
import { registerFilters } from './filters';
import { escapeZplField, registerZplMarkupFilters } from './zpl-filters';
import type { TemplateKind } from './templates-store';
import { explainBlocks, withoutPosition } from './liquid-errors';

/** A template body Liquid cannot parse: the message and where (1-based line and column). */
export class TemplateSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
    readonly column: number | undefined,
  ) {
    super(message);
  }
}

export { escapeZplField } from './zpl-filters';

/** HTML escaping, and order text's bidirectional controls kept from reordering its neighbours (bidi.ts). */
// Liquid's own `escape` (it stringifies as Liquid does and counts toward the memory limit), called as Liquid calls it.
const liquidEscape = liquidFilters.escape as unknown as (this: unknown, value: unknown) => string;
function escapeHtmlOutput(this: unknown, value: unknown): string {
  return isolateBidi(liquidEscape.call(this, value));
}

function liquidEngine(check: boolean, kind: TemplateKind = 'html'): Liquid {
  const liquid = new Liquid({
    // Every `{{ }}` is escaped for its output (HTML, or ZPL field data) unless its last filter is a markup filter (or `raw`).
    outputEscape: kind === 'zpl' ? escapeZplField : escapeHtmlOutput,
    strictFilters: true,
    ownPropertyOnly: true,
    // An in-memory file system with nothing in it: `include` / `render` / `layout` cannot read disk.
    templates: {},
    // A template is admin-authored, but a runaway loop must not hold the order's write transaction.
    renderLimit: 2_000,
    memoryLimit: 64 * 1024 * 1024,
    parseLimit: 1024 * 1024,
  });
  registerFilters(liquid, check);
  // In ZPL the markup filters write ZPL (a barcode command, field-block line breaks), not HTML.
  if (kind === 'zpl') registerZplMarkupFilters(liquid, check);
  return liquid;
}

const CACHE_SIZE = 500;

/**
 * Parses and renders template bodies. Parsed templates are cached per template id and
 * version, so an order write renders with no parsing at all.
 */
export class TemplateEngine {
  private readonly engines = { print: liquidEngine(false), check: liquidEngine(true), zplPrint: liquidEngine(false, 'zpl'), zplCheck: liquidEngine(true, 'zpl') };
  private readonly cache = { print: new Map<string, Template[]>(), check: new Map<string, Template[]>(), zplPrint: new Map<string, Template[]>(), zplCheck: new Map<string, Template[]>() };

  /** Throws `TemplateSyntaxError` when the body does not parse. */
  validate(body: string): void {
    this.parse('print', body);
  }

  /**
   * Renders synchronously (order writes need the result inside their transaction).
   * `check` renders for completeness only: barcodes are validated, not drawn.
   */
  render(template: { id: string; version: number; body: string; kind?: TemplateKind }, scope: object, renderMode: 'print' | 'check' = 'print'): string {
    const key = `${template.id}@${template.version}`;
    const mode = template.kind === 'zpl' ? (renderMode === 'print' ? 'zplPrint' : 'zplCheck') : renderMode;
    const cache = this.cache[mode];
    let parsed = cache.get(key);
    if (!parsed) {
      parsed = this.parse(mode, template.body);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, parsed);
    }
    return this.engines[mode].renderSync(parsed, scope) as string;
  }

  /** Renders a body that is not saved (previews of an edit). */
  renderBody(body: string, scope: object, kind: TemplateKind = 'html'): string {
    const mode = kind === 'zpl' ? 'zplPrint' : 'print';
    return this.engines[mode].renderSync(this.parse(mode, body), scope) as string;
  }

  private parse(mode: keyof TemplateEngine['engines'], body: string): Template[] {
    try {
      return this.engines[mode].parse(body);
    } catch (error) {
      // A block left open or closed twice is said as the author sees it, at the line it began.
      const problem = explainBlocks(body);
      if (problem) throw new TemplateSyntaxError(problem.message, problem.line, problem.column);
      const err = error as Error & { token?: { getPosition?: () => [number, number] } };
      const [line, column] = err.token?.getPosition?.() ?? [undefined, undefined];
      const message = withoutPosition(err.message);
      throw new TemplateSyntaxError(line === undefined ? message : `${message} (line ${line}, column ${column})`, line, column);
    }
  }
}
