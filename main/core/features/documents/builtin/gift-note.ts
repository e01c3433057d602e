/** Gift note (A6 landscape card): the message in large type, who it is for, what is inside. */
export const GIFT_NOTE = `<style>
.gift { font-family: Georgia, "DejaVu Serif", "Liberation Serif", serif; color: #1c1917; overflow-wrap: anywhere; height: calc(105mm - 16mm); display: flex; flex-direction: column; box-sizing: border-box;
  border: 1px solid #d6d3d1; border-radius: 2mm; padding: 5mm 7mm; }
.gift .top { display: flex; justify-content: space-between; align-items: flex-start; font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
.gift .shop { font-size: 10pt; font-weight: 700; letter-spacing: 0.02em; }
.gift .kind { font-size: 6.5pt; text-transform: uppercase; letter-spacing: 0.2em; color: #78716c; }
.gift .code { text-align: right; font-size: 7pt; color: #44403c; }
.gift .code svg.barcode { display: block; width: 38mm; height: 8mm; margin-left: auto; }
.gift .code svg.barcode-qrcode, .gift .code svg.barcode-datamatrix { width: 16mm; height: 16mm; }
.gift .for { margin-top: 4mm; font-size: 11pt; font-style: italic; }
.gift .message { flex: 1 1 auto; margin: 2mm 0; font-size: 14pt; line-height: 1.35; white-space: pre-wrap; overflow: hidden; }
.gift .inside .item { white-space: nowrap; }
.gift .inside { font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; font-size: 6.5pt; color: #57534e; border-top: 1px solid #e7e5e4; padding-top: 1.5mm; }
</style>
<div class="gift">
  <div class="top">
    <div><div class="shop" dir="auto">{{ shop.name }}</div><div class="kind">{{ 'gift_for_you' | t }}</div></div>
    <div class="code">{{ order.orderNumber | barcode }}<span dir="auto">{{ 'order_n' | t: order.orderNumber }}</span></div>
  </div>
  {%- assign recipient_last = shippingAddress.lastName | default: customer.lastName -%}
  {%- assign recipient = shippingAddress.firstName | default: customer.firstName | append: ' ' | append: recipient_last | strip -%}
  <div class="for" dir="auto">{{ 'gift_for' | t: recipient }}</div>
  <div class="message" dir="auto">{% if note != blank %}{{ note }}{% else %}{{ 'enjoy_gift' | t }}{% endif %}</div>
  <div class="inside" dir="auto">{{ 'inside' | t }} {% for item in order.lineItems %}<span class="item">{{ item.quantity }}× {{ item.name }} ({{ item.sku }})</span>{% unless forloop.last %} · {% endunless %}{% endfor %}</div>
</div>
`;
