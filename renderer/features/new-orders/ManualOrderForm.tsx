import { useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { TeamSelect } from '../../app/station-info';
import { ErrorBanner, ExplainedButton } from '../../components/ui';
import { emptyForm, emptyItem, toOrderBody, type ManualForm, type ManualItem } from './manual-order';

/** An order typed in by hand (source `web`), e.g. for a phone order or a replacement. */
export function ManualOrderForm() {
  const [teamId, setTeamId] = useState('');
  const [form, setForm] = useState<ManualForm>(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ orderNumber: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: Exclude<keyof ManualForm, 'items'>, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} {...props} />
    </label>
  );
  const setItem = (index: number, patch: Partial<ManualItem>) =>
    setForm({ ...form, items: form.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const order = await answer(dashboard.POST('/admin/api/orders/manual', { body: { teamId, order: toOrderBody(form) } }));
      setDone({ orderNumber: order.orderNumber, key: order.orderKeys[0]! });
      setForm(emptyForm());
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card form-grid"
      aria-label="New order"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>Type an order</h2>
      <div className="row">
        <label>
          Team
          <TeamSelect value={teamId} onChange={setTeamId} needs="operator" />
        </label>
        {field('orderNumber', 'Order number', { required: true, placeholder: 'e.g. PHONE-1042' })}
      </div>
      <div className="row">
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
        {field('email', 'Email', { type: 'email' })}
      </div>
      <div className="row">
        {field('company', 'Company')}
        {field('address1', 'Address')}
        {field('address2', 'Address line 2')}
      </div>
      <div className="row">
        {field('postalCode', 'Postal code')}
        {field('city', 'City')}
        {field('country', 'Country', { placeholder: 'GB', maxLength: 100 })}
      </div>
      <h3>Items</h3>
      {form.items.map((item, index) => (
        <div className="row item-row" key={index}>
          <label>
            Item
            <input value={item.name} onChange={(event) => setItem(index, { name: event.target.value })} placeholder="Product name" />
          </label>
          <label className="narrow">
            Qty
            <input type="number" min={0} value={item.quantity} onChange={(event) => setItem(index, { quantity: event.target.value })} />
          </label>
          <label>
            SKU
            <input value={item.sku} onChange={(event) => setItem(index, { sku: event.target.value })} />
          </label>
          <label className="narrow">
            Price
            <input inputMode="decimal" value={item.price} onChange={(event) => setItem(index, { price: event.target.value })} />
          </label>
        </div>
      ))}
      <div className="row">
        <button type="button" className="button button-ghost" onClick={() => setForm({ ...form, items: [...form.items, emptyItem()] })}>
          + Add item
        </button>
        {field('currency', 'Currency', { maxLength: 3, className: 'narrow' })}
      </div>
      <div className="row">
        {field('tags', 'Tags (comma separated)', { placeholder: 'express, gift' })}
        {field('note', 'Note')}
      </div>
      <ErrorBanner error={error} />
      {done && (
        <div className="banner banner-success" role="status">
          <span>
            Order {done.orderNumber} created (key <code>{done.key}</code>). It is in the Orders list.
          </span>
        </div>
      )}
      <div>
        <ExplainedButton type="submit" className="button button-primary" disabled={busy} why={!teamId ? 'Choose a team first.' : !form.orderNumber.trim() ? 'Enter an order number first.' : null}>
          Create order
        </ExplainedButton>
      </div>
    </form>
  );
}
