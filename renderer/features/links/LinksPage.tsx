import { useCallback, useEffect, useRef, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useLive } from '../../app/live';
import { TeamSelect, useStationInfo } from '../../app/station-info';
import { useConfirm } from '../../components/confirm';
import { EmptyState, ErrorBanner, ExplainedButton, PageHeader, RelativeTime, TableScroll } from '../../components/ui';
import { LinkEditor } from './LinkEditor';
import { LinkErrors } from './LinkErrors';
import { describePoint, draftOf, NEW_LINK, type Link, type SourceApp } from './links';
import './links.css';

/**
 * Links merge an order arriving from one source into one that came earlier from another
 * (a WMS order into the shop order it was picked for). Per team: the list, an editor with
 * a test against a pasted payload, and each link's recent errors.
 */
export function LinksPage() {
  const { info } = useStationInfo();
  const [teamId, setTeamId] = useState('');
  const [confirmDialog, confirm] = useConfirm();
  const [links, setLinks] = useState<Link[] | null>(null);
  const [apps, setApps] = useState<SourceApp[]>([]);
  const [editing, setEditing] = useState<Link | 'new' | null>(null);
  const [errorsOf, setErrorsOf] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!teamId && info?.teams[0]) setTeamId(info.teams[0].id);
  }, [info, teamId]);

  const loadLinks = useCallback(() => {
    if (teamId) answer(dashboard.GET('/admin/api/links', { params: { query: { teamId } } })).then(setLinks, (failure: unknown) => setError(describeError(failure)));
  }, [teamId]);
  const load = useCallback(() => {
    if (!teamId) return;
    loadLinks();
    answer(dashboard.GET('/admin/api/apps', { params: { query: { teamId } } })).then(setApps, () => setApps([]));
  }, [teamId, loadLinks]);
  useEffect(load, [load]);
  // An incoming order may record a link error: the counts in the list follow.
  const countsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLive('order', () => {
    clearTimeout(countsTimer.current);
    countsTimer.current = setTimeout(loadLinks, 300);
  });
  useEffect(() => () => clearTimeout(countsTimer.current), []);

  async function remove(link: Link) {
    if (!(await confirm({ title: 'Delete this link?', body: `Orders from ${describePoint(link.source, apps)} will no longer merge.`, confirmLabel: 'Delete link', danger: true }))) return;
    setError(null);
    try {
      await answer(dashboard.DELETE('/admin/api/links/{linkId}', { params: { path: { linkId: link.id } } }));
      if (editing !== 'new' && editing?.id === link.id) setEditing(null);
      load();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <div className="page page-wide">
      {confirmDialog}
      <PageHeader
        title="Links"
        subtitle="Merge an order from one source into the order another source sent earlier."
        actions={
          <ExplainedButton type="button" className="button button-primary" why={teamId ? null : 'Choose a team first.'} onClick={() => setEditing('new')}>
            New link
          </ExplainedButton>
        }
      />
      <div className="row card">
        <label>
          Team
          <TeamSelect value={teamId} onChange={(id) => { setTeamId(id); setEditing(null); setErrorsOf(null); }} needs="admin" />
        </label>
        <p className="muted small" style={{ flex: '3 1 30rem', margin: 0 }}>
          At ingest, an order from a link's source runs its condition and resolver; when the resolved id names an order of the target source, the two become one order.
        </p>
      </div>
      <ErrorBanner error={error} onRetry={load} />
      {editing && (
        <LinkEditor
          key={editing === 'new' ? 'new' : editing.id}
          teamId={teamId}
          link={editing === 'new' ? null : editing}
          initial={editing === 'new' ? NEW_LINK : draftOf(editing)}
          apps={apps}
          onSaved={() => {
            setEditing(null);
            load();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {links?.length === 0 && !editing && (
        <EmptyState title="No links for this team">
          Press <strong>New link</strong> to merge, say, orders from your WMS (custom key <code>wms</code>) into the shop orders they were picked for.
        </EmptyState>
      )}
      {links && links.length > 0 && (
        <TableScroll label="Links table">
          <table className="table card-table" aria-label="Links">
            <thead>
              <tr><th>Kind</th><th>From</th><th>Into</th><th>Condition</th><th>Resolver</th><th>Changed</th><th><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <LinkRow
                  key={link.id}
                  link={link}
                  apps={apps}
                  showErrors={errorsOf === link.id}
                  onEdit={() => setEditing(link)}
                  onDelete={() => void remove(link)}
                  onErrors={() => setErrorsOf(errorsOf === link.id ? null : link.id)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

function LinkRow({ link, apps, showErrors, onEdit, onDelete, onErrors }: { link: Link; apps: SourceApp[]; showErrors: boolean; onEdit: () => void; onDelete: () => void; onErrors: () => void }) {
  return (
    <>
      <tr>
        <td>{link.type}s</td>
        <td>{describePoint(link.source, apps)}</td>
        <td>{describePoint(link.target, apps)}</td>
        <td>{link.condition ? <code className="expr">{link.condition}</code> : <span className="muted">always</span>}</td>
        <td>
          <code className="expr">{link.resolver}</code>
          {link.suspended && (
            <div className="small" title={link.suspended.reason ?? undefined}>
              <span className="chip chip-failed">Suspended</span> <span className="muted">edit it to resume</span>
            </div>
          )}
        </td>
        <td className="small"><RelativeTime at={link.updatedAt} /></td>
        <td className="num nowrap">
          <button type="button" className="button button-small" onClick={onEdit}>Edit</button>{' '}
          <button
            type="button"
            className={`button button-small${link.errors?.count ? ' button-danger' : ''}`}
            aria-expanded={showErrors}
            onClick={onErrors}
          >
            Errors{link.errors?.count ? ` (${link.errors.count})` : ''}
          </button>{' '}
          <button type="button" className="button button-small button-danger" onClick={onDelete}>Delete</button>
        </td>
      </tr>
      {showErrors && (
        <tr>
          <td colSpan={7}><LinkErrors linkId={link.id} /></td>
        </tr>
      )}
    </>
  );
}
