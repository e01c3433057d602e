import { BASE_CSS, BRAND_BLOCK, VARIABLES_BLOCK } from './styles';

/**
 * Packing slip (A4 and Letter share the body): what to pack, checked off line by line. A gift
 * order's slip (tag `gift` or `variables.gift`) travels in the parcel: it shows no prices.
 */
export const PACKING_SLIP = `<style>${BASE_CSS}</style>
{%- assign title = 'packing_slip' -%}
{%- assign prices = true -%}{%- if order.gift -%}{%- assign prices = false -%}{%- endif -%}
<div class="doc packing-slip">
  <div class="head">
    ${BRAND_BLOCK}
    <div class="code">
      {{ order.orderNumber | barcode }}
      <div class="num" dir="auto">{{ 'order_n' | t: order.orderNumber }}</div>
    </div>
  </div>

  <div class="meta">
    <div><span class="label">{{ 'order_date' | t }}</span><span class="value">{{ order.orderDate | format_date: 'long' }}</span></div>
    <div><span class="label">{{ 'printed' | t }}</span><span class="value">{{ print_date | format_date: 'medium' }}</span></div>
    <div><span class="label">{{ 'items' | t }}</span><span class="value">{{ order.itemCount }}</span></div>
    <div><span class="label">{{ 'customer' | t }}</span><span class="value" dir="auto">{{ customer.firstName }} {{ customer.lastName }}</span></div>
  </div>

  <div class="addresses">
    <div class="box"><span class="label">{{ 'ship_to' | t }}</span><div class="addr" dir="auto">{{ shippingAddress | address }}</div></div>
    <div class="box"><span class="label">{{ 'bill_to' | t }}</span><div class="addr" dir="auto">{{ billingAddress | address }}</div></div>
  </div>

  {%- assign images = order.lineItems | map: 'image_url' | compact -%}
  <table class="items">
    <thead><tr><th class="running" colspan="{% if images.size > 0 %}6{% else %}5{% endif %}">{{ 'packing_slip_running' | t: order.orderNumber }}</th></tr><tr><th class="c">✓</th>{% if images.size > 0 %}<th></th>{% endif %}<th>{{ 'item' | t }}</th><th>{{ 'sku' | t }}</th>{% if prices %}<th class="r">{{ 'price' | t }}</th>{% endif %}<th class="r">{{ 'qty' | t }}</th></tr></thead>
    <tbody>
    {%- for item in order.lineItems %}
      <tr>
        <td class="c"><span class="check"></span></td>
        {% if images.size > 0 %}<td>{% if item.image_url %}<img class="thumb" src="{{ item.image_url }}" alt="">{% endif %}</td>{% endif %}
        <td><div class="name" dir="auto">{{ item.name }}</div>{% if item.variant.title %}<div class="variant">{{ item.variant.title }}</div>{% endif %}</td>
        <td class="sku">{{ item.sku }}</td>
        {% if prices %}<td class="r">{{ item.price | money }}</td>{% endif %}
        <td class="r qty">{{ item.quantity }}</td>
      </tr>
    {%- endfor %}
    </tbody>
  </table>

  {%- if prices %}
  <table class="totals">
    {%- if order.subtotal %}<tr><td>{{ 'subtotal' | t }}</td><td>{{ order.subtotal | money }}</td></tr>{% endif %}
    {%- if order.orderTotal %}<tr class="grand"><td>{{ 'total' | t }}</td><td>{{ order.orderTotal | money }}</td></tr>{% endif %}
  </table>
  {%- endif %}

  {%- if note != blank %}
  <div class="note" dir="auto"><span class="label">{{ 'note' | t }}</span>{{ note }}</div>
  {%- endif %}
  ${VARIABLES_BLOCK}

  <div class="foot">{{ shop.name }} · {{ 'order_n' | t: order.orderNumber }} · {{ 'thank_you_order' | t }}</div>
</div>
`;
