import type { Schemas } from '../../app/api';
import type { TeamInfo } from '../../app/station-info';

export type OnboardingCounts = Schemas['Merchant']['onboarding'];

/** A merchant of a 3PL team, as `GET /admin/api/teams/{id}/merchants` lists it. */
export type Merchant = Schemas['Merchant'];

export type OnboardingTask = Schemas['OnboardingTask'];

export type Onboarding = Schemas['Onboarding'];

export type Member = Schemas['Member'];

export type Invitation = Schemas['Invitation'];

export const threePlTeams = (teams: TeamInfo[]) => teams.filter((team) => team.type === 'three_pl');

/** "4 of 7 done", and what the 3PL and the merchant still owe. */
export function progressWords(counts: OnboardingCounts): string {
  const open = counts.total - counts.completed;
  if (counts.total === 0) return 'No checklist';
  if (open === 0) return 'All tasks done';
  const owed = [counts.openThreePlTasks && `${counts.openThreePlTasks} for you`, counts.openMerchantTasks && `${counts.openMerchantTasks} for the merchant`].filter(Boolean);
  return `${counts.completed} of ${counts.total} done · ${owed.join(', ')}`;
}

export const progressPercent = (counts: OnboardingCounts) => (counts.total ? Math.round((counts.completed / counts.total) * 100) : 100);

/**
 * The station's own built-in admin (the one member with no e-mail: the owner of a team made
 * without a named one) is the station admin, and is called that everywhere.
 */
export const isStationAdminMember = (member: Member) => member.email === null;
export const memberLabel = (member: Member) => (isStationAdminMember(member) ? 'Station admin (this station)' : member.email ? `${member.name} (${member.email})` : member.name);

export const ownerLabel = (owner: OnboardingTask['owner']) => (owner === 'three_pl' ? 'You (3PL)' : 'Merchant');
