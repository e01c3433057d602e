import type { Db } from '../../foundations/db/open';
import type { TeamRow } from './store';

/** The hook a team's creation fires, for the capabilities above teams to register in the composition root. */
export interface TeamHooks {
  /** Inside the transaction that created a team: seed what every team starts with (documents). */
  teamCreated: Array<(db: Db, team: TeamRow) => void>;
}
