import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiKeys } from '../../../renderer/features/settings/ApiKeys';
import { acceptAndSignIn, renderPage, stationForPage, useBridge } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Corner Shop');
});
beforeEach(() => useBridge(station));
afterAll(() => station.stop());

describe('API keys in Settings', () => {
  it('links the API reference the station serves, and its OpenAPI document', async () => {
    renderPage(<ApiKeys />);
    const reference = await screen.findByRole('link', { name: 'API reference' });
    expect(reference).toHaveAttribute('href', '/api/reference');
    const page = await fetch(`${station.url}${reference.getAttribute('href')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    expect(screen.getByRole('link', { name: 'OpenAPI 3.1' })).toHaveAttribute('href', '/api/openapi.json');
  });

  it('creates a key, shows its secret once with a copy button, and the secret works', async () => {
    renderPage(<ApiKeys />);
    await screen.findByRole('option', { name: 'Corner Shop' });
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: station.team.id } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'WMS production' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('region', { name: 'New API key' });
    const secret = within(dialog).getByTestId('new-secret').textContent!;
    expect(secret).toMatch(/^ops_/);
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    const whoami = await fetch(`${station.url}/api/auth/whoami`, { headers: { 'X-API-Key': secret } });
    expect(whoami.status).toBe(200);

    fireEvent.click(within(dialog).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('new-secret')).not.toBeInTheDocument();
    expect(await screen.findByText('WMS production')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);
  });

  it('revokes a key after confirmation; it answers 401 from then on', async () => {
    renderPage(<ApiKeys />);
    const row = (await screen.findByText('test integration')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const question = await screen.findByRole('dialog', { name: 'Revoke “test integration”?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument());
    const whoami = await fetch(`${station.url}/api/auth/whoami`, { headers: { 'X-API-Key': station.key } });
    expect(whoami.status).toBe(401);
  });

  it('says what is missing when the name is blank', async () => {
    renderPage(<ApiKeys />);
    await screen.findByRole('option', { name: 'Corner Shop' });
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: station.team.id } });
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
  });
});

describe('API keys for a merchant’s admin who cannot see the 3PL', () => {
  let hub: StationProcess;
  beforeAll(async () => {
    hub = await stationForPage('Hub Logistics', 'three_pl');
  });
  afterAll(() => hub.stop());

  it('lists her merchant in the team picker, chosen already, and makes a key for it', async () => {
    const made = (await (await hub.admin(`/teams/${hub.team.id}/merchants`, { json: { name: 'Чайная лавка', email: 'owner@tea.example' } })).json()) as { team: { id: string }; invitation: { acceptUrl: string } };
    await acceptAndSignIn(hub, made.invitation.acceptUrl, 'owner@tea.example', 'Мэй');

    renderPage(<ApiKeys />);
    const picker = (await screen.findByLabelText('Team')) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe(made.team.id));
    expect([...picker.options].map((option) => option.textContent)).toEqual(['Чайная лавка']);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Tea WMS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const secret = within(await screen.findByRole('region', { name: 'New API key' })).getByTestId('new-secret').textContent!;
    const whoami = (await (await fetch(`${hub.url}/api/auth/whoami`, { headers: { 'X-API-Key': secret } })).json()) as { teamId: string };
    expect(whoami.teamId).toBe(made.team.id);
  });
});
