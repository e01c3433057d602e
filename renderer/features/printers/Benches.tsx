import { useCallback, useEffect, useState } from 'react';
import { useLiveReload } from '../../app/live';
import { useListAction } from '../../app/use-list-action';
import { answer, benchToken, dashboard, describeError, pairWithBench, unpairBench, type Schemas } from '../../app/api';
import { mayUse, useStationInfo } from '../../app/station-info';
import { ErrorBanner, ExplainedButton, StatusChip, SubmitForm } from '../../components/ui';
import { printerLabel, type Printer } from './use-printers';
import { DesktopWindowSetting } from './DesktopWindowSetting';

type Bench = Schemas['Bench'];

/** This screen's bench, if it is paired, read from the station (a removed bench unpairs it). */
export function useScreenBench() {
  const [bench, setBench] = useState<Bench | null>(null);
  const load = useCallback(() => {
    if (!benchToken()) return setBench(null);
    answer(dashboard.GET('/admin/api/bench-screen')).then((screen) => setBench(screen.bench), () => setBench(null));
  }, []);
  useEffect(() => {
    load();
    window.addEventListener('station:bench-changed', load);
    return () => window.removeEventListener('station:bench-changed', load);
  }, [load]);
  return bench;
}

/**
 * Pairs this screen with a bench by the code the Benches section shows (anyone at the screen;
 * the code is the proof). Signed in, a paired screen says which bench it is and can be
 * unpaired; at the sign-in page (`beforeSignIn`) a paired screen shows its locked screen instead.
 */
export function PairThisScreen({ beforeSignIn = false }: { beforeSignIn?: boolean }) {
  const bench = useScreenBench();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (bench && beforeSignIn) return null;
  if (bench) {
    return (
      <p className="small" role="status">
        This screen is <strong>{bench.name}</strong>: its scans print at the bench’s printers.{' '}
        <button type="button" className="button button-small" onClick={unpairBench}>Unpair</button>
      </p>
    );
  }
  return (
    <SubmitForm
      className="row"
      onSubmit={async () => {
        setError(null);
        try {
          await pairWithBench(code.trim());
          setCode('');
        } catch (failure) {
          setError(describeError(failure));
        }
      }}
    >
      <label>
        Pair this screen with a bench: code
        <input value={code} onChange={(event) => setCode(event.target.value)} placeholder="e.g. K7PX2MQR" maxLength={20} autoComplete="off" />
      </label>
      <ExplainedButton type="submit" className="button" why={code.trim() ? null : 'Enter the code the Benches section shows on the station.'}>
        Pair
      </ExplainedButton>
      <ErrorBanner error={error} />
    </SubmitForm>
  );
}

