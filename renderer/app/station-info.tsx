import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { answer, dashboard, type Schemas } from './api';

export type TeamInfo = Schemas['Station']['teams'][number];

export type StationInfo = Schemas['Station'];

const StationContext = createContext<{ info: StationInfo | null; reload: () => void }>({ info: null, reload: () => {} });

/** The station's address and teams, loaded once and shared by every page. */
export function StationInfoProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<StationInfo | null>(null);
  const reload = useCallback(() => {
    answer(dashboard.GET('/admin/api/station')).then(setInfo, () => setInfo(null));
  }, []);
  useEffect(reload, [reload]);
  return <StationContext.Provider value={{ info, reload }}>{children}</StationContext.Provider>;
}

export const useStationInfo = () => useContext(StationContext);

/** A team picker; merchants are listed under their 3PL. */
export function TeamSelect({ value, onChange, id, allowAll }: { value: string; onChange: (teamId: string) => void; id?: string; allowAll?: string }) {
  const { info } = useStationInfo();
  const teams = info?.teams ?? [];
  const ordered = teams
    .filter((team) => !team.parentTeamId)
    .flatMap((team) => [team, ...teams.filter((merchant) => merchant.parentTeamId === team.id)]);
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      {allowAll !== undefined && <option value="">{allowAll}</option>}
      {allowAll === undefined && !value && <option value="">Choose a team…</option>}
      {ordered.map((team) => (
        <option key={team.id} value={team.id}>
          {team.parentTeamId ? `  ↳ ${team.name}` : team.name}
        </option>
      ))}
    </select>
  );
}
