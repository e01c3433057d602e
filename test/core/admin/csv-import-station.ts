import { afterEach, beforeEach, expect } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from './admin-helpers';

/* The CSV import tests' station (csv-import*.test.ts); the bindings are live. */
export let running: RunningStation;
export let admin: ReturnType<typeof adminClient>;
/** A fresh station for each test of the file (an import's orders are the test's alone). */
export function useCsvStation(): void {
  beforeEach(async () => {
    running = await startStation();
    admin = adminClient(running);
  });
  afterEach(() => running.stop());
}

export async function post(path: string, json: unknown) {
  const response = await admin.call(path, { json });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

export const ordersOf = async (teamId: string) => (await (await admin.call(`/admin/api/orders?team=${teamId}&limit=500`)).json()).orders as { id: string; orderNumber: string }[];
export const detail = async (id: string) => (await admin.call(`/admin/api/orders/${id}`)).json();