/** The station's benches: their printers' health, and for a station admin their routing and pairing codes. */
export function Benches({ printers }: { printers: Printer[] }) {
  const { me } = useStationInfo();
  const admin = mayUse(me, 'station-admin');
  const [benches, setBenches] = useState<Bench[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [codes, setCodes] = useState<Record<string, { code: string; expiresAt: string }>>({});
  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/benches')).then(setBenches, (failure: unknown) => setError(describeError(failure)));
  }, []);
  useEffect(load, [load]);
  // Screens paired and people signing in and out at the benches, as they happen; and the printers' health.
  useLiveReload(['bench', 'printers'], load, 300);

  const act = useListAction(load, setError);
  const usable = printers.filter((printer) => printer.status !== 'missing');

  return (
    <section className="card" aria-label="Benches">
      <h2>Benches</h2>
      <p className="muted small">A bench is a place where parcels are packed: a paired screen there prints its scans at the bench’s printers; tags without a route print by the team’s routing.</p>
      <ErrorBanner error={error} />
      <PairThisScreen />
      {benches?.length === 0 && <p className="muted">No benches yet.</p>}
      {benches?.map((bench) => (
        <div key={bench.id} className="bench" aria-label={`Bench ${bench.name}`}>
          <h3>
            {bench.name} <span className="muted small">· {bench.screens === 1 ? '1 paired screen' : `${bench.screens} paired screens`}</span>
          </h3>
          <p className="small">{bench.signedIn.length ? `Signed in here: ${bench.signedIn.join(', ')}` : 'Nobody signed in here.'}</p>
          <ul className="plain">
            {bench.routes.map((route) => {
              const printer = bench.printers.find((candidate) => candidate.id === route.printerId);
              return (
                <li key={route.tag}>
                  <code>{route.tag}</code> → {printer?.name ?? 'a removed printer'}
                  {route.tray ? ` (${route.tray})` : ''} {printer && <StatusChip status={printer.status} />}
                  {printer?.statusReason && <span className="muted small"> {printer.statusReason}</span>}
                  {admin && (
                    <button type="button" className="button button-small" aria-label={`Remove the ${route.tag} route of ${bench.name}`} onClick={() => void act(() => answer(dashboard.DELETE('/admin/api/benches/{id}/routes/{tag}', { params: { path: { id: bench.id, tag: route.tag } } })))}>
                      Remove
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {admin && <BenchRouteForm bench={bench} printers={usable} onSave={(tag, printerId, tray) => act(() => answer(dashboard.PUT('/admin/api/benches/{id}/routes/{tag}', { params: { path: { id: bench.id, tag } }, body: { printerId, tray } })))} />}
          {admin && (
            <p className="row">
              <button type="button" className="button" onClick={() => void act(async () => setCodes({ ...codes, [bench.id]: await answer(dashboard.POST('/admin/api/benches/{id}/pairing-code', { params: { path: { id: bench.id } } })) }))}>
                Pair a screen
              </button>
              {codes[bench.id] && (
                <span role="status">
                  Type <strong className="pairing-code">{codes[bench.id]!.code}</strong> on the bench’s screen (Printers → Benches) before {new Date(codes[bench.id]!.expiresAt).toLocaleTimeString()}.
                </span>
              )}
              <button type="button" className="button button-danger" onClick={() => void act(() => answer(dashboard.DELETE('/admin/api/benches/{id}', { params: { path: { id: bench.id } } })))}>
                Remove bench
              </button>
            </p>
          )}
        </div>
      ))}
      {admin && benches && benches.length > 0 && <DesktopWindowSetting benches={benches} />}
      {admin && (
        <SubmitForm className="row" onSubmit={() => act(async () => (await answer(dashboard.POST('/admin/api/benches', { body: { name: name.trim() } })), setName('')))}>
          <label>
            New bench
            <input value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. Bench 2" maxLength={60} />
          </label>
          <ExplainedButton type="submit" className="button button-primary" why={name.trim() ? null : 'Name the bench first.'}>
            Add bench
          </ExplainedButton>
        </SubmitForm>
      )}
    </section>
  );
}

/** The document tags the teams' flows make: what a route's tag can be (offered, and a tag none makes is said). */
function useDocumentTags(): Array<{ tag: string; teams: Array<{ id: string; name: string }> }> | null {
  const [tags, setTags] = useState<Array<{ tag: string; teams: Array<{ id: string; name: string }> }> | null>(null);
  useEffect(() => {
    answer(dashboard.GET('/admin/api/document-tags')).then(setTags, () => setTags(null));
  }, []);
  return tags;
}

/** A tag no flow makes, said beside the field: the closest tag the flows make, if one is close (case, spaces, dashes). */
export function unknownTagNote(typed: string, tags: ReadonlyArray<{ tag: string }> | null): string | null {
  const tag = typed.trim();
  if (!tag || !tags || tags.some((known) => known.tag === tag)) return null;
  const plain = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
  const near = tags.find((known) => plain(known.tag) === plain(tag));
  const made = tags.map((known) => known.tag).join(', ') || 'none yet';
  return near ? `No flow makes documents tagged “${tag}”: did you mean ${near.tag}?` : `No flow makes documents tagged “${tag}” (the flows make: ${made}). It is saved as typed.`;
}

function BenchRouteForm({ bench, printers, onSave }: { bench: Bench; printers: Printer[]; onSave: (tag: string, printerId: string, tray: string | null) => Promise<void> }) {
  const [tag, setTag] = useState('');
  const [printerId, setPrinterId] = useState('');
  const [tray, setTray] = useState('');
  const printer = printers.find((candidate) => candidate.id === printerId);
  const tags = useDocumentTags();
  const note = unknownTagNote(tag, tags);
  const listId = `bench-tags-${bench.id}`;
  return (
    <SubmitForm className="row" onSubmit={async () => (await onSave(tag.trim(), printerId, tray || null), setTag(''), setTray(''))}>
      <label>
        Tag at {bench.name}
        <input value={tag} onChange={(event) => setTag(event.target.value)} placeholder="e.g. label" maxLength={100} list={listId} aria-describedby={note ? `${listId}-note` : undefined} />
        <datalist id={listId}>
          {tags?.map((known) => <option key={known.tag} value={known.tag}>{known.teams.map((team) => team.name).join(', ')}</option>)}
        </datalist>
      </label>
      {note && <p id={`${listId}-note`} className="small warning-text" role="status">{note}</p>}
      <label>
        Printer
        <select value={printerId} onChange={(event) => (setPrinterId(event.target.value), setTray(''))}>
          <option value="">Choose…</option>
          {printers.map((candidate) => <option key={candidate.id} value={candidate.id}>{printerLabel(candidate)}</option>)}
        </select>
      </label>
      {printer && printer.trays.length > 0 && (
        <label>
          Tray
          <select value={tray} onChange={(event) => setTray(event.target.value)}>
            <option value="">Printer’s choice</option>
            {printer.trays.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </label>
      )}
      <ExplainedButton type="submit" className="button" why={!tag.trim() ? 'Enter the document tag.' : !printerId ? 'Choose a printer.' : null}>
        Route here
      </ExplainedButton>
    </SubmitForm>
  );
}
