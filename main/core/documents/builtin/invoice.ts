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
      <div class="doc-title">{{ 'invoice' | t }}</div>
    </div>
    <div class="code">
      {{ order.orderNumber | barcode }}
      <div class="num" dir="auto">{{ 'invoice_n' | t: order.orderNumber }}</div>
    </div>
  </div>

  <div class="meta">
    <div><span class="label">{{ 'invoice_number' | t }}</span><span class="value">{{ order.orderNumber }}</span></div>
    <div><span class="label">{{ 'order_date' | t }}</span><span class="value">{{ order.orderDate | format_date: 'long' }}</span></div>
    <div><span class="label">{{ 'invoice_date' | t }}</span><span class="value">{{ print_date | format_date: 'long' }}</span></div>
    <div><span class="label">{{ 'customer' | t }}</span><span class="value" dir="auto">{{ customer.email | default: customer.firstName }}</span></div>
  </div>

  <div class="addresses">
    <div class="box"><span class="label">{{ 'bill_to' | t }}</span><div class="addr" dir="auto">{{ billingAddress | address }}</div></div>
    <div class="box"><span class="label">{{ 'ship_to' | t }}</span><div class="addr" dir="auto">{{ shippingAddress | address }}</div></div>
  </div>

  {%- assign images = order.lineItems | map: 'image_url' | compact -%}
  <table class="items">
    <thead><tr><th class="running" colspan="{% if images.size > 0 %}6{% else %}5{% endif %}">{{ 'invoice_running' | t: order.orderNumber }}</th></tr><tr>{% if images.size > 0 %}<th></th>{% endif %}<th>{{ 'description' | t }}</th><th>{{ 'sku' | t }}</th><th class="r">{{ 'unit_price' | t }}</th><th class="r">{{ 'qty' | t }}</th><th class="r">{{ 'amount' | t }}</th></tr></thead>
    <tbody>
    {%- for item in order.lineItems %}
      <tr>
        {% if images.size > 0 %}<td>{% if item.image_url %}<img class="thumb" src="{{ item.image_url }}" alt="">{% endif %}</td>{% endif %}
        <td><div class="name" dir="auto">{{ item.name }}</div>{% if item.variant.title %}<div class="variant">{{ item.variant.title }}</div>{% endif %}</td>
        <td class="sku">{{ item.sku }}</td>
        <td class="r">{{ item.price | money }}</td>
        <td class="r">{{ item.quantity }}</td>
        <td class="r">{{ item.total | money }}</td>
      </tr>
    {%- endfor %}
    </tbody>
  </table>

  <table class="totals">
    {%- if order.subtotal %}<tr><td>{{ 'subtotal' | t }}</td><td>{{ order.subtotal | money }}</td></tr>{% endif %}
    {%- if order.orderTotal %}<tr class="grand"><td>{{ 'total_due' | t }}</td><td>{{ order.orderTotal | money }}</td></tr>{% endif %}
  </table>

  {%- if note != blank %}
  <div class="note" dir="auto"><span class="label">{{ 'note' | t }}</span>{{ note }}</div>
  {%- endif %}
  ${VARIABLES_BLOCK}

  <div class="foot">{{ team.name }} · {{ 'order_n' | t: order.orderNumber }} · {{ 'thank_you_business' | t }}</div>
</div>
`;
