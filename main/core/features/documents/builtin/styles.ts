/** The look the built-in templates share: a clean, print-first sheet in black and greys. */
export const BASE_CSS = `
.doc { font-family: "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif; font-size: 9.5pt; line-height: 1.4; color: #111; overflow-wrap: anywhere; }
.doc * { box-sizing: border-box; }
.head { display: flex; justify-content: space-between; align-items: flex-start; gap: 8mm; border-bottom: 2px solid #111; padding-bottom: 4mm; margin-bottom: 5mm; }
.shop { font-size: 17pt; font-weight: 700; letter-spacing: -0.01em; }
.brand { display: flex; align-items: center; gap: 4mm; min-width: 0; }
.brand .logo { display: block; max-height: 16mm; max-width: 40mm; object-fit: contain; }
.doc-title { margin-top: 1mm; font-size: 8.5pt; font-weight: 600; text-transform: uppercase; letter-spacing: 0.14em; color: #555; }
.code { text-align: right; min-width: 0; max-width: 65%; }
.code svg.barcode { display: block; width: 62mm; height: 13mm; margin-left: auto; }
/* A QR code (an order number Code 128 cannot carry) is square, large enough to scan. */
.code svg.barcode-qrcode, .code svg.barcode-datamatrix { width: 24mm; height: 24mm; }
.code .num { margin-top: 1mm; font-size: 13pt; font-weight: 700; }
.meta { display: grid; grid-template-columns: repeat(4, 1fr); gap: 4mm; margin: 0 0 5mm; }
.meta div { border-left: 2px solid #ddd; padding-left: 2.5mm; }
.label { display: block; font-size: 7pt; font-weight: 600; text-transform: uppercase; letter-spacing: 0.1em; color: #666; }
.value { font-weight: 600; }
.addresses { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin-bottom: 6mm; }
.addresses.three { grid-template-columns: 1fr 1fr 1fr; gap: 4mm; }
.box .contact { margin-top: 1.5mm; font-size: 8.5pt; color: #333; }
.box { background: #f5f5f4; border-radius: 1.5mm; padding: 3mm 4mm; }
.box .label { margin-bottom: 1mm; }
.box .addr { font-size: 10pt; }
table.items { width: 100%; border-collapse: collapse; }
table.items th { text-align: left; font-size: 7pt; font-weight: 600; text-transform: uppercase; letter-spacing: 0.1em; color: #555; border-bottom: 1.5px solid #111; padding: 1.5mm 2mm; }
table.items td { padding: 2mm; border-bottom: 1px solid #e2e2e2; vertical-align: middle; }
table.items tr { break-inside: avoid; }
/* The header repeats on every page of a long table; this row in it names the order, so a continuation page is never anonymous. */
table.items th.running { text-align: right; text-transform: none; letter-spacing: 0; font-weight: 400; color: #888; border-bottom: 0; padding: 0 2mm 1mm; }
table.items .r { text-align: right; white-space: nowrap; }
table.items .c { text-align: center; }
table.items .sku { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 8.5pt; }
table.items .name { font-weight: 600; }
table.items .variant { color: #666; font-size: 8pt; }
.thumb { width: 12mm; height: 12mm; object-fit: cover; border: 1px solid #e2e2e2; border-radius: 1mm; display: block; }
.check { display: inline-block; width: 4mm; height: 4mm; border: 1.2px solid #111; border-radius: 0.6mm; }
.qty { font-size: 11pt; font-weight: 700; }
.totals { margin: 4mm 0 0 auto; width: 70mm; border-collapse: collapse; }
.totals td { padding: 1mm 2mm; }
.totals td:last-child { text-align: right; }
.totals .grand td { border-top: 1.5px solid #111; font-weight: 700; font-size: 11pt; padding-top: 2mm; }
.note { margin-top: 6mm; border: 1px solid #d4d4d4; border-left: 3px solid #111; border-radius: 1mm; padding: 3mm 4mm; white-space: pre-wrap; break-inside: avoid; }
.vars { margin-top: 4mm; display: flex; flex-wrap: wrap; gap: 2mm 6mm; font-size: 8.5pt; }
.tags { margin-top: 2mm; }
.tag { display: inline-block; border: 1px solid #bbb; border-radius: 10mm; padding: 0 2mm; font-size: 7.5pt; margin-right: 1mm; }
.foot { margin-top: 8mm; padding-top: 3mm; border-top: 1px solid #e2e2e2; font-size: 8pt; color: #666; text-align: center; }
`;

/** The ship-to/bill-to pair, the order facts and the items: shared by slips and invoices. */
export const VARIABLES_BLOCK = `{%- if other_variables.size > 0 or order.tags.size > 0 -%}
<div class="vars">
  {%- for entry in other_variables %}<span><span class="label">{{ entry[0] }}</span>{{ entry[1] }}</span>{% endfor -%}
</div>
{%- if order.tags.size > 0 %}<div class="tags">{% for t in order.tags %}<span class="tag">{{ t.label }}</span>{% endfor %}</div>{% endif -%}
{%- endif -%}`;

/** The shop's logo (when it has one) beside its name as printed, and the document's title. */
export const BRAND_BLOCK = `<div class="brand">
      {%- if shop.logo %}<img class="logo" src="{{ shop.logo }}" alt="">{% endif -%}
      <div><div class="shop" dir="auto">{{ shop.name }}</div><div class="doc-title">{{ title | t }}</div></div>
    </div>`;
