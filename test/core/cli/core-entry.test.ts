import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript beside bin/station.js, no types
import { builtCoreEntry } from '../../../bin/core-entry.js';

const pick = builtCoreEntry as (root: string) => string | null;

describe('station runs the built core only while it is current', () => {
  let root: string;
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  function file(path: string, seconds: number): void {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), at(seconds), at(seconds));
  }

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'core-entry-'));
    file('main/core/hosts/cli.ts', 10);
    file('main/core/features/orders/nested/deep.ts', 20);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('runs dist/station/cli.js when it was built after every core source', () => {
    file('dist/station/cli.js', 30);
    expect(pick(root)).toBe(join(root, 'dist/station/cli.js'));
  });

  it('runs the sources when a nested core file changed after the build', () => {
    file('dist/station/cli.js', 15);
    expect(pick(root)).toBeNull();
  });

  it('runs the sources when nothing was built', () => {
    expect(pick(root)).toBeNull();
  });
});
