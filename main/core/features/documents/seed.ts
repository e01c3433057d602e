import { createHash } from 'node:crypto';
import type { Db } from '../../foundations/db/open';
import { newId, nowIso } from '../../foundations/ids';
import { getSetting, setSetting } from '../../foundations/settings/station-settings-store';
import { BUILTIN_TEMPLATES, DEFAULT_FLOW_TEMPLATE_KEY } from './builtin';
import { hasFlow, saveFlow } from './flows-store';
import { findTemplateByName, insertTemplate, listBuiltinTemplateBodies, replaceUneditedBody, type TemplateRow } from './templates-store';
import { getTeam } from '../teams/store';

/**
 * Gives a team the built-in templates and the default flow (every order gets an A4 packing
 * slip, tag `packing-slip`; print automatically). Runs in the team's create transaction.
 */
export function seedTeamDocuments(db: Db, teamId: string): void {
  const at = nowIso();
  const ids = new Map<string, string>();
  for (const builtin of BUILTIN_TEMPLATES) {
    const row: TemplateRow = {
      id: newId(),
      team_id: teamId,
      name: builtin.name,
      tag: builtin.tag,
      paper_name: builtin.paper.name,
      width_mm: builtin.paper.widthMm,
      height_mm: builtin.paper.heightMm,
      orientation: builtin.paper.orientation,
      margin_top_mm: builtin.paper.marginsMm.top,
      margin_right_mm: builtin.paper.marginsMm.right,
      margin_bottom_mm: builtin.paper.marginsMm.bottom,
      margin_left_mm: builtin.paper.marginsMm.left,
      body: builtin.body,
      kind: builtin.kind ?? 'html',
      builtin: builtin.key,
      overrides_template_id: null,
      printer_commands_allowed: 0,
      version: 1,
      created_at: at,
      updated_at: at,
    };
    // A team that already has a template of that name keeps its own.
    if (findTemplateByName(db, teamId, row.name)) continue;
    insertTemplate(db, row);
    ids.set(builtin.key, row.id);
  }
  const slip = ids.get(DEFAULT_FLOW_TEMPLATE_KEY);
  saveFlow(
    db,
    teamId,
    {
      autoPrint: true,
      rules: slip ? [{ name: 'Packing slip for every order', actions: [{ type: 'addDocument', templateId: slip, tag: 'packing-slip' }], stop: false }] : [],
    },
    at,
  );
}

/**
 * Teams created before documents existed (an older station.db) have neither templates nor
 * a flow: they get them the first time documents are needed.
 */
export function ensureTeamSeeded(db: Db, teamId: string): void {
  if (hasFlow(db, teamId)) return;
  if (!getTeam(db, teamId)) return;
  db.transaction(() => seedTeamDocuments(db, teamId))();
}

/**
 * Bodies the built-in templates had in earlier versions (sha256). A team's copy still equal
 * to one of them was never edited: it gets the current body (the documents' words in the
 * team's language, barcodes for any order number, right-to-left text), as a new version.
 * A copy the team edited is the team's and stays as it is.
 */
const EARLIER_BUILTIN_BODIES: Record<string, string[]> = {
  // Before the team's locale; then before the shop profile (the shop's name, addresses and
  // logo, the invoice's totals, gift slips without prices, "and N more" on labels).
  'packing-slip-a4': ['0d51fce5174f8c1476cd629114da983c8c2977cb79f3bc3a99c99720fd76afd8', '7310428728e5d252fb91ecb9f99375eb1c3afe450dbf131c795e1e8c939127fc'],
  'packing-slip-letter': ['0d51fce5174f8c1476cd629114da983c8c2977cb79f3bc3a99c99720fd76afd8', '7310428728e5d252fb91ecb9f99375eb1c3afe450dbf131c795e1e8c939127fc'],
  'invoice-a4': ['f6b5d81ea3ad08fc86e0b16859304a6475f29b340160864b2c78749b3c60fd6d', '58df944d07a8fa2b5249a223c3a2b1d212c8d59061293c8932f133caefbfced6'],
  'shipping-label-4x6': ['ac46f3e657a2fb3ba7607ff8bf838309dcdf8bfee8f829b8d4c17677eb20b0d2', '2588a317cabf4adb2e81c82df3a66f43919a7ce77be2e35eacda66d515d1288c'],
  'shipping-label-4x6-zpl': ['ff666c01854b3ac24a1f4671f6a7bd2afddd2cd867e78e1f41bbd3e4a16b8aa5'],
  'gift-note-a6': ['269ba061e1bcb3aec333bb0047a2667b0cb4eb0042258b2f9e191b283aeb08ef', '3040efdfad85f66234da848f0d518632cb155454fb0df58ec4fbb8de7d786164'],
};

/** `station_settings`: the built-in bodies the station last upgraded to (a hash of them all). */
const UPGRADED_TO = 'documents.builtin_bodies';

/**
 * Brings unedited copies of built-in templates up to the current bodies; returns how many.
 * Runs when the station opens; once done for these bodies it reads nothing more.
 */
export function upgradeBuiltinTemplates(db: Db, earlier: Record<string, string[]> = EARLIER_BUILTIN_BODIES): number {
  const current = new Map(BUILTIN_TEMPLATES.map((builtin) => [builtin.key, builtin.body]));
  const stamp = createHash('sha256').update(JSON.stringify([...current, earlier])).digest('hex');
  if (getSetting(db, UPGRADED_TO) === stamp) return 0;
  const rows = listBuiltinTemplateBodies(db);
  let upgraded = 0;
  const at = nowIso();
  db.transaction(() => {
    for (const row of rows) {
      const body = current.get(row.builtin);
      if (!body || body === row.body) continue;
      if (!earlier[row.builtin]?.includes(createHash('sha256').update(row.body).digest('hex'))) continue;
      if (replaceUneditedBody(db, row.id, row.body, body, at)) upgraded++;
    }
    setSetting(db, UPGRADED_TO, stamp);
  })();
  return upgraded;
}
