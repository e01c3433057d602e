import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonFileSettings, SETTINGS_FILE } from '../../../main/core/foundations/settings/json-file-settings';
import type { SettingsStore } from '../../../main/core/foundations/settings/settings-store';
import { startStation } from '../../helpers/station';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mail = { host: 'smtp.example.com', port: 587, secure: false, user: 'u', password: 'p', from: 'a@example.com' };

describe('JSON file settings', () => {
  it('reads nothing from a fresh data dir', () => {
    expect(jsonFileSettings(dir).get('mail')).toBeUndefined();
  });

  it('keeps a value across instances (another process sees what one wrote)', () => {
    jsonFileSettings(dir).set('mail', mail);
    expect(jsonFileSettings(dir).get('mail')).toEqual(mail);
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).toEqual({ mail });
  });

  it('hands out copies: a caller changing what it read changes neither the file nor the next read', () => {
    const settings = jsonFileSettings(dir);
    settings.set('mail', mail);
    const read = settings.get('mail')!;
    read.host = 'smtp.changed.example';
    expect(settings.get('mail')).toEqual(mail);
    settings.set('network', { imageHostsAllowed: [] });
    expect(settings.get('mail')).toEqual(mail);
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).mail).toEqual(mail);
  });

  it('a running station sees a change another process wrote after it read the file, and a hand edit too', () => {
    const running = jsonFileSettings(dir);
    expect(running.get('mail')).toBeUndefined();
    jsonFileSettings(dir).set('mail', mail);
    expect(running.get('mail')).toEqual(mail);
    // Read again without a change: the same value, and one the caller may change freely.
    const copy = running.get('mail')!;
    copy.host = 'changed.example.com';
    expect(running.get('mail')!.host).toBe('smtp.example.com');
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ mail: { ...mail, host: 'edited.example.com' } }));
    expect(running.get('mail')!.host).toBe('edited.example.com');
  });

  it('writes the file readable by its owner only, since it holds the SMTP password', () => {
    jsonFileSettings(dir).set('mail', mail);
    expect(statSync(join(dir, SETTINGS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('removes a key set to undefined and keeps unknown keys written by newer versions', () => {
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ future: { x: 1 }, mail }));
    const settings = jsonFileSettings(dir);
    settings.set('mail', undefined);
    expect(settings.get('mail')).toBeUndefined();
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).toEqual({ future: { x: 1 } });
  });

  it('refuses a corrupt file with a message naming it instead of silently dropping settings', () => {
    writeFileSync(join(dir, SETTINGS_FILE), '{ not json');
    expect(() => jsonFileSettings(dir).get('mail')).toThrow(SETTINGS_FILE);
  });
});

describe('a host-provided SettingsStore', () => {
  it('is the one the station reads and writes: mail settings go there, no settings.json appears', async () => {
    const values = new Map<string, unknown>();
    const inMemory: SettingsStore = {
      get: (key) => values.get(key) as never,
      set: (key, value) => void (value === undefined ? values.delete(key) : values.set(key, value)),
    };
    const s = await startStation({ settings: inMemory });
    try {
      const session = s.station.services.adminSessions.createSessionToken();
      const res = await s.call('/admin/api/settings/mail', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${session}` },
        json: { host: 'smtp.example.com', port: 465, secure: true, from: 'station@example.com' },
      });
      expect(res.status).toBe(200);
      expect(values.get('mail')).toEqual({ host: 'smtp.example.com', port: 465, secure: true, from: 'station@example.com' });
      expect(existsSync(join(s.dataDir, SETTINGS_FILE))).toBe(false);
    } finally {
      await s.stop();
    }
  });
});
