import { EmptyState } from '../../components/ui';

/** The list when it is empty: nothing matches, or nothing has arrived yet. */
export function NoOrders({ filtered }: { filtered: boolean }) {
  if (filtered) return <EmptyState title="No orders match">Change or clear the filters above.</EmptyState>;
  return (
    <EmptyState title="No orders yet">
      Orders posted to <code>POST /api/orders</code> appear here the moment they arrive. Create an API key under Settings,
      or add one by hand under <a href="#/new">New orders</a>.
    </EmptyState>
  );
}
