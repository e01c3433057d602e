import { useCallback } from 'react';
import { describeError } from './api';

/**
 * An action on a list a section shows (remove, set a role, add a route): it clears the
 * section's error, runs, and reads the list again; a failure goes to the section's banner in
 * words.
 */
export function useListAction(load: () => void, setError: (error: string | null) => void) {
  return useCallback(
    async (run: () => Promise<unknown>) => {
      setError(null);
      try {
        await run();
        load();
      } catch (failure) {
        setError(describeError(failure));
      }
    },
    [load, setError],
  );
}
