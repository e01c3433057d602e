import { useCallback, useEffect, useRef, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { useLive } from '../../app/live';
import { ErrorBanner } from '../../components/ui';

type DocumentRecord = Schemas['OrderDocument'];

/** The order's documents as its team's flow built them, each with a PDF preview. */
export function OrderDocuments({ orderId, shown }: { orderId: string; shown?: DocumentRecord[] }) {
  const [documents, setDocuments] = useState<DocumentRecord[] | null>(shown ?? null);
  const answeredByScan = useRef(shown !== undefined);
  const [preview, setPreview] = useState<{ id: string; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () => void answer(dashboard.GET('/admin/api/orders/{idOrKey}/documents', { params: { path: { idOrKey: orderId } } })).then(setDocuments, (failure: unknown) => setError(describeError(failure))),
    [orderId],
  );
  useEffect(() => {
    if (answeredByScan.current) answeredByScan.current = false;
    else load();
  }, [load]);
  useLive('order', (event) => {
    if ((event as { orderId?: string }).orderId === orderId) load();
  });
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  async function show(doc: DocumentRecord) {
    if (preview?.id === doc.id) return setPreview(null);
    try {
      setPreview({ id: doc.id, url: URL.createObjectURL(await answer(dashboard.GET('/admin/api/documents/{documentId}/pdf', { params: { path: { documentId: doc.id } }, parseAs: 'blob' }))) });
      setError(null);
    } catch (failure) {
      setError(`The preview could not be made: ${describeError(failure)}`);
    }
  }

  return (
    <section>
      <h3>Documents</h3>
      <ErrorBanner error={error} />
      {documents?.length === 0 && <p className="muted">The team's flow made no documents for this order. Check the flow on the Templates page.</p>}
      <ul className="documents">
        {documents?.map((doc) => (
          <li key={doc.id}>
            <span className={`doc-tag${doc.complete ? '' : ' incomplete'}`}>{doc.tag}</span>
            <span className="muted small">{doc.paper.name}</span>
            {doc.carrierLabel && (
              <span className="muted small">
                carrier label ({doc.carrierLabel.format.toUpperCase()}){doc.carrierLabel.name ? `: ${doc.carrierLabel.name}` : ''}
              </span>
            )}
            {doc.complete ? (
              <button type="button" className="button button-small" onClick={() => void show(doc)}>
                {preview?.id === doc.id ? 'Hide' : 'Preview'}
              </button>
            ) : (
              <span className="banner-inline">Cannot print: {doc.incompleteReason}</span>
            )}
          </li>
        ))}
      </ul>
      {preview && <iframe className="pdf-preview" title="Document preview" src={preview.url} />}
    </section>
  );
}
