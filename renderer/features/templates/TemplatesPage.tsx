import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { TeamSelect, useStationInfo } from '../../app/station-info';
import { EmptyState, ErrorBanner, ExplainedButton, PageHeader, RelativeTime, TableScroll } from '../../components/ui';
import { TemplateEditor } from './TemplateEditor';
import { draftOf, NEW_TEMPLATE, paperWords, type Template } from './templates';
import './templates.css';

/**
 * A team's document templates (packing slip, invoice, label…): the list, and an editor
 * with a live PDF preview of the unsaved text. The team's flow decides which are used.
 */
export function TemplatesPage() {
  const { info } = useStationInfo();
  const [teamId, setTeamId] = useState('');
  const [templates, setTemplates] = useState<Template[] | null>(null);
  // A merchant may replace its 3PL's templates with its own.
  const [parentTemplates, setParentTemplates] = useState<Template[]>([]);
  const parentTeamId = info?.teams.find((team) => team.id === teamId)?.parentTeamId ?? null;
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  // A fresh editor when a person picks a template, not when saving gives the draft an id.
  const [editorKey, setEditorKey] = useState(0);
  const startEditing = (template: Template | 'new') => {
    setEditing(template);
    setEditorKey((key) => key + 1);
  };
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!teamId && info?.teams[0]) setTeamId(info.teams[0].id);
  }, [info, teamId]);

  const load = useCallback(() => {
    if (!teamId) return;
    answer(dashboard.GET('/admin/api/teams/{teamId}/templates', { params: { path: { teamId } } })).then(
      (list) => {
        setTemplates(list);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure)),
    );
    if (parentTeamId) answer(dashboard.GET('/admin/api/teams/{teamId}/templates', { params: { path: { teamId: parentTeamId } } })).then(setParentTemplates, () => setParentTemplates([]));
    else setParentTemplates([]);
  }, [teamId, parentTeamId]);
  useEffect(load, [load]);

  const bases = [...(templates ?? []), ...parentTemplates].filter((template) => !template.overridesTemplateId);
  const base = (template: Template) => bases.find((candidate) => candidate.id === template.overridesTemplateId);
  return (
    <div className="page page-wide">
      <PageHeader
        title="Templates"
        subtitle="The documents a team prints: HTML with Liquid placeholders, each on its own paper."
        actions={
          <ExplainedButton type="button" className="button button-primary" why={teamId ? null : 'Choose a team first.'} onClick={() => startEditing('new')}>
            New template
          </ExplainedButton>
        }
      />
      <div className="row card">
        <label>
          Team
          <TeamSelect value={teamId} onChange={(id) => { setTeamId(id); setEditing(null); }} needs="operator" />
        </label>
        <p className="muted small" style={{ flex: '3 1 30rem', margin: 0 }}>
          Which templates make documents for an order is the team's <a href="#/flows">flow</a>; where each tag prints is its <a href="#/routing">routing</a>.
        </p>
      </div>
      <ErrorBanner error={error} onRetry={load} />
      {!teamId && info && <EmptyState title="No team yet">Create a team first (<code>station teams create --name "My Shop"</code>), then edit its templates here.</EmptyState>}
      {templates?.length === 0 && <EmptyState title="No templates">Press <strong>New template</strong> to write the first one.</EmptyState>}
      {templates && templates.length > 0 && (
        <TableScroll label="Templates table">
          <table className="table card-table" aria-label="Templates">
            <thead>
              <tr><th>Name</th><th>Tag</th><th>Paper</th><th>Kind</th><th className="num">Version</th><th>Changed</th><th><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {templates.map((template) => (
                <tr key={template.id} className={editing !== 'new' && editing?.id === template.id ? 'row-open' : ''}>
                  <td><strong>{template.name}</strong></td>
                  <td><span className="tag" style={{ borderColor: '#64748b', color: '#334155' }}>{template.tag}</span></td>
                  <td>{paperWords(template)}</td>
                  <td className="small">{template.builtin ? 'Built in' : 'Custom'}{base(template) ? ` · replaces ${base(template)!.name}` : ''}</td>
                  <td className="num">{template.version}</td>
                  <td className="small"><RelativeTime at={template.updatedAt} /></td>
                  <td className="num">
                    <button type="button" className="button button-small" onClick={() => startEditing(template)}>Edit</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {editing && (
        <TemplateEditor
          key={editorKey}
          teamId={teamId}
          template={editing === 'new' ? null : editing}
          bases={bases}
          initial={editing === 'new' ? NEW_TEMPLATE : draftOf(editing)}
          onSaved={(saved) => {
            setEditing(saved);
            load();
          }}
          onDeleted={() => {
            setEditing(null);
            load();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
