import { useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useStationInfo, type TeamInfo } from '../../app/station-info';

/** The languages the built-in documents are written in (main/core/features/documents/i18n), by their own names. */
const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['fr', 'Français'],
  ['es', 'Español'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pl', 'Polski'],
  ['ja', '日本語'],
];

/**
 * Each team's document language: the words, dates, money and country names of its built-in
 * documents (`PUT /admin/api/teams/{id}/locale`).
 */
export function TeamLanguages() {
  const { info, reload } = useStationInfo();
  const [saved, setSaved] = useState<{ teamId: string; text: string } | null>(null);
  const [error, setError] = useState<{ teamId: string; text: string } | null>(null);
  if (!info || info.teams.length === 0) return null;

  async function save(team: TeamInfo, locale: string) {
    setSaved(null);
    setError(null);
    try {
      await answer(dashboard.PUT('/admin/api/teams/{teamId}/locale', { params: { path: { teamId: team.id } }, body: { locale: locale || null } }));
      setSaved({ teamId: team.id, text: `Saved: ${team.name}'s documents are now in ${languageName(locale || info!.locale)}.` });
      reload();
    } catch (failure) {
      setError({ teamId: team.id, text: describeError(failure) });
    }
  }

  return (
    <section className="card" aria-labelledby="team-languages">
      <h2 id="team-languages">Document language</h2>
      <p className="muted small">
        The words, dates, money and country names of each team's built-in documents. Without a choice a team uses the station's language ({languageName(info.locale)}).
      </p>
      <table className="table" aria-label="Document language of each team">
        <thead>
          <tr><th>Team</th><th>Language</th><th><span className="sr-only">Result</span></th></tr>
        </thead>
        <tbody>
          {info.teams.map((team) => (
            <tr key={team.id}>
              <td>{team.name}</td>
              <td>
                <select aria-label={`Document language of ${team.name}`} value={team.locale ?? ''} onChange={(event) => void save(team, event.target.value)}>
                  <option value="">Station default ({languageName(info.locale)})</option>
                  {LANGUAGES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
                  {team.locale && !LANGUAGES.some(([code]) => code === team.locale) && <option value={team.locale}>{languageName(team.locale)}</option>}
                </select>
              </td>
              <td role="status" className="small">
                {saved?.teamId === team.id && saved.text}
                {error?.teamId === team.id && <span className="team-language-error">{error.text}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** "Deutsch (Deutschland)" for de-DE, in its own language. */
function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}
