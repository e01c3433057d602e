/**
 * 4×6 in shipping label: the shop's return address, a large ship-to block, the order barcode
 * and the contents. Every block has a fixed height, so the contents area holds a known number
 * of one-line rows: as many items as fit are listed, then "and N more" (a row is never cut).
 */
export const SHIPPING_LABEL = `<style>
.label4x6 { font-family: "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif; color: #000; font-size: 8pt; line-height: 1.3;
  border: 2px solid #000; height: calc(152.4mm - 8mm); overflow-wrap: anywhere; display: flex; flex-direction: column; box-sizing: border-box; }
.label4x6 > section { padding: 2.5mm 3mm; border-bottom: 2px solid #000; overflow: hidden; box-sizing: border-box; flex: 0 0 auto; }
.label4x6 .from { height: 22mm; font-size: 7pt; line-height: 1.25; }
.label4x6 .from .return { font-size: 6.5pt; }
.label4x6 .cap { display: block; font-size: 6.5pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.12em; margin-bottom: 0.8mm; }
.label4x6 .to { min-height: 44mm; padding: 3mm 4mm; }
.label4x6 .to .addr { font-size: 13pt; font-weight: 700; line-height: 1.25; }
/* Long addresses shrink rather than run off the label: every word must stay readable. */
.label4x6 .to .addr.long { font-size: 9pt; }
.label4x6 .to .addr.longer { font-size: 6.5pt; line-height: 1.15; font-weight: 400; }
.label4x6 .to .addr.longest { font-size: 5pt; line-height: 1.1; font-weight: 400; }
.label4x6 .bar { height: 31mm; text-align: center; }
.label4x6 .bar svg.barcode { display: block; width: 80mm; height: 19mm; margin: 0 auto; }
.label4x6 .bar svg.barcode-qrcode, .label4x6 .bar svg.barcode-datamatrix { width: 19mm; height: 19mm; }
.label4x6 .bar .num { font-size: 13pt; font-weight: 700; margin-top: 1mm; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.label4x6 .contents { flex: 1 1 auto; border-bottom: none; }
.label4x6 table { width: 100%; border-collapse: collapse; font-size: 7.5pt; table-layout: fixed; }
/* One line a row: the capacity below counts rows of this height (7.5pt × 1.3 + 0.8mm). */
.label4x6 td { padding: 0.4mm 0; vertical-align: top; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.label4x6 td.q { width: 10mm; font-weight: 700; }
.label4x6 td.s { width: 24mm; font-family: "DejaVu Sans Mono", Menlo, monospace; text-align: right; }
.label4x6 .more { font-weight: 700; padding-top: 0.4mm; }
.label4x6 .note { margin-top: 1.5mm; padding-top: 1.5mm; border-top: 1px dashed #000; white-space: pre-wrap; max-height: 12mm; overflow: hidden; }
</style>
{%- comment -%}
  Rows the contents area holds (about 36 mm of 4.2 mm rows): 8; 5 under a note (at most
  12 mm of it); 3 when an address so long (over 1,000 characters) that it may grow the
  ship-to block.
{%- endcomment -%}
{%- assign ship_to = shippingAddress | address_lines -%}{%- assign address_size = ship_to | join: ' ' | size -%}
{%- assign capacity = 8 -%}{%- if note != blank -%}{%- assign capacity = 5 -%}{%- endif -%}{%- if address_size > 1000 -%}{%- assign capacity = 3 -%}{%- endif -%}
{%- assign shown = capacity -%}{%- if order.lineItems.size > capacity -%}{%- assign shown = capacity | minus: 1 -%}{%- endif -%}
<div class="label4x6">
  <section class="from"><span class="cap">{{ 'from' | t }}</span><strong dir="auto">{{ shop.name }}</strong>
    {%- assign return_lines = shop.returnAddress | address_lines -%}
    {%- if return_lines.size > 0 %}<div class="return" dir="auto">{% for line in return_lines %}{{ line }}{% unless forloop.last %}<br>{% endunless %}{% endfor %}</div>{% endif -%}
  </section>
  <section class="to"><span class="cap">{{ 'ship_to' | t }}</span><div class="addr{% if address_size > 700 %} longest{% elsif address_size > 240 %} longer{% elsif address_size > 100 %} long{% endif %}" dir="auto">{% for line in ship_to %}{{ line }}{% unless forloop.last %}<br>{% endunless %}{% endfor %}</div>{% if variables.phone %}<div dir="auto">{{ variables.phone }}</div>{% endif %}</section>
  <section class="bar">{{ order.orderNumber | barcode }}<div class="num" dir="auto">{{ 'order_n' | t: order.orderNumber }}</div></section>
  <section class="contents">
    <span class="cap">{{ 'contents_n_items' | t: order.itemCount }}</span>
    <table>
    {%- for item in order.lineItems limit: shown %}<tr><td class="q">{{ item.quantity }}×</td><td dir="auto">{{ item.name }}</td><td class="s">{{ item.sku }}</td></tr>{% endfor -%}
    </table>
    {%- if order.lineItems.size > shown -%}
      {%- assign hidden = 0 -%}{%- for item in order.lineItems offset: shown -%}{%- assign hidden = hidden | plus: item.quantity -%}{%- endfor -%}
      <div class="more" dir="auto">{{ 'and_n_more' | t: hidden }}</div>
    {%- endif -%}
    {%- if note != blank %}<div class="note" dir="auto"><span class="cap">{{ 'note' | t }}</span>{{ note }}</div>{% endif %}
  </section>
</div>
`;
