/**
 * Browser renders at once. Each keeps about one core of Chromium busy: two fill a 2-core
 * machine, and more only wait inside the browser, where nothing says which one a person is
 * waiting for.
 */
export const RENDERS_AT_ONCE = 2;

/** Whose render it is: a print job someone waits for, or a document rendered ahead of any print. */
export type RenderPriority = 'print' | 'ahead';

/**
 * The renders a browser works on at once, shared by printing and rendering ahead: a print
 * job's render waits only for renders already in the browser (at most one rendering ahead,
 * a few hundred ms), never behind the documents queued to render ahead; those take a free
 * place only when no print job waits for one.
 */
export class RenderGate {
  private inBrowser = 0;
  private readonly printsWaiting: Array<() => void> = [];
  private readonly aheadWaiting: Array<() => void> = [];

  constructor(private readonly atOnce = RENDERS_AT_ONCE) {}

  async run<T>(priority: RenderPriority, render: () => Promise<T>): Promise<T> {
    await this.enter(priority);
    try {
      return await render();
    } finally {
      this.leave();
    }
  }

  /** Renders waiting for a place, by priority (the bench and tests read it). */
  get waiting(): { print: number; ahead: number } {
    return { print: this.printsWaiting.length, ahead: this.aheadWaiting.length };
  }

  private enter(priority: RenderPriority): Promise<void> {
    const free = this.inBrowser < this.atOnce;
    if (free && (priority === 'print' || this.printsWaiting.length === 0)) {
      this.inBrowser++;
      return Promise.resolve();
    }
    return new Promise((resolve) => (priority === 'print' ? this.printsWaiting : this.aheadWaiting).push(resolve));
  }

  /** A render is through: its place goes to the oldest print waiting, else to rendering ahead. */
  private leave(): void {
    const next = this.printsWaiting.shift() ?? this.aheadWaiting.shift();
    if (next) next();
    else this.inBrowser--;
  }
}
