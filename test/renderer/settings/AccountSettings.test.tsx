import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSettings } from '../../../renderer/features/settings/AccountSettings';
import { renderPage, signedInAs, stationForPage } from '../station-harness';
import type { StationProcess } from '../station-process';

let station: StationProcess;
beforeAll(async () => {
  station = await stationForPage('Account shop');
});
afterAll(() => station.stop());

describe('Settings → Your account: the bench PIN', () => {
  it('says beside the form why a weak PIN is refused, and that a good one is set', async () => {
    await signedInAs(station, 'operator', 'pin-person@account.example');
    renderPage(<AccountSettings />);
    const pinField = await screen.findByLabelText(/^PIN \(4 to 8 digits/);
    const form = pinField.closest('form')!;
    const set = (pin: string) => {
      fireEvent.change(pinField, { target: { value: pin } });
      fireEvent.change(within(form).getByLabelText('Your password'), { target: { value: 'a password for the page' } });
      fireEvent.submit(form);
    };
    set('1234');
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(/run of digits/);
    // Beside the PIN form, not at the top of the section.
    expect(form.parentElement!.contains(refusal)).toBe(true);
    set('5830');
    expect(await screen.findByText('PIN set: sign in at a paired bench screen with your e-mail and this PIN.')).toBeInTheDocument();
  });
});

describe('Settings → Your account: a new badge', () => {
  it('shows the badge as a card with the person’s name and its barcode, to print', async () => {
    await signedInAs(station, 'operator', 'badge-person@account.example');
    renderPage(<AccountSettings />);
    const passwordField = await screen.findByLabelText('Your password (it confirms a new badge)');
    fireEvent.change(passwordField, { target: { value: 'a password for the page' } });
    fireEvent.submit(passwordField.closest('form')!);
    const card = await screen.findByRole('figure', { name: /^Badge card of / });
    const code = within(card).getByText(/^STAFF-/).textContent!;
    expect(within(card).getByRole('img', { name: `Barcode ${code}` }).querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Print badge card' })).toBeInTheDocument();
  });
});
