import { useState } from 'react';
import type { Printer } from './use-printers';

/**
 * The name a printer is shown by. Enter, the Save button or leaving the field saves it, and
 * "Saved" confirms it; an unsaved edit says so.
 */
export function NicknameField({ printer, save }: { printer: Printer; save(nickname: string): Promise<boolean> }) {
  const [value, setValue] = useState(printer.nickname);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const changed = value.trim() !== printer.nickname;
  async function commit() {
    // Enter saves, then leaving the field would save the same name again.
    if (!changed || state === 'saving') return;
    setState('saving');
    setState((await save(value.trim())) ? 'saved' : 'idle');
  }
  return (
    <form
      className="nickname"
      onSubmit={(event) => {
        event.preventDefault();
        void commit();
      }}
    >
      <input
        aria-label={`Nickname of ${printer.name}`}
        value={value}
        placeholder={printer.name}
        maxLength={100}
        onChange={(event) => {
          setValue(event.target.value);
          setState('idle');
        }}
        onBlur={() => void commit()}
      />
      {changed && (
        <button type="submit" className="button button-small" disabled={state === 'saving'}>
          Save
        </button>
      )}
      <span className="hint" role="status">
        {state === 'saving' ? 'Saving…' : state === 'saved' && !changed ? 'Saved' : changed ? 'Not saved yet' : ''}
      </span>
    </form>
  );
}
