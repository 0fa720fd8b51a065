import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('server/api', () => {
  it('schema.d.ts (the handlers\' request and response types) is what `npm run gen:api` generates from openapi.yaml', async () => {
    const generated = COMMENT_HEADER + astToString(await openapiTS(pathToFileURL(`${root}openapi.yaml`), { silent: true }));
    const committed = readFileSync(`${root}server/api/schema.d.ts`, 'utf8');
    expect(committed === generated, 'server/api/schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  });
});
