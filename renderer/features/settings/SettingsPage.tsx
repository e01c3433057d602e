import { desktopBridge } from '../../app/bridge';
import { useStationInfo } from '../../app/station-info';
import { CopyButton, PageHeader } from '../../components/ui';
import { ApiKeys } from './ApiKeys';
import { DesktopSettings } from './DesktopSettings';
import { MailSettings } from './MailSettings';
import { NetworkSettings } from './NetworkSettings';
import { Webhooks } from './Webhooks';
import { RetentionSettings } from './RetentionSettings';
import { SessionsSettings } from './SessionsSettings';

export function SettingsPage() {
  const { info } = useStationInfo();
  return (
    <div className="page">
      <PageHeader title="Settings" subtitle="The station's address, API keys for integrations" />
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
            <dt>Data folder</dt>
            <dd><code>{info.dataDir}</code></dd>
            <dt>Version</dt>
            <dd>{info.version}</dd>
          </dl>
        ) : (
          <p className="muted">Loading…</p>
        )}
        <p className="muted">
          The address and port are set when the station starts: <code>station serve --host 0.0.0.0 --port 5717</code> (or in the desktop app's
          settings file). Other machines on the network can reach the API only if the host is not 127.0.0.1.
        </p>
      </section>
      <ApiKeys />
      <Webhooks />
      <MailSettings />
      <SessionsSettings />
      <RetentionSettings />
      <NetworkSettings />
      {desktopBridge() && <DesktopSettings />}
    </div>
  );
}
