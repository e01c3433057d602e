/** 4×6 in shipping label: sender, a large ship-to block, the order barcode and the contents. */
export const SHIPPING_LABEL = `<style>
.label4x6 { font-family: "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif; color: #000; font-size: 8pt; line-height: 1.3;
  border: 2px solid #000; height: calc(152.4mm - 8mm); overflow-wrap: anywhere; display: flex; flex-direction: column; box-sizing: border-box; }
.label4x6 > section { padding: 2.5mm 3mm; border-bottom: 2px solid #000; }
.label4x6 .from { font-size: 7.5pt; }
.label4x6 .cap { display: block; font-size: 6.5pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.12em; margin-bottom: 0.8mm; }
.label4x6 .to { flex: 0 0 auto; padding: 4mm 4mm 5mm; }
.label4x6 .to .addr { font-size: 13pt; font-weight: 700; line-height: 1.25; }
/* Long addresses shrink rather than run off the label: every word must stay readable. */
.label4x6 .to .addr.long { font-size: 9pt; }
.label4x6 .to .addr.longer { font-size: 6.5pt; line-height: 1.15; font-weight: 400; }
.label4x6 .to .addr.longest { font-size: 5pt; line-height: 1.1; font-weight: 400; }
.label4x6 .bar { text-align: center; }
.label4x6 .bar svg.barcode { display: block; width: 80mm; height: 20mm; margin: 0 auto; }
.label4x6 .bar svg.barcode-qrcode, .label4x6 .bar svg.barcode-datamatrix { width: 26mm; height: 26mm; }
.label4x6 .bar .num { font-size: 13pt; font-weight: 700; margin-top: 1mm; }
.label4x6 .contents { flex: 1 1 auto; border-bottom: none; overflow: hidden; }
.label4x6 table { width: 100%; border-collapse: collapse; font-size: 7.5pt; }
.label4x6 td { padding: 0.4mm 0; vertical-align: top; }
.label4x6 td.q { width: 10mm; font-weight: 700; }
.label4x6 td.s { font-family: "DejaVu Sans Mono", Menlo, monospace; text-align: right; }
.label4x6 .note { margin-top: 1.5mm; padding-top: 1.5mm; border-top: 1px dashed #000; white-space: pre-wrap; }
</style>
<div class="label4x6">
  <section class="from"><span class="cap">{{ 'from' | t }}</span><strong>{{ team.name }}</strong></section>
  {%- assign ship_to = shippingAddress | address_lines -%}{%- assign address_size = ship_to | join: ' ' | size -%}
  <section class="to"><span class="cap">{{ 'ship_to' | t }}</span><div class="addr{% if address_size > 900 %} longest{% elsif address_size > 300 %} longer{% elsif address_size > 110 %} long{% endif %}" dir="auto">{% for line in ship_to %}{{ line }}{% unless forloop.last %}<br>{% endunless %}{% endfor %}</div></section>
  <section class="bar">{{ order.orderNumber | barcode }}<div class="num" dir="auto">{{ 'order_n' | t: order.orderNumber }}</div></section>
  <section class="contents">
    <span class="cap">{{ 'contents_n_items' | t: order.itemCount }}</span>
    <table>
    {%- for item in order.lineItems %}<tr><td class="q">{{ item.quantity }}×</td><td dir="auto">{{ item.name }}</td><td class="s">{{ item.sku }}</td></tr>{% endfor -%}
    </table>
    {%- if note != blank %}<div class="note" dir="auto"><span class="cap">{{ 'note' | t }}</span>{{ note }}</div>{% endif %}
  </section>
</div>
`;
