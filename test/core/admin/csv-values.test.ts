import { describe, expect, it } from 'vitest';
import { isoFromExportTimestamp, parseAmount, splitFullName, unguarded } from '../../../main/core/features/new-orders/csv-values';

describe('CSV cell readers', () => {
  it("reads Shopify's timestamps, with a space before the time and an offset without a colon", () => {
    expect(isoFromExportTimestamp('2024-05-01 10:15:23 +0200')).toBe('2024-05-01T10:15:23+02:00');
    expect(isoFromExportTimestamp('2024-05-01 10:15 -0530')).toBe('2024-05-01T10:15:00-05:30');
    expect(isoFromExportTimestamp('2024-05-01 10:15:23 UTC')).toBe('2024-05-01T10:15:23Z');
    expect(isoFromExportTimestamp('2024-05-01T10:15:23Z')).toBe('2024-05-01T10:15:23Z');
    // Not recognised: passed on so the schema's own message names it.
    expect(isoFromExportTimestamp('yesterday')).toBe('yesterday');
  });

  it('reads amounts with either decimal separator and thousands groups', () => {
    expect(parseAmount('9.50')).toBe(9.5);
    expect(parseAmount('1,234.50')).toBe(1234.5);
    expect(parseAmount('1.234,50')).toBe(1234.5);
    expect(parseAmount('€ 9,50')).toBe(9.5);
    expect(parseAmount('-5.00')).toBe(-5);
    expect(parseAmount('two')).toBeNaN();
  });

  it("drops the spreadsheet guard apostrophe of a zip code (Shopify's '02134)", () => {
    expect(unguarded("'02134")).toBe('02134');
    expect(unguarded('02134')).toBe('02134');
  });

  it('splits a full name at the family name, keeping particles and one-word names whole', () => {
    expect(splitFullName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitFullName('Mary Ann  Evans')).toEqual({ firstName: 'Mary Ann', lastName: 'Evans' });
    expect(splitFullName('Ludwig van Beethoven')).toEqual({ firstName: 'Ludwig', lastName: 'van Beethoven' });
    expect(splitFullName('María de la Cruz')).toEqual({ firstName: 'María', lastName: 'de la Cruz' });
    expect(splitFullName('山田 太郎')).toEqual({ firstName: '山田', lastName: '太郎' });
    expect(splitFullName('山田太郎')).toEqual({ firstName: '山田太郎' });
    expect(splitFullName('Иван Петров')).toEqual({ firstName: 'Иван', lastName: 'Петров' });
    expect(splitFullName('  ')).toEqual({});
  });
});
