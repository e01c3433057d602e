import { answer, ApiError, dashboard, describeError, type RequestBody, type Schemas } from '../../app/api';

export const PAPERS = ['A4', 'A5', 'A6', 'Letter', 'Legal', '4x6in', '4x4in', '62mm-roll'] as const;

/** The Template resource of `/admin/api/teams/{id}/templates`. */
export type Template = Schemas['Template'];

/** The editor's fields; numbers stay strings while typed. */
export interface TemplateDraft {
  name: string;
  tag: string;
  paper: string;
  widthMm: string;
  heightMm: string;
  orientation: 'portrait' | 'landscape';
  margins: { top: string; right: string; bottom: string; left: string };
  body: string;
  /** The base template (the team's own or its 3PL's) this one replaces; '' for none. */
  overridesTemplateId: string;
  /** ZPL templates only: printer commands allowed in the output. */
  printerCommandsAllowed?: boolean;
}

export const NEW_TEMPLATE: TemplateDraft = {
  name: 'New template',
  tag: 'packing-slip',
  paper: 'A4',
  widthMm: '100',
  heightMm: '150',
  orientation: 'portrait',
  margins: { top: '10', right: '10', bottom: '10', left: '10' },
  overridesTemplateId: '',
  body: `<h1>Order {{ order.orderNumber }}</h1>
<p>{{ order.shippingAddress.firstName }} {{ order.shippingAddress.lastName }}<br>
{{ order.shippingAddress.address1 }}, {{ order.shippingAddress.city }}</p>
<table>
  {% for item in order.lineItems %}
  <tr><td>{{ item.quantity }} ×</td><td>{{ item.name }}</td><td>{{ item.sku }}</td></tr>
  {% endfor %}
</table>
`,
};

export function draftOf(template: Template): TemplateDraft {
  const m = template.marginsMm;
  return {
    name: template.name,
    tag: template.tag,
    paper: template.paper.name,
    widthMm: String(template.paper.widthMm),
    heightMm: String(template.paper.heightMm),
    orientation: template.orientation,
    margins: { top: String(m.top), right: String(m.right), bottom: String(m.bottom), left: String(m.left) },
    body: template.body,
    overridesTemplateId: template.overridesTemplateId ?? '',
    ...(template.kind === 'zpl' ? { printerCommandsAllowed: template.printerCommandsAllowed ?? false } : {}),
  };
}

/** The body of a create, update or preview. */
/** A template as a save sends it (`POST …/templates`, `PUT /templates/{id}`). */
type TemplateBody = RequestBody<'/admin/api/teams/{teamId}/templates', 'post'>;

export function templateBody(draft: TemplateDraft): TemplateBody {
  const n = (value: string) => Number(value);
  return {
    name: draft.name,
    tag: draft.tag,
    // A name the station does not know is its to refuse, in words (400 naming the field).
    paper: draft.paper === 'custom' ? { widthMm: n(draft.widthMm), heightMm: n(draft.heightMm) } : (draft.paper as Exclude<TemplateBody['paper'], object | undefined>),
    orientation: draft.orientation,
    marginsMm: { top: n(draft.margins.top), right: n(draft.margins.right), bottom: n(draft.margins.bottom), left: n(draft.margins.left) },
    body: draft.body,
    overridesTemplateId: draft.overridesTemplateId || null,
    ...(draft.printerCommandsAllowed !== undefined ? { printerCommandsAllowed: draft.printerCommandsAllowed } : {}),
  };
}

/** Where a syntax error began: the station sends `line` and `column` with `template_syntax_error`. */
export function errorPosition(error: ApiError): { line: number; column: number } | null {
  if (error.code !== 'template_syntax_error') return null;
  const { line, column } = error.fields;
  return typeof line === 'number' ? { line, column: typeof column === 'number' ? column : 1 } : null;
}

/** A template's problem as the editor shows it: the station's message, and where it began. */
export interface TemplateProblem {
  message: string;
  position: { line: number; column: number } | null;
}

export function problemOf(failure: unknown): TemplateProblem {
  if (failure instanceof ApiError && failure.code === 'template_syntax_error') return { message: failure.message, position: errorPosition(failure) };
  return { message: describeError(failure), position: null };
}


export const paperWords = (template: Template) =>
  `${template.paper.name === 'custom' ? `${template.paper.widthMm}×${template.paper.heightMm} mm` : template.paper.name}${template.orientation === 'landscape' ? ', landscape' : ''}`;

/** The unsaved draft rendered as a PDF. */
export function previewPdf(teamId: string, draft: TemplateDraft, orderId: string, signal: AbortSignal): Promise<Blob> {
  return answer(
    dashboard.POST('/admin/api/teams/{teamId}/templates/preview', { params: { path: { teamId } }, body: { template: templateBody(draft), ...(orderId ? { orderId } : {}) }, parseAs: 'blob', signal }),
  );
}
