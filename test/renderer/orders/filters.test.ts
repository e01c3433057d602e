import { describe, expect, it } from 'vitest';
import { exactMatch } from '../../../main/core/features/admin/scanned-code';
import { filterQuery, isFiltered, pagesFor } from '../../../renderer/features/orders/filters';
import { EMPTY_FILTER, type OrderSummary } from '../../../renderer/features/orders/types';

const order = (orderNumber: string, id = orderNumber): OrderSummary => ({
  id,
  teamId: 't',
  teamName: 'T',
  orderNumber,
  orderDate: '',
  status: 'ready',
  customerName: null,
  itemCount: 1,
  tags: [],
  sources: ['api'],
  createdAt: '',
  updatedAt: '',
});

describe('order list filters', () => {
  it('leaves empty fields out of the query', () => {
    expect(filterQuery({ ...EMPTY_FILTER, status: 'ready', tag: ' gift ' })).toBe('status=ready&tag=gift');
    expect(filterQuery(EMPTY_FILTER)).toBe('');
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTER, q: '12' })).toBe(true);
  });

  it('a scanned code matches the order with exactly that number, with or without #', () => {
    const candidates = [order('#1001'), order('#10011'), order('A-7')];
    expect(exactMatch('1001', candidates)?.orderNumber).toBe('#1001');
    expect(exactMatch('#1001', candidates)?.orderNumber).toBe('#1001');
    expect(exactMatch('a-7', candidates)?.orderNumber).toBe('A-7');
    expect(exactMatch('100', candidates)).toBeUndefined();
    expect(exactMatch('', candidates)).toBeUndefined();
  });

  it('an ambiguous code (same number in two teams) matches nothing, so the operator picks', () => {
    expect(exactMatch('5', [order('#5', 'a'), order('#5', 'b')])).toBeUndefined();
  });

  it('names the pages that cover a range of rows', () => {
    expect(pagesFor(0, 99, 100)).toEqual([0]);
    expect(pagesFor(95, 230, 100)).toEqual([0, 1, 2]);
    expect(pagesFor(5, 4, 100)).toEqual([]);
  });
});
