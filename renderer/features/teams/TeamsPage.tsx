import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useLiveReload } from '../../app/live';
import { useStationInfo } from '../../app/station-info';
import { EmptyState, ErrorBanner, ExplainedButton, PageHeader, StatusChip, TableScroll } from '../../components/ui';
import { InviteResult } from './InviteResult';
import { MerchantDetail } from './MerchantDetail';
import { TeamLanguages } from './TeamLanguages';
import { ShopProfile } from './ShopProfile';
import { NewTeam, TeamMembers } from './TeamPeople';
import './teams.css';
import { memberLabel, progressPercent, progressWords, threePlTeams, type Invitation, type Member, type Merchant } from './teams';

const RELOAD_DELAY_MS = 500;

/**
 * A 3PL's merchants: onboarding progress at a glance, then one merchant's tracker,
 * invitations and go-live. Order counts follow incoming orders live.
 */
export function TeamsPage() {
  const { info, me, reload: reloadStation } = useStationInfo();
  const threePls = threePlTeams(info?.teams ?? []);
  const [teamId, setTeamId] = useState('');
  const [merchants, setMerchants] = useState<Merchant[] | null>(null);
  const [members, setMembers] = useState<Member[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState({ name: '', email: '' });
  const [created, setCreated] = useState<{ email: string; invitation: Invitation | null; sent: boolean } | null>(null);

  useEffect(() => {
    if (!teamId && threePls[0]) setTeamId(threePls[0].id);
  }, [threePls, teamId]);

  const load = useCallback(() => {
    if (!teamId) return;
    const team = encodeURIComponent(teamId);
    answer(dashboard.GET('/admin/api/teams/{teamId}/merchants', { params: { path: { teamId: team } } })).then(
      (list) => {
        setMerchants(list);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
    answer(dashboard.GET('/admin/api/teams/{teamId}/members', { params: { path: { teamId: team } } })).then(setMembers, () => setMembers([]));
  }, [teamId]);
  useEffect(load, [load]);

  // A merchant's first order ticks a task and raises its count.
  useLiveReload(['order'], load, RELOAD_DELAY_MS);

  async function create() {
    if (!teamId) return;
    setError(null);
    const email = draft.email.trim();
    try {
      const result = await answer(dashboard.POST('/admin/api/teams/{teamId}/merchants', { params: { path: { teamId } }, body: { name: draft.name, ...(email ? { email } : {}) } }));
      setCreated(email ? { email, invitation: result.invitation, sent: result.invitationSent } : null);
      setDraft({ name: '', email: '' });
      setOpenId(result.team.id);
      reloadStation();
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function assign(merchant: Merchant, userId: string) {
    setError(null);
    try {
      await answer(dashboard.PUT('/admin/api/teams/{teamId}/merchants/{merchantTeamId}', { params: { path: { teamId, merchantTeamId: merchant.id } }, body: { accountManagerUserId: userId || null } }));
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  const open = merchants?.find((merchant) => merchant.id === openId);
  if (info && threePls.length === 0) {
    return (
      <div className="page">
        <PageHeader title="Teams" subtitle="A 3PL team's merchants: onboarding, invitations, go-live." />
        <NoThreePlHere merchants={(info.teams ?? []).filter((team) => team.type === 'merchant')} stationAdmin={me?.stationAdmin === true} />
        {me?.stationAdmin && <MakeThreePl teams={(info.teams ?? []).filter((team) => team.type === 'standard')} onMade={reloadStation} />}
        <NewTeam />
        <TeamMembers />
        <TeamLanguages />
        <ShopProfile />
      </div>
    );
  }
  return (
    <div className="page page-wide">
      <PageHeader title="Teams" subtitle="Merchants of a 3PL team: onboarding progress, invitations, account manager, go-live." />
      <div className="row card">
        <label>
          3PL team
          <select value={teamId} onChange={(event) => { setTeamId(event.target.value); setOpenId(null); }}>
            {threePls.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
          </select>
        </label>
        <form
          className="row"
          style={{ flex: '3 1 30rem' }}
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <label>
            New merchant
            <input value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} placeholder="e.g. Lumen Candles" maxLength={100} />
          </label>
          <label>
            Admin e-mail (optional, invites them)
            <input type="email" value={draft.email} onChange={(event) => setDraft({ ...draft, email: event.target.value })} placeholder="owner@merchant.example" />
          </label>
          <ExplainedButton type="submit" className="button button-primary" why={!teamId ? 'Choose a 3PL team first.' : !draft.name.trim() ? 'Enter the merchant’s name first.' : null}>
            Create merchant
          </ExplainedButton>
        </form>
      </div>
      <ErrorBanner error={error} onRetry={load} />
      {created && <InviteResult email={created.email} invitation={created.invitation} sent={created.sent} onClose={() => setCreated(null)} />}
      {merchants?.length === 0 && (
        <EmptyState title="No merchants yet">Type a merchant's name above and press Create merchant. Its onboarding checklist starts at once.</EmptyState>
      )}
      {merchants && merchants.length > 0 && (
        <TableScroll label="Merchants table">
          <table className="table card-table" aria-label="Merchants">
            <thead>
              <tr><th>Merchant</th><th>Status</th><th className="num">Orders</th><th style={{ width: '30%' }}>Onboarding</th><th>Account manager</th><th><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {merchants.map((merchant) => (
                <tr key={merchant.id} className={merchant.id === openId ? 'row-open' : ''}>
                  <td>
                    <strong>{merchant.name}</strong>
                    <div className="muted small"><code>{merchant.slug}</code></div>
                  </td>
                  <td><StatusChip status={merchant.status} /></td>
                  <td className="num">{merchant.orderCount.toLocaleString()}</td>
                  <td>
                    <div className="meter" role="progressbar" aria-label={`Onboarding of ${merchant.name}`} aria-valuenow={progressPercent(merchant.onboarding)} aria-valuemin={0} aria-valuemax={100}>
                      <span style={{ width: `${progressPercent(merchant.onboarding)}%` }} />
                    </div>
                    <div className="small muted">{progressWords(merchant.onboarding)}</div>
                  </td>
                  <td>
                    <select aria-label={`Account manager of ${merchant.name}`} value={merchant.account_manager_user_id ?? ''} onChange={(event) => void assign(merchant, event.target.value)}>
                      <option value="">Nobody yet</option>
                      {members.map((member) => <option key={member.userId} value={member.userId}>{memberLabel(member)}</option>)}
                    </select>
                  </td>
                  <td className="num">
                    <button type="button" className="button button-small" aria-expanded={merchant.id === openId} onClick={() => setOpenId(merchant.id === openId ? null : merchant.id)}>
                      {merchant.id === openId ? 'Close' : 'Open'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {open && <MerchantDetail key={open.id} merchant={open} onChanged={() => { load(); reloadStation(); }} />}
      <TeamMembers />
      <NewTeam />
      <TeamLanguages />
      <ShopProfile />
    </div>
  );
}

/** Why there is no 3PL to pick, in the words of who is reading: the station admin, a merchant's people, or a standard team's. */
function NoThreePlHere({ merchants, stationAdmin }: { merchants: Array<{ id: string; name: string }>; stationAdmin: boolean }) {
  if (stationAdmin) {
    return (
      <EmptyState title="No 3PL team on this station">
        A 3PL team manages merchants. Make a team of yours one below, or create a new one (or with <code>station teams create --name "Acme Fulfilment" --type three_pl</code>).
      </EmptyState>
    );
  }
  if (merchants.length > 0) {
    return (
      <EmptyState title={`${merchants.map((team) => team.name).join(', ')}: a merchant of a 3PL`}>
        Your team is a merchant of a 3PL (a fulfilment company) that packs and ships your orders. The 3PL's people take it through
        onboarding and go live; its account manager is your contact. Here you manage your own team: its members, the language of its
        documents and its shop profile.
      </EmptyState>
    );
  }
  return <EmptyState title="Your team's people and profile">Your teams are not 3PL teams, so there are no merchants to manage: below are your team's members, languages and shop profile.</EmptyState>;
}

/** A station admin makes a team of its own (the first team, made at the first start, most often) a 3PL. */
function MakeThreePl({ teams, onMade }: { teams: Array<{ id: string; name: string }>; onMade(): void }) {
  const [error, setError] = useState<string | null>(null);
  if (teams.length === 0) return null;
  async function make(teamId: string) {
    setError(null);
    try {
      await answer(dashboard.PUT('/admin/api/teams/{teamId}/type', { params: { path: { teamId } }, body: { type: 'three_pl' } }));
      onMade();
    } catch (failure) {
      setError(describeError(failure));
    }
  }
  return (
    <section className="card" aria-label="Make a team a 3PL">
      <h2>Make a team a 3PL</h2>
      <p className="muted small">Its orders, keys, templates and people stay as they are; it can then create merchants and take them live.</p>
      <ErrorBanner error={error} />
      <ul className="plain">
        {teams.map((team) => (
          <li key={team.id} className="row">
            <strong>{team.name}</strong>
            <button type="button" className="button" onClick={() => void make(team.id)}>Make {team.name} a 3PL</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
