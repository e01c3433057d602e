/** JSON columns: undefined and null are stored as SQL NULL and read back as undefined. */
export const toJsonColumn = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

export const fromJsonColumn = <T>(value: string | null | undefined): T | undefined =>
  value === null || value === undefined ? undefined : (JSON.parse(value) as T);
