import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError } from '../../app/api';
import { useLive } from '../../app/live';
import { ErrorBanner, RelativeTime } from '../../components/ui';
import { explainLinkError, type LinkError } from './links';

/** The link's recent failures at ingest (the order went in unlinked each time). */
export function LinkErrors({ linkId }: { linkId: string }) {
  const [errors, setErrors] = useState<LinkError[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(
    () => void answer(dashboard.GET('/admin/api/links/{linkId}/errors', { params: { path: { linkId }, query: { limit: 20 } } })).then(setErrors, (failure: unknown) => setProblem(describeError(failure))),
    [linkId],
  );
  useEffect(load, [load]);
  // Each incoming order may run the link and record a failure.
  useLive('order', load);
  return (
    <div className="link-errors">
      <ErrorBanner error={problem} />
      {errors?.length === 0 && <p className="muted small">No errors: every evaluation of this link ran cleanly.</p>}
      {errors && errors.length > 0 && (
        <table className="table compact" aria-label="Recent link errors">
          <thead><tr><th>When</th><th>Stage</th><th>Incoming order</th><th>Error</th></tr></thead>
          <tbody>
            {errors.map((error) => (
              <tr key={error.id}>
                <td><RelativeTime at={error.at} /></td>
                <td>{error.stage}</td>
                <td><code>{error.source}-{error.sourceId}</code></td>
                <td>
                  <span className="banner-inline">{explainLinkError(error.stage, error.message)}</span>
                  <br />
                  <code className="small muted">{error.message}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
