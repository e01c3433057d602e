import { fireEvent, screen, within } from '@testing-library/react';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSettings, mailSettingsBody } from '../../../renderer/features/settings/MailSettings';
import { renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;

beforeAll(async () => {
  station = await stationForPage();
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const view = async () => (await (await station.admin('/settings/mail')).json()) as Record<string, unknown>;
const field = (name: string) => within(screen.getByRole('region', { name: 'Mail' })).getByLabelText(name, { exact: true });

describe('Mail settings', () => {
  it('saves SMTP settings; the password is sent once and never shown again', async () => {
    renderPage(<MailSettings />);
    const host = await within(await screen.findByRole('region', { name: 'Mail' })).findByLabelText('SMTP host');
    fireEvent.change(host, { target: { value: '127.0.0.1' } });
    fireEvent.change(field('Port'), { target: { value: String(await closedPort()) } });
    fireEvent.change(field('User'), { target: { value: 'station' } });
    fireEvent.change(field('Password'), { target: { value: 'hunter2-secret' } });
    fireEvent.change(field('From'), { target: { value: 'Station <station@example.com>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText('Mail settings saved. The next invitation uses them.')).toBeInTheDocument();
    expect(field('Password')).toHaveValue('');
    expect(field('Password')).toHaveAttribute('placeholder', 'stored — type to replace');
    const saved = await view();
    expect(saved).toMatchObject({ configured: true, host: '127.0.0.1', user: 'station', from: 'Station <station@example.com>', passwordSet: true });
    expect(JSON.stringify(saved)).not.toContain('hunter2');
  });

  it('a test message to a server that is not there says why it was not sent', async () => {
    renderPage(<MailSettings />);
    const to = await screen.findByLabelText('Send a test message to');
    fireEvent.change(to, { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(/^No test message sent: /, {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('keeps the stored password when another field changes, and forgets it on request', async () => {
    renderPage(<MailSettings />);
    await screen.findByRole('button', { name: 'Forget the password' });
    fireEvent.change(field('Link address for invitations (optional)'), { target: { value: 'https://station.example.com/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mail settings' }));
    await screen.findByText(/Mail settings saved/);
    expect(await view()).toMatchObject({ linkBaseUrl: 'https://station.example.com', passwordSet: true });
    fireEvent.click(screen.getByRole('button', { name: 'Forget the password' }));
    await screen.findByText(/Mail settings saved/);
    expect((await view()).passwordSet).toBe(false);
  });

  it('shows the field the station refused', async () => {
    renderPage(<MailSettings />);
    await screen.findByRole('button', { name: 'Remove' });
    fireEvent.change(field('Port'), { target: { value: '70000' } });
    fireEvent.submit(field('Port').closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(/The mail settings are not valid — port/);
  });

  it('an empty password field sends no password; clearing sends null', () => {
    const form = { host: ' smtp.example.com ', port: '465', secure: true, user: '', password: '', from: 'a@b.c', linkBaseUrl: '' };
    expect(mailSettingsBody(form, false)).toEqual({ host: 'smtp.example.com', port: 465, secure: true, user: null, from: 'a@b.c', linkBaseUrl: null });
    expect(mailSettingsBody({ ...form, password: 'x' }, true)).toMatchObject({ password: null });
  });
});
