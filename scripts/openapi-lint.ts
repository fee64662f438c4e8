// `npm run openapi:lint`: renders the OpenAPI document exactly as /v1/openapi.json
// serves it and lints it with Redocly (warnings shown, errors fail).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOpenApiDocument } from '../lib/contract/openapi';

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-openapi-')), 'openapi.json');
const document = createOpenApiDocument({
  production: process.env.PETSTORE_PRODUCTION_URL ?? 'https://api.petstore.dev/v1',
  staging: process.env.PETSTORE_STAGING_URL ?? 'https://staging.api.petstore.dev/v1',
});
fs.writeFileSync(file, JSON.stringify(document, null, 2));
const lint = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', file], { stdio: 'inherit' });
process.exit(lint.status ?? 1);
