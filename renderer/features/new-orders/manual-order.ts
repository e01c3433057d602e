/** The manual order form's state and how it becomes the order body the station takes. */
export interface ManualItem {
  name: string;
  quantity: string;
  sku: string;
  price: string;
}

export interface ManualForm {
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  address1: string;
  address2: string;
  postalCode: string;
  city: string;
  country: string;
  currency: string;
  note: string;
  tags: string;
  items: ManualItem[];
}

export const emptyItem = (): ManualItem => ({ name: '', quantity: '1', sku: '', price: '' });

export const emptyForm = (): ManualForm => ({
  orderNumber: '',
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  address1: '',
  address2: '',
  postalCode: '',
  city: '',
  country: '',
  currency: 'EUR',
  note: '',
  tags: '',
  items: [emptyItem()],
});

const clean = <T extends Record<string, unknown>>(value: T): Partial<T> | undefined => {
  const entries = Object.entries(value).filter(([, v]) => v !== '' && v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as Partial<T>) : undefined;
};

/** Empty fields are left out; blank item rows are dropped; numbers are parsed. */
export function toOrderBody(form: ManualForm) {
  const name = { firstName: form.firstName.trim(), lastName: form.lastName.trim() };
  const lineItems = form.items
    .filter((item) => item.name.trim())
    .map((item) => ({
      name: item.name.trim(),
      quantity: Number(item.quantity || '1'),
      ...(item.sku.trim() ? { sku: item.sku.trim() } : {}),
      ...(item.price.trim() ? { price: { amount: Number(item.price.replace(',', '.')), currency: form.currency.trim() } } : {}),
    }));
  const tags = form.tags.split(',').map((label) => label.trim()).filter(Boolean);
  return {
    orderNumber: form.orderNumber.trim(),
    customer: clean({ ...name, email: form.email.trim() }),
    shippingAddress: clean({
      ...name,
      company: form.company.trim(),
      address1: form.address1.trim(),
      address2: form.address2.trim(),
      postalCode: form.postalCode.trim(),
      city: form.city.trim(),
      country: form.country.trim(),
    }),
    ...(form.note.trim() ? { note: form.note.trim() } : {}),
    lineItems,
    ...(tags.length ? { tags: tags.map((label) => ({ label })) } : {}),
  };
}
