import { useEffect, useState } from 'react';
import { ApiError, describeError } from '../../app/api';
import { errorPosition, previewPdf, type TemplateDraft } from './templates';

const PREVIEW_DELAY_MS = 600;

export interface PreviewState {
  url: string | null;
  busy: boolean;
  error: string | null;
  /** Where the body fails to parse, when that is the error. */
  position: { line: number; column: number } | null;
}

/**
 * The draft as a PDF, re-rendered a moment after typing stops; the older request is
 * aborted so a slow render never overwrites a newer one.
 */
export function usePreview(teamId: string, draft: TemplateDraft, orderId: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ url: null, busy: false, error: null, position: null });
  useEffect(() => {
    if (!teamId) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((current) => ({ ...current, busy: true }));
      previewPdf(teamId, draft, orderId, controller.signal).then(
        (blob) => setState({ url: URL.createObjectURL(blob), busy: false, error: null, position: null }),
        (failure: unknown) => {
          if ((failure as Error).name === 'AbortError') return;
          const syntax = failure instanceof ApiError && failure.code === 'template_syntax_error';
          const message = syntax ? (failure as ApiError).message : describeError(failure);
          setState((current) => ({ ...current, busy: false, error: message, position: syntax ? errorPosition(message) : null }));
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
