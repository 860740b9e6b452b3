/**
 * The workflow bundle holds only what workflows run: the pure domain and Temporal's workflow library.
 * zod (the domain's schemas) once came in through the domain's main barrel and more than doubled it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWorkflowBundle } from './build-bundle';

test('the workflow bundle contains no zod and no server-side module', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grain-bundle-'));
  try {
    const code = readFileSync(await buildWorkflowBundle(path.join(dir, 'workflow-bundle.js')), 'utf8');
    expect(code).toMatch(/domain\/dist\/certificate\/machine\.js/); // the module paths are in the bundle
    expect(code).not.toMatch(/node_modules\/zod\//);
    expect(code).not.toMatch(/node_modules\/(knex|pg|nodemailer|puppeteer-core)\//);
    expect(code).not.toMatch(/domain\/dist\/(validation|accounts|farm)\b/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
