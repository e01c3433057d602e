/** 4×6 in shipping label: sender, a large ship-to block, the order barcode and the contents. */
export const SHIPPING_LABEL = `<style>
.label4x6 { font-family: "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif; color: #000; font-size: 8pt; line-height: 1.3;
  border: 2px solid #000; height: calc(152.4mm - 8mm); display: flex; flex-direction: column; box-sizing: border-box; }
.label4x6 > section { padding: 2.5mm 3mm; border-bottom: 2px solid #000; }
.label4x6 .from { font-size: 7.5pt; }
.label4x6 .cap { display: block; font-size: 6.5pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.12em; margin-bottom: 0.8mm; }
.label4x6 .to { flex: 0 0 auto; padding: 4mm 4mm 5mm; }
.label4x6 .to .addr { font-size: 13pt; font-weight: 700; line-height: 1.25; }
.label4x6 .bar { text-align: center; }
.label4x6 .bar svg.barcode { display: block; width: 80mm; height: 20mm; margin: 0 auto; }
.label4x6 .bar .num { font-size: 13pt; font-weight: 700; margin-top: 1mm; }
.label4x6 .contents { flex: 1 1 auto; border-bottom: none; overflow: hidden; }
.label4x6 table { width: 100%; border-collapse: collapse; font-size: 7.5pt; }
.label4x6 td { padding: 0.4mm 0; vertical-align: top; }
.label4x6 td.q { width: 10mm; font-weight: 700; }
.label4x6 td.s { font-family: "DejaVu Sans Mono", Menlo, monospace; text-align: right; }
.label4x6 .note { margin-top: 1.5mm; padding-top: 1.5mm; border-top: 1px dashed #000; white-space: pre-wrap; }
</style>
<div class="label4x6">
  <section class="from"><span class="cap">From</span><strong>{{ team.name }}</strong></section>
  <section class="to"><span class="cap">Ship to</span><div class="addr">{{ shippingAddress | address }}</div></section>
  <section class="bar">{{ order.orderNumber | barcode }}<div class="num">Order {{ order.orderNumber }}</div></section>
  <section class="contents">
    <span class="cap">Contents · {{ order.itemCount }} items</span>
    <table>
    {%- for item in order.lineItems %}<tr><td class="q">{{ item.quantity }}×</td><td>{{ item.name }}</td><td class="s">{{ item.sku }}</td></tr>{% endfor -%}
    </table>
    {%- if note != blank %}<div class="note"><span class="cap">Note</span>{{ note }}</div>{% endif %}
  </section>
</div>
`;
