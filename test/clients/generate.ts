import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';

export const clientsDir = fileURLToPath(new URL('.', import.meta.url));
export const generatedDir = join(clientsDir, 'generated');

/**
 * What an integrator does first: fetch the served document and generate typed clients from
 * it, each generator with its default options (openapi-typescript's types for openapi-fetch;
 * @hey-api/openapi-ts's types, SDK and fetch client). The output is not committed.
 */
export async function generateClients(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const document = await response.text();
  rmSync(generatedDir, { recursive: true, force: true });
  mkdirSync(join(generatedDir, 'openapi-typescript'), { recursive: true });
  const documentFile = join(generatedDir, 'openapi.json');
  writeFileSync(documentFile, document);

  writeFileSync(join(generatedDir, 'openapi-typescript', 'schema.d.ts'), astToString(await openapiTS(JSON.parse(document))));
  await createClient({
    input: documentFile,
    output: join(generatedDir, 'hey-api'),
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
}
