import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES } from '../../../main/core/features/documents/builtin';
import { upgradeBuiltinTemplates } from '../../../main/core/features/documents/seed';
import { startStation } from '../../helpers/station';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('built-in templates of an upgraded station', () => {
  it('a copy the team never edited gets the current body as a new version; an edited one stays the team’s', async () => {
    const s = await startStation();
    try {
      const { team } = s.team('Upgraded');
      const db = s.station.db;
      const rows = () => db.prepare('SELECT builtin, body, version FROM document_templates WHERE team_id = ? ORDER BY builtin').all(team.id) as { builtin: string; body: string; version: number }[];
      // As an earlier station left them: one copy as that version shipped it, one edited by the team.
      db.prepare("UPDATE document_templates SET body = 'the slip as shipped before' WHERE team_id = ? AND builtin = 'packing-slip-a4'").run(team.id);
      db.prepare("UPDATE document_templates SET body = 'the label the team wrote' WHERE team_id = ? AND builtin = 'shipping-label-4x6'").run(team.id);
      const earlier = { 'packing-slip-a4': [sha256('the slip as shipped before')], 'shipping-label-4x6': [sha256('the label as shipped before')] };

      expect(upgradeBuiltinTemplates(db, earlier)).toBe(1);
      const after = rows();
      expect(after.find((row) => row.builtin === 'packing-slip-a4')).toMatchObject({ body: BUILTIN_TEMPLATES.find((t) => t.key === 'packing-slip-a4')!.body, version: 2 });
      expect(after.find((row) => row.builtin === 'shipping-label-4x6')).toMatchObject({ body: 'the label the team wrote', version: 1 });
      // Current copies are left alone, and a second run changes nothing.
      expect(after.filter((row) => row.version === 1 && row.body !== 'the label the team wrote').length).toBe(4);
      expect(upgradeBuiltinTemplates(db, earlier)).toBe(0);
    } finally {
      await s.stop();
    }
  });
});
