import { BASE_CSS, BRAND_BLOCK, VARIABLES_BLOCK } from './styles';

/**
 * Invoice: the seller (the team's shop profile), the bill-to party, the lines, and the totals
 * the order variables carry: subtotal, shipping, discount, tax, and the total as "Paid" or
 * "Amount due" from the payment status. No note: on a gift order it is the gift message.
 */
export const INVOICE = `<style>${BASE_CSS}
.invoice .shop { font-size: 20pt; }
.invoice .doc-title { font-size: 11pt; color: #111; }
</style>
{%- assign title = 'invoice' -%}
<div class="doc invoice">
  <div class="head">
    ${BRAND_BLOCK}
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

  <div class="addresses three">
    <div class="box seller"><span class="label">{{ 'from' | t }}</span><div class="addr" dir="auto"><strong>{{ shop.name }}</strong>{% if shop.address.address1 or shop.address.city %}<br>{{ shop.address | address }}{% endif %}</div>
      {%- if shop.taxNumber or shop.email or shop.phone or shop.website %}
      <div class="contact" dir="auto">{% if shop.taxNumber %}{{ 'tax_number' | t }}: {{ shop.taxNumber }}<br>{% endif %}{% if shop.email %}{{ shop.email }}<br>{% endif %}{% if shop.phone %}{{ shop.phone }}<br>{% endif %}{{ shop.website }}</div>
      {%- endif %}
    </div>
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

  {%- assign currency = order.orderTotal.currency | default: order.subtotal.currency -%}
  {%- assign subtotal = variables.subtotal | default: order.subtotal -%}
  {%- assign paid_statuses = 'paid,partially_refunded,refunded' | split: ',' -%}
  <table class="totals">
    {%- if subtotal %}<tr><td>{{ 'subtotal' | t }}</td><td>{{ subtotal | money: currency }}</td></tr>{% endif %}
    {%- if variables.shipping %}<tr><td>{{ 'shipping' | t }}{% if variables.shippingMethod %} · {{ variables.shippingMethod }}{% endif %}</td><td>{{ variables.shipping | money: currency }}</td></tr>{% endif %}
    {%- assign discount = variables.discount.amount | default: variables.discount | abs -%}
    {%- if discount > 0 %}<tr><td>{{ 'discount' | t }}{% if variables.discountCode %} ({{ variables.discountCode }}){% endif %}</td><td>−{{ discount | money: currency }}</td></tr>{% endif %}
    {%- if variables.taxes %}<tr><td>{{ 'tax' | t }}</td><td>{{ variables.taxes | money: currency }}</td></tr>{% endif %}
    {%- if order.orderTotal %}<tr class="grand"><td>{% if paid_statuses contains variables.financialStatus %}{{ 'paid' | t }}{% elsif variables.financialStatus %}{{ 'amount_due' | t }}{% else %}{{ 'total' | t }}{% endif %}</td><td>{{ order.orderTotal | money }}</td></tr>{% endif %}
  </table>
  ${VARIABLES_BLOCK}

  <div class="foot">{{ shop.name }}{% if shop.taxNumber %} · {{ 'tax_number' | t }} {{ shop.taxNumber }}{% endif %} · {{ 'order_n' | t: order.orderNumber }} · {{ 'thank_you_business' | t }}</div>
</div>
`;
