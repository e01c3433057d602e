import { CONDITION_KINDS, countriesOf, countriesText, emptyCondition, kindOf, parseVariableValue, type Condition, type ConditionKind } from './flows';

/** One condition; `all`, `any` and `not` nest further conditions inside. */
export function ConditionEditor({ condition, onChange, onRemove, depth = 0 }: { condition: Condition; onChange: (next: Condition) => void; onRemove?: () => void; depth?: number }) {
  const kind = kindOf(condition);
  return (
    <div className={`condition depth-${Math.min(depth, 3)}`}>
      <div className="condition-line">
        <span className="muted">{depth === 0 ? 'When the order' : 'the order'}</span>
        <select aria-label="Condition" value={kind} onChange={(event) => onChange(emptyCondition(event.target.value as ConditionKind))}>
          {CONDITION_KINDS.map((option) => <option key={option.kind} value={option.kind}>{option.label}</option>)}
        </select>
        <ConditionValue condition={condition} onChange={onChange} />
        {onRemove && <button type="button" className="button button-small button-ghost" aria-label="Remove condition" onClick={onRemove}>✕</button>}
      </div>
      {('all' in condition || 'any' in condition) && (
        <div className="condition-children">
          {('all' in condition ? condition.all : condition.any).map((child, index, list) => (
            <ConditionEditor
              key={index}
              depth={depth + 1}
              condition={child}
              onChange={(next) => onChange(group(condition, list.map((c, i) => (i === index ? next : c))))}
              onRemove={list.length > 1 ? () => onChange(group(condition, list.filter((_, i) => i !== index))) : undefined}
            />
          ))}
          <button type="button" className="button button-small" onClick={() => onChange(group(condition, [...('all' in condition ? condition.all : condition.any), { tagIs: '' }]))}>
            + {'all' in condition ? 'and' : 'or'}
          </button>
        </div>
      )}
      {'not' in condition && (
        <div className="condition-children">
          <ConditionEditor depth={depth + 1} condition={condition.not} onChange={(next) => onChange({ not: next })} />
        </div>
      )}
    </div>
  );
}

const group = (condition: Condition, children: Condition[]): Condition => ('all' in condition ? { all: children } : { any: children });

function ConditionValue({ condition, onChange }: { condition: Condition; onChange: (next: Condition) => void }) {
  if ('tagIs' in condition) return <input aria-label="Tag" value={condition.tagIs} onChange={(event) => onChange({ tagIs: event.target.value })} placeholder="gift" />;
  if ('sourceIs' in condition) return <input aria-label="Source" value={condition.sourceIs} onChange={(event) => onChange({ sourceIs: event.target.value })} placeholder="api, web, csv, an app id or a key" />;
  if ('skuMatches' in condition) return <input aria-label="SKU pattern" value={condition.skuMatches} onChange={(event) => onChange({ skuMatches: event.target.value })} placeholder="MUG-* (? is one character)" />;
  if ('countryIs' in condition) {
    return <input aria-label="Countries" defaultValue={countriesText(condition.countryIs)} onBlur={(event) => onChange({ countryIs: countriesOf(event.target.value) })} placeholder="DE, AT, CH" />;
  }
  if ('totalAbove' in condition) {
    const limit = typeof condition.totalAbove === 'number' ? { amount: condition.totalAbove, currency: '' } : condition.totalAbove;
    const set = (amount: number, currency: string) => onChange({ totalAbove: currency.trim() ? { amount, currency: currency.trim().toUpperCase() } : amount });
    return (
      <>
        <input aria-label="Amount" type="number" className="short" value={limit.amount} onChange={(event) => set(Number(event.target.value), limit.currency)} />
        <input aria-label="Currency" className="short" maxLength={3} value={limit.currency} onChange={(event) => set(limit.amount, event.target.value)} placeholder="any currency" />
      </>
    );
  }
  if ('variableEquals' in condition) {
    const { name, value } = condition.variableEquals;
    return (
      <>
        <input aria-label="Variable name" className="short" value={name} onChange={(event) => onChange({ variableEquals: { name: event.target.value, value } })} placeholder="giftWrap" />
        <span>=</span>
        <input aria-label="Variable value" className="short" defaultValue={value === null ? 'null' : String(value)} onBlur={(event) => onChange({ variableEquals: { name, value: parseVariableValue(event.target.value) } })} placeholder="true" />
      </>
    );
  }
  return null;
}
