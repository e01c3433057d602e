export type OrderStatus = 'ready' | 'printed' | 'ignored';

export interface Tag {
  id: string;
  label: string;
  color: string;
}

export interface OrderSummary {
  id: string;
  teamId: string;
  teamName: string;
  orderNumber: string;
  orderDate: string;
  status: OrderStatus;
  customerName: string | null;
  itemCount: number;
  tags: Tag[];
  sources: string[];
  createdAt: string;
  updatedAt: string;
}

export interface OrderPage {
  total: number;
  offset: number;
  orders: OrderSummary[];
}

interface Price {
  amount: number;
  currency: string;
}

interface Address {
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

export interface OrderDetail {
  id: string;
  teamId: string;
  status: OrderStatus;
  orderNumber: string;
  orderDate: string;
  note?: string;
  customer?: { firstName?: string; lastName?: string; email?: string };
  shippingAddress?: Address;
  billingAddress?: Address;
  lineItems: { name: string; quantity: number; sku?: string; price?: Price }[];
  orderTotal?: Price;
  variables?: Record<string, unknown>;
  overrides?: { template?: string; printer?: string; tray?: string };
  createdAt: string;
  updatedAt: string;
  team: { id: string; name: string; type: string; status: string };
  orderKeys: string[];
  tags: Tag[];
  sources: { source: string; sourceId: string; receivedAt: string; updatedAt: string; payload: unknown }[];
  history: { status: string; reason: string; at: string }[];
}

export interface OrderFilter {
  q: string;
  status: string;
  tag: string;
  source: string;
  team: string;
}

export const EMPTY_FILTER: OrderFilter = { q: '', status: '', tag: '', source: '', team: '' };
