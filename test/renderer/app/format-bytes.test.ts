import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../renderer/app/format-bytes';

describe('sizes in the unit that fits', () => {
  it('says bytes, KB, MB and GB as a file manager does', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    // A 29 KB PDF no longer reads "0 MB".
    expect(formatBytes(29 * 1024 + 300)).toBe('29 KB');
    expect(formatBytes(4.25 * 1024 * 1024)).toBe('4.3 MB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});
