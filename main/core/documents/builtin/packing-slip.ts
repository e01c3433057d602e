import { BASE_CSS, VARIABLES_BLOCK } from './styles';

/** Packing slip (A4 and Letter share the body): what to pack, checked off line by line. */
export const PACKING_SLIP = `<style>${BASE_CSS}</style>
<div class="doc packing-slip">
  <div class="head">
    <div>
      <div class="shop">{{ team.name }}</div>
      <div class="doc-title">Packing slip</div>
    </div>
    <div class="code">
      {{ order.orderNumber | barcode }}
      <div class="num">Order {{ order.orderNumber }}</div>
    </div>
  </div>

  <div class="meta">
    <div><span class="label">Order date</span><span class="value">{{ order.orderDate | format_date: 'long' }}</span></div>
    <div><span class="label">Printed</span><span class="value">{{ print_date | format_date: 'medium' }}</span></div>
    <div><span class="label">Items</span><span class="value">{{ order.itemCount }}</span></div>
    <div><span class="label">Customer</span><span class="value">{{ customer.firstName }} {{ customer.lastName }}</span></div>
  </div>

  <div class="addresses">
    <div class="box"><span class="label">Ship to</span><div class="addr">{{ shippingAddress | address }}</div></div>
    <div class="box"><span class="label">Bill to</span><div class="addr">{{ billingAddress | address }}</div></div>
  </div>

  {%- assign images = order.lineItems | map: 'image_url' | compact -%}
  <table class="items">
    <thead><tr><th class="running" colspan="{% if images.size > 0 %}6{% else %}5{% endif %}">Order {{ order.orderNumber }} · packing slip</th></tr><tr><th class="c">✓</th>{% if images.size > 0 %}<th></th>{% endif %}<th>Item</th><th>SKU</th><th class="r">Price</th><th class="r">Qty</th></tr></thead>
    <tbody>
    {%- for item in order.lineItems %}
      <tr>
        <td class="c"><span class="check"></span></td>
        {% if images.size > 0 %}<td>{% if item.image_url %}<img class="thumb" src="{{ item.image_url }}" alt="">{% endif %}</td>{% endif %}
        <td><div class="name">{{ item.name }}</div>{% if item.variant.title %}<div class="variant">{{ item.variant.title }}</div>{% endif %}</td>
        <td class="sku">{{ item.sku }}</td>
        <td class="r">{{ item.price | money }}</td>
        <td class="r qty">{{ item.quantity }}</td>
      </tr>
    {%- endfor %}
    </tbody>
  </table>

  <table class="totals">
    {%- if order.subtotal %}<tr><td>Subtotal</td><td>{{ order.subtotal | money }}</td></tr>{% endif %}
    {%- if order.orderTotal %}<tr class="grand"><td>Total</td><td>{{ order.orderTotal | money }}</td></tr>{% endif %}
  </table>

  {%- if note != blank %}
  <div class="note"><span class="label">Note</span>{{ note }}</div>
  {%- endif %}
  ${VARIABLES_BLOCK}

  <div class="foot">{{ team.name }} · Order {{ order.orderNumber }} · Thank you for your order</div>
</div>
`;
