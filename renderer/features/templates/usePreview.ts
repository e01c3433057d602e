import { useEffect, useState } from 'react';
import { previewPdf, problemOf, type TemplateDraft, type TemplateProblem } from './templates';

const PREVIEW_DELAY_MS = 600;

export interface PreviewState {
  url: string | null;
  busy: boolean;
  /** Why the draft does not render (a syntax error carries where it began). */
  problem: TemplateProblem | null;
}

/**
 * The draft as a PDF, re-rendered a moment after typing stops; the older request is
 * aborted so a slow render never overwrites a newer one.
 */
export function usePreview(teamId: string, draft: TemplateDraft, orderId: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ url: null, busy: false, problem: null });
  useEffect(() => {
    if (!teamId) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((current) => ({ ...current, busy: true }));
      previewPdf(teamId, draft, orderId, controller.signal).then(
        (blob) => setState({ url: URL.createObjectURL(blob), busy: false, problem: null }),
        (failure: unknown) => {
          if ((failure as Error).name === 'AbortError') return;
          setState((current) => ({ ...current, busy: false, problem: problemOf(failure) }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [teamId, draft, orderId]);
  useEffect(() => {
    const url = state.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [state.url]);
  return state;
}
