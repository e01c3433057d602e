import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ link to each other and to screenshots: every relative link must reach a
 * file that exists, and every `#anchor` a heading of that file (GitHub's slugs), so moving a
 * section between pages cannot leave a dead link behind.
 */
const ROOT = resolve(__dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The text outside fenced code blocks: a `](…)` inside an example is not a link. */
const prose = (text: string) => text.replace(/```[\s\S]*?```/g, '');

const headingsOf = (file: string) => new Set([...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

describe('the documentation links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug("The write-ahead log's bound")).toBe('the-write-ahead-logs-bound');
    expect(slug('Exactly once: `Idempotency-Key`')).toBe('exactly-once-idempotency-key');
  });

  it('reach files that exist, and headings that exist in them', () => {
    const dead: string[] = [];
    let checked = 0;
    for (const file of FILES) {
      for (const match of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        checked++;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const into = path ? resolve(dirname(file), decodeURI(path)) : file;
        const where = `${relative(ROOT, file)} → ${target}`;
        if (!existsSync(into)) dead.push(`${where} (no such file)`);
        else if (anchor && into.endsWith('.md') && !headingsOf(into).has(anchor)) dead.push(`${where} (no such heading)`);
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
