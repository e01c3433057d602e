/**
 * 4×6 in shipping label in ZPL II for thermal printers at 203 dpi (812 × 1218 dots), printed
 * raw. `^CI28`: field data is UTF-8, so Cyrillic, CJK and Hebrew names reach the printer as
 * sent (it needs a Unicode font, e.g. Zebra's `^CW` with a TrueType font; the built-in fonts
 * print Latin only). Every `{{ }}` is escaped for ZPL field data (`^FH`: `_`, `^`, `~` as
 * hex), so an order's text can never end a field or start a command.
 */
export const SHIPPING_LABEL_ZPL = `^XA
^CI28
^PW812
^LL1218
^LH0,0
^FO30,30^GB752,1158,4^FS
^FO50,45^A0N,24,24^FH^FD{{ 'from' | t | upcase }}^FS
^FO50,72^A0N,30,30^FB712,1,0,L^FH^FD{{ shop.name }}^FS
^FO50,104^A0N,22,22^FB712,1,0,L^FH^FD{{ shop.returnAddress | address_lines | join: ', ' }}^FS
^FO30,130^GB752,4,4^FS
{%- assign ship_to = shippingAddress | address_lines %}
^FO50,150^A0N,28,28^FH^FD{{ 'ship_to' | t | upcase }}^FS
^FO50,190^A0N,44,44^FB712,7,6,L^FH^FD{% for line in ship_to %}{{ line }}{% unless forloop.last %}\\&{% endunless %}{% endfor %}^FS
^FO30,540^GB752,4,4^FS
^FO90,580^BY3,2,200^BCN,200,N,N,N^FH^FD{{ order.orderNumber }}^FS
^FO50,800^A0N,44,44^FB712,1,0,C^FH^FD{{ 'order_n' | t: order.orderNumber }}^FS
^FO30,860^GB752,4,4^FS
^FO50,880^A0N,28,28^FH^FD{{ 'contents_n_items' | t: order.itemCount | upcase }}^FS
{%- assign shown = 8 -%}{%- if order.lineItems.size > 8 -%}{%- assign shown = 7 -%}{%- endif %}
^FO50,920^A0N,30,30^FB712,8,4,L^FH^FD{% for item in order.lineItems limit: shown %}{{ item.quantity }} x {{ item.name | truncate: 44 }}{% if item.sku %} ({{ item.sku }}){% endif %}{% unless forloop.last %}\\&{% endunless %}{% endfor %}
{%- if order.lineItems.size > shown -%}
  {%- assign hidden = 0 -%}{%- for item in order.lineItems offset: shown -%}{%- assign hidden = hidden | plus: item.quantity -%}{%- endfor -%}
  \\&{{ 'and_n_more' | t: hidden }}
{%- endif %}^FS
^XZ
`;
