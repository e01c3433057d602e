// The shapes the admin API answers with, as its description gives them (app/dashboard-api.gen.ts).
import type { Schemas } from '../../app/api';

export type OrderSummary = Schemas['OrderPage']['orders'][number];
export type OrderStatus = OrderSummary['status'];
export type Tag = OrderSummary['tags'][number];
export type OrderPage = Schemas['OrderPage'];

/** The order detail as JSON carries it. */
export type OrderDetail = Schemas['OrderDetail'];

export interface OrderFilter {
  q: string;
  status: string;
  tag: string;
  source: string;
  team: string;
  /** A bench's id: only the orders printed at it. */
  bench: string;
}

export const EMPTY_FILTER: OrderFilter = { q: '', status: '', tag: '', source: '', team: '', bench: '' };
