import type { ComponentType } from 'react';
import { desktopBridge } from '../../app/bridge';
import { mayUse, useStationInfo, type Me, type Needs } from '../../app/station-info';
import { AccountSettings } from './AccountSettings';
import { PeopleSettings } from './PeopleSettings';
import { ActivitySettings } from './ActivitySettings';
import { useHash } from '../../app/use-hash';
import { CopyButton, PageHeader } from '../../components/ui';
import { ApiKeys } from './ApiKeys';
import { DesktopSettings } from './DesktopSettings';
import { MailSettings } from './MailSettings';
import { NetworkSettings } from './NetworkSettings';
import { PrintServerSettings } from './PrintServerSettings';
import { Webhooks } from './Webhooks';
import { RetentionSettings } from './RetentionSettings';
import { SessionsSettings } from './SessionsSettings';
import './settings.css';

function StationFacts() {
  const { info } = useStationInfo();
  return (
    <section className="card">
      <h2>Station</h2>
      {info ? (
        <dl className="facts">
          <dt>API address</dt>
          <dd>
            <code>{info.apiBaseUrl ?? 'not listening'}</code> {info.apiBaseUrl && <CopyButton text={info.apiBaseUrl} />}
          </dd>
          <dt>Host</dt>
          <dd>{info.host ?? '—'}</dd>
          <dt>Port</dt>
          <dd>{info.port ?? '—'}</dd>
          {info.dataDir !== null && (
            <>
              <dt>Data folder</dt>
              <dd><code>{info.dataDir}</code></dd>
            </>
          )}
          {info.version !== null && (
            <>
              <dt>Version</dt>
              <dd>{info.version}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
      <p className="muted">
        The address and port are set when the station starts: <code>station serve --host 0.0.0.0 --port 5717</code> (or in the desktop app's
        settings file). Other machines on the network can reach the API only if the host is not 127.0.0.1.
      </p>
    </section>
  );
}

interface SettingsSection {
  /** The section's address: `#/settings/<id>`. */
  id: string;
  label: string;
  Section: ComponentType;
  /** Who may use it: the section list shows only the sections the signed-in person may use. */
  needs: Needs;
}

/** Settings, one section at a time, in the order an admin sets a station up. */
const SECTIONS: SettingsSection[] = [
  { id: 'station', label: 'Station', Section: StationFacts, needs: 'station-admin' },
  { id: 'account', label: 'Your account', Section: AccountSettings, needs: 'signed-in' },
  { id: 'people', label: 'People', Section: PeopleSettings, needs: 'station-admin' },
  { id: 'activity', label: 'Activity', Section: ActivitySettings, needs: 'viewer' },
  { id: 'keys', label: 'API keys', Section: ApiKeys, needs: 'admin' },
  { id: 'webhooks', label: 'Webhooks', Section: Webhooks, needs: 'admin' },
  { id: 'mail', label: 'Mail', Section: MailSettings, needs: 'station-admin' },
  { id: 'sessions', label: 'Sessions', Section: SessionsSettings, needs: 'signed-in' },
  { id: 'retention', label: 'Retention and disk', Section: RetentionSettings, needs: 'station-admin' },
  { id: 'network', label: 'Network', Section: NetworkSettings, needs: 'station-admin' },
  { id: 'print-server', label: 'Print server', Section: PrintServerSettings, needs: 'station-admin' },
];
/** In the desktop app only: read when the page renders, as the bridge may arrive after this module loads. */
const DESKTOP_SECTION: SettingsSection = { id: 'desktop', label: 'This computer', Section: DesktopSettings, needs: 'station-admin' };
const sectionsHere = (me: Me | null) => (desktopBridge() ? [...SECTIONS, DESKTOP_SECTION] : SECTIONS).filter((section) => mayUse(me, section.needs));

const sectionFromHash = (sections: SettingsSection[], hash: string) => sections.find((section) => section.id === hash.replace(/^#\/?/, '').split('/')[1]) ?? sections[0]!;

export function SettingsPage() {
  // The section the hash names (`#/settings/mail`).
  const { me } = useStationInfo();
  const sections = sectionsHere(me);
  const hash = useHash();
  if (sections.length === 0) return <p className="muted">Loading…</p>;
  const current = sectionFromHash(sections, hash);
  const { Section } = current;
  return (
    <div className="page">
      <PageHeader title="Settings" subtitle="Your account, the station's people, address, API keys, webhooks, mail, sign-in sessions, retention, network and print server" />
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#/settings/${section.id}`} aria-current={section.id === current.id ? 'page' : undefined}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-section">
          <Section key={current.id} />
        </div>
      </div>
    </div>
  );
}
