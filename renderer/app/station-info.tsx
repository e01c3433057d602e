import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { answer, dashboard, type Schemas } from './api';

export type TeamInfo = Schemas['Station']['teams'][number];

export type StationInfo = Schemas['Station'];

/** Who is signed in: their name, station admin or not, their teams and roles. */
export type Me = Schemas['Me'];

/** What a page or section needs (the station's own rule, docs/api/dashboard.md: People, sign-in and roles). */
export type Needs = 'signed-in' | 'viewer' | 'operator' | 'admin' | 'station-admin';
const RANK = { viewer: 1, operator: 2, admin: 3 } as const;

/** Whether the signed-in person may use what needs `needs` (somewhere: the station says where). */
export function mayUse(me: Me | null, needs: Needs): boolean {
  if (!me) return false;
  if (me.stationAdmin || needs === 'signed-in') return true;
  if (needs === 'station-admin') return false;
  return me.teams.some((team) => RANK[team.role] >= RANK[needs]);
}

const StationContext = createContext<{ info: StationInfo | null; me: Me | null; reload: () => void }>({ info: null, me: null, reload: () => {} });

/** The station's address and teams, and who is signed in: loaded once and shared by every page. */
export function StationInfoProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<StationInfo | null>(null);
  const [me, setMe] = useState<Me | null>(null);
  const reload = useCallback(() => {
    answer(dashboard.GET('/admin/api/station')).then(setInfo, () => setInfo(null));
    answer(dashboard.GET('/admin/api/me')).then(setMe, () => setMe(null));
  }, []);
  useEffect(reload, [reload]);
  // A badge scanned at the bench signs another person in: what they may see is read again.
  useEffect(() => {
    window.addEventListener('station:person-changed', reload);
    return () => window.removeEventListener('station:person-changed', reload);
  }, [reload]);
  return <StationContext.Provider value={{ info, me, reload }}>{children}</StationContext.Provider>;
}

export const useStationInfo = () => useContext(StationContext);

/**
 * The teams the signed-in person may act on with `needs` (the station's scope rule,
 * docs/api/dashboard.md): every team for a station admin; else each team where they hold
 * the role or a stronger one, with a 3PL's merchants.
 */
export function teamsFor(me: Me | null, teams: readonly TeamInfo[], needs: Exclude<Needs, 'signed-in' | 'station-admin'>): TeamInfo[] {
  if (!me) return [];
  if (me.stationAdmin) return [...teams];
  const held = new Set(me.teams.filter((team) => RANK[team.role] >= RANK[needs]).map((team) => team.teamId));
  return teams.filter((team) => held.has(team.id) || (team.parentTeamId !== null && held.has(team.parentTeamId)));
}

/** Whether the signed-in person may do what needs `needs` on a thing of `teamId` (the station's own rule). */
export function useMayActOn(teamId: string | undefined, needs: Exclude<Needs, 'signed-in' | 'station-admin'>): boolean {
  const { info, me } = useStationInfo();
  return teamId !== undefined && teamsFor(me, info?.teams ?? [], needs).some((team) => team.id === teamId);
}

/**
 * A team picker of the teams the person may act on for the page (`needs`, viewer by
 * default); merchants are listed under their 3PL when it is listed, and on their own when it
 * is not (a merchant's admin who cannot see the 3PL). With one team to choose, it is chosen.
 */
export function TeamSelect({ value, onChange, id, allowAll, needs = 'viewer' }: { value: string; onChange: (teamId: string) => void; id?: string; allowAll?: string; needs?: 'viewer' | 'operator' | 'admin' }) {
  const { info, me } = useStationInfo();
  const teams = teamsFor(me, info?.teams ?? [], needs);
  const listed = new Set(teams.map((team) => team.id));
  const ordered = teams
    .filter((team) => team.parentTeamId === null || !listed.has(team.parentTeamId))
    .flatMap((team) => [team, ...teams.filter((merchant) => merchant.parentTeamId === team.id)]);
  const only = allowAll === undefined && ordered.length === 1 ? ordered[0]!.id : undefined;
  useEffect(() => {
    if (only && !value) onChange(only);
  }, [only, value, onChange]);
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      {allowAll !== undefined && <option value="">{allowAll}</option>}
      {allowAll === undefined && !value && <option value="">Choose a team…</option>}
      {ordered.map((team) => (
        <option key={team.id} value={team.id}>
          {team.parentTeamId && listed.has(team.parentTeamId) ? `  ↳ ${team.name}` : team.name}
        </option>
      ))}
    </select>
  );
}
