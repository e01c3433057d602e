import { useCallback, useEffect, useRef, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { TeamSelect, useStationInfo } from '../../app/station-info';
import { useConfirm } from '../../components/confirm';
import { EmptyState, ErrorBanner, PageHeader, RelativeTime } from '../../components/ui';
import type { Template } from '../templates/templates';
import { move, type Flow, type FlowRule } from './flows';
import { RuleCard } from './RuleCard';
import './flows.css';

interface KeyedRule {
  key: number;
  rule: FlowRule;
}

/**
 * The team's flow: rules run top to bottom on every order written; each rule that applies
 * adds its documents. Auto-print sends them to the printers as soon as they are made.
 */
export function FlowsPage() {
  const { info } = useStationInfo();
  const [teamId, setTeamId] = useState('');
  const [flow, setFlow] = useState<Flow | null>(null);
  const [rules, setRules] = useState<KeyedRule[]>([]);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  const nextKey = useRef(0);
  // A merchant's flow may also use its 3PL's templates.
  const parentTeamId = info?.teams.find((team) => team.id === teamId)?.parentTeamId ?? null;
  const keyed = (list: FlowRule[]) => list.map((rule) => ({ key: nextKey.current++, rule }));

  useEffect(() => {
    if (!teamId && info?.teams[0]) setTeamId(info.teams[0].id);
  }, [info, teamId]);

  const show = useCallback((next: Flow) => {
    setFlow(next);
    setRules(next.rules.map((rule) => ({ key: nextKey.current++, rule })));
    setDirty(false);
  }, []);

  const load = useCallback(() => {
    if (!teamId) return;
    const team = encodeURIComponent(teamId);
    setError(null);
    answer(dashboard.GET('/admin/api/teams/{teamId}/flow', { params: { path: { teamId: team } } })).then(show, (failure: unknown) => setError(describeError(failure)));
    Promise.all([team, ...(parentTeamId ? [encodeURIComponent(parentTeamId)] : [])].map((id) => answer(dashboard.GET('/admin/api/teams/{teamId}/templates', { params: { path: { teamId: id } } })))).then(
      (lists) => setTemplates(lists.flat()),
      () => setTemplates([]),
    );
  }, [teamId, parentTeamId, show]);
  useEffect(load, [load]);

  const edit = (next: KeyedRule[], autoPrint = flow?.autoPrint ?? true) => {
    setRules(next);
    setFlow((current) => current && { ...current, autoPrint });
    setDirty(true);
    setSaved(false);
  };

  async function save() {
    if (!flow) return;
    setError(null);
    try {
      show(await answer(dashboard.PUT('/admin/api/teams/{teamId}/flow', { params: { path: { teamId } }, body: { autoPrint: flow.autoPrint, rules: rules.map((r) => r.rule) } })));
      setSaved(true);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <div className="page page-wide">
      {confirmDialog}
      <PageHeader
        title="Flows"
        subtitle="Rules that decide which documents each order gets, and whether they print by themselves."
        actions={
          <>
            <button type="button" className="button" disabled={!dirty} onClick={load}>Discard changes</button>{' '}
            <button type="button" className="button button-primary" disabled={!dirty || !flow} onClick={() => void save()}>Save flow</button>
          </>
        }
      />
      <div className="row card">
        <label>
          Team
          <TeamSelect
            value={teamId}
            onChange={async (id) => {
              if (id === teamId) return;
              if (dirty && !(await confirm({ title: 'Discard the unsaved changes to this flow?', body: 'The rules edited here are not saved yet.', confirmLabel: 'Discard changes', danger: true }))) return;
              // Nothing of the previous team stays on screen while the next one loads.
              setFlow(null);
              setRules([]);
              setTemplates([]);
              setDirty(false);
              setTeamId(id);
            }}
          />
        </label>
        {flow && (
          <label className="checkbox switch">
            <input type="checkbox" role="switch" checked={flow.autoPrint} onChange={(event) => edit(rules, event.target.checked)} />
            <span>
              <strong>Print automatically</strong>
              <span className="muted small"> {flow.autoPrint ? 'documents go to the printers as soon as an order arrives' : 'nothing prints until someone prints it'}</span>
            </span>
          </label>
        )}
        {flow?.updatedAt && <span className="muted small">Saved <RelativeTime at={flow.updatedAt} /></span>}
      </div>
      {info?.teams.find((team) => team.id === teamId)?.status === 'onboarding' && flow?.autoPrint && (
        <div className="banner banner-info">This merchant is still onboarding: nothing prints automatically until it goes live on the Teams page.</div>
      )}
      <ErrorBanner error={error} />
      {saved && !dirty && <div className="banner banner-success" role="status">Flow saved. Orders written from now on follow it.</div>}
      {dirty && <div className="banner banner-warning" role="status">Unsaved changes.</div>}
      {flow && rules.length === 0 && (
        <EmptyState title="No rules: orders get no documents">Add a rule below, e.g. a packing slip for every order.</EmptyState>
      )}
      <ol className="rules">
        {rules.map(({ key, rule }, index) => (
          <RuleCard
            key={key}
            rule={rule}
            index={index}
            count={rules.length}
            teamId={teamId}
            templates={templates}
            onChange={(next) => edit(rules.map((r) => (r.key === key ? { key, rule: next } : r)))}
            onMove={(to) => edit(move(rules, index, to))}
            onRemove={() => edit(rules.filter((r) => r.key !== key))}
          />
        ))}
      </ol>
      {flow && (
        <button
          type="button"
          className="button"
          onClick={() => edit([...rules, ...keyed([{ name: '', actions: [{ type: 'addDocument', templateId: templates[0]?.id ?? '' }], stop: false }])])}
        >
          + Add a rule
        </button>
      )}
    </div>
  );
}
