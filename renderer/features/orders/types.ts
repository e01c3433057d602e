// The shapes the admin API answers with, taken from the core that builds them (type-only
// imports: nothing of the core is bundled into the dashboard).
import type { OrderSummary, orderDetail } from '../../../main/core/http/admin/answers';

export type { OrderStatus, Tag } from '../../../main/core/http/admin/answers';
export type { OrderSummary };

export interface OrderPage {
  total: number;
  /** `total` is a lower bound: a search matched more orders than the station counts (the list shows the newest). */
  totalCapped: boolean;
  offset: number;
  orders: OrderSummary[];
}

/** The order detail as JSON carries it. */
export type OrderDetail = ReturnType<typeof orderDetail>;

export interface OrderFilter {
  q: string;
  status: string;
  tag: string;
  source: string;
  team: string;
}

export const EMPTY_FILTER: OrderFilter = { q: '', status: '', tag: '', source: '', team: '' };
