import { useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { readFile } from '../../app/read-file';
import { TeamSelect } from '../../app/station-info';

type ShopAddress = NonNullable<Profile['address']>;

type Profile = Schemas['Shop']['profile'];

const ADDRESS_FIELDS: [keyof ShopAddress, string][] = [
  ['address1', 'Address'],
  ['address2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State / region'],
  ['postalCode', 'Postal code'],
  ['country', 'Country (e.g. GB)'],
];

/** The station keeps logos up to this size: they are inlined in every document. */
const LOGO_MAX_BYTES = 256 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

function AddressFields({ legend, value, onChange }: { legend: string; value: ShopAddress; onChange: (next: ShopAddress) => void }) {
  return (
    <fieldset className="shop-address">
      <legend>{legend}</legend>
      <div className="grid-3">
        {ADDRESS_FIELDS.map(([field, label]) => (
          <label key={field}>
            {label}
            <input value={value[field] ?? ''} onChange={(event) => onChange({ ...value, [field]: event.target.value })} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A team's shop as its documents print it (`PUT /admin/api/teams/{id}/shop`): the name on
 * every document, the address in the invoice's seller block, the return address in the
 * label's FROM block, the logo, tax number and contact.
 */
export function ShopProfile() {
  const [teamId, setTeamId] = useState('');
  const [profile, setProfile] = useState<Profile | null>(null);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (!teamId) return;
    let current = true;
    setProfile(null);
    setStatus(null);
    answer(dashboard.GET('/admin/api/teams/{teamId}/shop', { params: { path: { teamId } } })).then(
      (answer) => current && setProfile(answer.profile),
      (failure) => current && setStatus({ kind: 'error', text: describeError(failure) }),
    );
    return () => {
      current = false;
    };
  }, [teamId]);

  const set = (patch: Partial<Profile>) => {
    setProfile({ ...profile, ...patch });
    setStatus(null);
  };

  async function chooseLogo(file: File) {
    if (!LOGO_TYPES.includes(file.type)) return setStatus({ kind: 'error', text: 'The logo must be a PNG, JPEG, WebP or GIF image.' });
    if (file.size > LOGO_MAX_BYTES) return setStatus({ kind: 'error', text: `The logo is ${Math.round(file.size / 1024)} KB; at most ${LOGO_MAX_BYTES / 1024} KB.` });
    set({ logo: await readFile(file, 'dataUrl') });
  }

  async function save() {
    try {
      const saved = await answer(dashboard.PUT('/admin/api/teams/{teamId}/shop', { params: { path: { teamId } }, body: profile ?? {} }));
      setProfile(saved.profile);
      setStatus({ kind: 'saved', text: 'Saved: the next documents print with it.' });
    } catch (failure) {
      setStatus({ kind: 'error', text: describeError(failure) });
    }
  }

  const text = (field: 'name' | 'taxNumber' | 'email' | 'phone' | 'website', label: string, hint?: string) => (
    <label>
      {label}
      <input value={profile?.[field] ?? ''} placeholder={hint} onChange={(event) => set({ [field]: event.target.value })} />
    </label>
  );

  return (
    <section className="card" aria-labelledby="shop-profile">
      <h2 id="shop-profile">Shop on documents</h2>
      <p className="muted small">
        What the built-in documents print for a team: its name, the invoice's seller block (address, tax number, contact), the label's FROM block (the return
        address, else the address) and the logo beside the name.
      </p>
      <label>
        Team
        <TeamSelect value={teamId} onChange={setTeamId} />
      </label>
      {teamId && !profile && !status && <p className="muted">Loading…</p>}
      {profile && (
        <form
          className="shop-form"
          aria-label="Shop profile"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="grid-3">
            {text('name', 'Name as printed', 'the team name')}
            {text('taxNumber', 'Tax number', 'e.g. GB123456789')}
            {text('website', 'Website')}
            {text('email', 'Email')}
            {text('phone', 'Phone')}
          </div>
          <AddressFields legend="Address" value={profile.address ?? {}} onChange={(address) => set({ address })} />
          <AddressFields legend="Return address (the label's FROM block; empty: the address)" value={profile.returnAddress ?? {}} onChange={(returnAddress) => set({ returnAddress })} />
          <fieldset>
            <legend>Logo</legend>
            <div className="row">
              {profile.logo && <img className="shop-logo" src={profile.logo} alt="The shop's logo" />}
              <label>
                Logo image (PNG, JPEG, WebP or GIF, at most {LOGO_MAX_BYTES / 1024} KB)
                <input type="file" accept={LOGO_TYPES.join(',')} onChange={(event) => event.target.files?.[0] && void chooseLogo(event.target.files[0])} />
              </label>
              {profile.logo && (
                <button type="button" className="button button-ghost" onClick={() => set({ logo: '' })}>
                  Remove the logo
                </button>
              )}
            </div>
          </fieldset>
          <div className="row">
            <button type="submit" className="button button-primary">
              Save the shop
            </button>
          </div>
        </form>
      )}
      <p role="status" className={status?.kind === 'error' ? 'team-language-error' : 'small'}>
        {status?.text}
      </p>
    </section>
  );
}
