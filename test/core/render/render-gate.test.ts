import { describe, expect, it } from 'vitest';
import { RenderGate } from '../../../main/core/features/render/render-gate';

/** A render that finishes when the test says so, recording when it entered the browser. */
function controlledRender(entered: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    render: async () => {
      entered.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every promise callback that can run, run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the render gate between printing and rendering ahead', () => {
  it('lets two renders into the browser at once, the third waits for a place', async () => {
    const gate = new RenderGate(2);
    const entered: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controlledRender(entered, name));
    const results = [gate.run('ahead', a!.render), gate.run('ahead', b!.render), gate.run('ahead', c!.render)];
    await settle();
    expect(entered).toEqual(['a', 'b']);
    expect(gate.waiting).toEqual({ print: 0, ahead: 1 });
    a!.finish();
    await settle();
    expect(entered).toEqual(['a', 'b', 'c']);
    b!.finish();
    c!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('a print job’s render takes the next place before every document waiting to be rendered ahead', async () => {
    const gate = new RenderGate(2);
    const entered: string[] = [];
    const renders = Object.fromEntries(['ahead1', 'ahead2', 'ahead3', 'ahead4', 'print'].map((name) => [name, controlledRender(entered, name)]));
    const results = ['ahead1', 'ahead2', 'ahead3', 'ahead4'].map((name) => gate.run('ahead', renders[name]!.render));
    await settle();
    results.push(gate.run('print', renders.print!.render));
    await settle();
    expect(gate.waiting).toEqual({ print: 1, ahead: 2 });
    // One render ahead finishes: its place goes to the print, not to the next ahead.
    renders.ahead1!.finish();
    await settle();
    expect(entered).toEqual(['ahead1', 'ahead2', 'print']);
    renders.print!.finish();
    await settle();
    expect(entered).toEqual(['ahead1', 'ahead2', 'print', 'ahead3']);
    for (const name of ['ahead2', 'ahead3', 'ahead4']) {
      renders[name]!.finish();
      await settle();
    }
    await Promise.all(results);
    expect(entered).toEqual(['ahead1', 'ahead2', 'print', 'ahead3', 'ahead4']);
  });

  it('a render that fails frees its place for the next', async () => {
    const gate = new RenderGate(1);
    const entered: string[] = [];
    const first = gate.run('print', async () => {
      entered.push('failing');
      throw new Error('renderer crashed');
    });
    await expect(first).rejects.toThrow('renderer crashed');
    const print = controlledRender(entered, 'print');
    const ahead = controlledRender(entered, 'ahead');
    const running = [gate.run('print', print.render), gate.run('ahead', ahead.render)];
    await settle();
    expect(entered).toEqual(['failing', 'print']);
    print.finish();
    ahead.finish();
    await Promise.all(running);
    expect(entered).toEqual(['failing', 'print', 'ahead']);
  });
});
