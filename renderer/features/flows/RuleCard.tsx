import type { Template } from '../templates/templates';
import { ConditionEditor } from './ConditionEditor';
import { describeCondition, type FlowAction, type FlowRule } from './flows';

/** One rule: its name, when it applies, what it does, and whether later rules still run. */
export function RuleCard({ rule, index, count, teamId, templates, onChange, onMove, onRemove }: {
  teamId: string;
  rule: FlowRule;
  index: number;
  count: number;
  templates: Template[];
  onChange: (rule: FlowRule) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const setAction = (at: number, action: FlowAction) => onChange({ ...rule, actions: rule.actions.map((a, i) => (i === at ? action : a)) });
  const firstTemplate = templates[0];
  return (
    <li className="card rule" aria-label={`Rule ${index + 1}`}>
      <div className="rule-head">
        <span className="rule-number">{index + 1}</span>
        <input aria-label="Rule name" className="rule-name" value={rule.name ?? ''} onChange={(event) => onChange({ ...rule, name: event.target.value })} placeholder={`Rule ${index + 1}`} />
        <span className="muted small rule-summary">{describeCondition(rule.when)}</span>
        <button type="button" className="button button-small" aria-label="Move up" disabled={index === 0} onClick={() => onMove(index - 1)}>↑</button>
        <button type="button" className="button button-small" aria-label="Move down" disabled={index === count - 1} onClick={() => onMove(index + 1)}>↓</button>
        <button type="button" className="button button-small button-danger" onClick={onRemove}>Remove</button>
      </div>
      <div className="rule-body">
        {rule.when ? (
          <ConditionEditor condition={rule.when} onChange={(when) => onChange({ ...rule, when })} onRemove={() => onChange({ ...rule, when: undefined })} />
        ) : (
          <p className="condition-line">
            <span>Applies to <strong>every order</strong>.</span>
            <button type="button" className="button button-small" onClick={() => onChange({ ...rule, when: { tagIs: '' } })}>Add a condition</button>
          </p>
        )}
        <ul className="actions">
          {rule.actions.map((action, at) => (
            <li key={at} className="condition-line">
              <span className="muted">then</span>
              <select aria-label="Action" value={action.type} onChange={(event) => setAction(at, event.target.value === 'ignoreOrder' ? { type: 'ignoreOrder' } : { type: 'addDocument', templateId: firstTemplate?.id ?? '' })}>
                <option value="addDocument">add a document from</option>
                <option value="ignoreOrder">ignore the order (stop here)</option>
              </select>
              {action.type === 'addDocument' && (
                <>
                  <select aria-label="Template" value={action.templateId} onChange={(event) => setAction(at, { ...action, templateId: event.target.value })}>
                    {!templates.some((t) => t.id === action.templateId) && <option value={action.templateId}>{action.templateId || 'Choose a template…'}</option>}
                    {templates.map((template) => (
                      <option key={template.id} value={template.id}>{template.name} ({template.tag}){template.teamId !== teamId ? ' · 3PL' : ''}</option>
                    ))}
                  </select>
                  <input aria-label="Document tag" className="short" value={action.tag ?? ''} onChange={(event) => setAction(at, { ...action, tag: event.target.value || undefined })} placeholder="same tag" />
                </>
              )}
              {rule.actions.length > 1 && (
                <button type="button" className="button button-small button-ghost" aria-label="Remove action" onClick={() => onChange({ ...rule, actions: rule.actions.filter((_, i) => i !== at) })}>✕</button>
              )}
            </li>
          ))}
        </ul>
        <div className="condition-line">
          <button type="button" className="button button-small" onClick={() => onChange({ ...rule, actions: [...rule.actions, { type: 'addDocument', templateId: firstTemplate?.id ?? '' }] })}>+ action</button>
          <label className="checkbox small">
            <input type="checkbox" checked={rule.stop} onChange={(event) => onChange({ ...rule, stop: event.target.checked })} />
            Stop here when this rule applies
          </label>
        </div>
      </div>
    </li>
  );
}
