import { BASE_CSS, VARIABLES_BLOCK } from './styles';

/** Invoice: the order's prices, line totals and total, addressed to the bill-to party. */
export const INVOICE = `<style>${BASE_CSS}
.invoice .shop { font-size: 20pt; }
.invoice .doc-title { font-size: 11pt; color: #111; }
</style>
<div class="doc invoice">
  <div class="head">
    <div>
      <div class="shop">{{ team.name }}</div>
      <div class="doc-title">Invoice</div>
    </div>
    <div class="code">
      {{ order.orderNumber | barcode }}
      <div class="num">Invoice {{ order.orderNumber }}</div>
    </div>
  </div>

  <div class="meta">
    <div><span class="label">Invoice number</span><span class="value">{{ order.orderNumber }}</span></div>
    <div><span class="label">Order date</span><span class="value">{{ order.orderDate | format_date: 'long' }}</span></div>
    <div><span class="label">Invoice date</span><span class="value">{{ print_date | format_date: 'long' }}</span></div>
    <div><span class="label">Customer</span><span class="value">{{ customer.email | default: customer.firstName }}</span></div>
  </div>

  <div class="addresses">
    <div class="box"><span class="label">Bill to</span><div class="addr">{{ billingAddress | address }}</div></div>
    <div class="box"><span class="label">Ship to</span><div class="addr">{{ shippingAddress | address }}</div></div>
  </div>

  {%- assign images = order.lineItems | map: 'image_url' | compact -%}
  <table class="items">
    <thead><tr><th class="running" colspan="{% if images.size > 0 %}6{% else %}5{% endif %}">Order {{ order.orderNumber }} · invoice</th></tr><tr>{% if images.size > 0 %}<th></th>{% endif %}<th>Description</th><th>SKU</th><th class="r">Unit price</th><th class="r">Qty</th><th class="r">Amount</th></tr></thead>
    <tbody>
    {%- for item in order.lineItems %}
      <tr>
        {% if images.size > 0 %}<td>{% if item.image_url %}<img class="thumb" src="{{ item.image_url }}" alt="">{% endif %}</td>{% endif %}
        <td><div class="name">{{ item.name }}</div>{% if item.variant.title %}<div class="variant">{{ item.variant.title }}</div>{% endif %}</td>
        <td class="sku">{{ item.sku }}</td>
        <td class="r">{{ item.price | money }}</td>
        <td class="r">{{ item.quantity }}</td>
        <td class="r">{{ item.total | money }}</td>
      </tr>
    {%- endfor %}
    </tbody>
  </table>

  <table class="totals">
    {%- if order.subtotal %}<tr><td>Subtotal</td><td>{{ order.subtotal | money }}</td></tr>{% endif %}
    {%- if order.orderTotal %}<tr class="grand"><td>Total due</td><td>{{ order.orderTotal | money }}</td></tr>{% endif %}
  </table>

  {%- if note != blank %}
  <div class="note"><span class="label">Note</span>{{ note }}</div>
  {%- endif %}
  ${VARIABLES_BLOCK}

  <div class="foot">{{ team.name }} · Order {{ order.orderNumber }} · Thank you for your business.</div>
</div>
`;
