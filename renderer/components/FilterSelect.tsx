/** One choice of a filter: its value and, when the value is not fit to read, the words shown. */
export type FilterChoice = string | { value: string; label: string };

/**
 * A list's filter: a labelled select whose first choice ("All" unless said) is the empty
 * value, no filter. The Orders, Batches and Activity pages filter with it, so each filter
 * reads, and is found by a screen reader, the same way.
 */
export function FilterSelect({ label, value, onChange, choices, all = 'All' }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly FilterChoice[];
  all?: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {choices.map((choice) => {
          const { value: key, label: words } = typeof choice === 'string' ? { value: choice, label: choice } : choice;
          return <option key={key} value={key}>{words}</option>;
        })}
      </select>
    </label>
  );
}
