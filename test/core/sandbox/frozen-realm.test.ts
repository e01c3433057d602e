import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import { expect, it } from 'vitest';
import { HARDEN_SOURCE } from '../../../main/core/features/sandbox/harden';
import { REALM_EXPLORER } from './realm-explorer';

it('leaves nothing unfrozen that an expression can reach in a hardened realm, hidden intrinsics included', async () => {
  const quickjs = await newQuickJSWASMModule(RELEASE_SYNC);
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(256 * 1024 * 1024);
  const context = runtime.newContext();
  try {
    context.unwrapResult(context.evalCode(HARDEN_SOURCE, 'harden.js')).dispose();
    const explored = context.unwrapResult(context.evalCode(REALM_EXPLORER, 'explorer.js'));
    const report = JSON.parse(context.getString(explored)) as { unfrozen: string[]; shared: number; calls: number };
    explored.dispose();
    // The walk reached the realm's intrinsics (several hundred) by calling thousands of functions…
    expect(report.shared).toBeGreaterThan(400);
    expect(report.calls).toBeGreaterThan(10_000);
    // …and every one of them is frozen.
    expect(report.unfrozen).toEqual([]);
  } finally {
    context.dispose();
    runtime.dispose();
  }
});
