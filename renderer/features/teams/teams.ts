import type { TeamInfo } from '../../app/station-info';

export interface OnboardingCounts {
  total: number;
  completed: number;
  openThreePlTasks: number;
  openMerchantTasks: number;
}

/** A merchant of a 3PL team, as `GET /admin/api/teams/{id}/merchants` lists it. */
export interface Merchant {
  id: string;
  name: string;
  slug: string;
  status: 'onboarding' | 'live';
  created_at: string;
  went_live_at?: string;
  account_manager_user_id: string | null;
  orderCount: number;
  onboarding: OnboardingCounts;
}

export interface OnboardingTask {
  kind: string;
  title: string;
  owner: 'merchant' | 'three_pl';
  done: boolean;
  completedAt: string | null;
  completedBy: string | null;
  automatic: string | null;
}

export interface Onboarding {
  summary: OnboardingCounts;
  tasks: OnboardingTask[];
}

export interface Member {
  userId: string;
  name: string;
  email: string | null;
  role: 'admin' | 'member';
}

export interface Invitation {
  id: string;
  email: string;
  role: string;
  state: 'open' | 'accepted' | 'replaced' | 'expired';
  createdAt: string;
  expiresAt: string;
  sentAt: string | null;
  sendError: string | null;
  /** Only in the answer that creates the invitation; null in listings (the token is stored hashed). */
  acceptUrl: string | null;
}

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

export const memberLabel = (member: Member) => (member.email ? `${member.name} (${member.email})` : member.name);

export const ownerLabel = (owner: OnboardingTask['owner']) => (owner === 'three_pl' ? 'You (3PL)' : 'Merchant');
