/**
 * The docs name files by path (the map in docs/architecture.md walks a request through a dozen of them):
 * every repository path written in backquotes in the README and docs/*.md must exist, so a move that
 * forgets the map fails here instead of leaving the next reader lost.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');
const TOP = [
  'domain',
  'persistence',
  'adapters',
  'workflows',
  'activities',
  'worker',
  'api',
  'server',
  'ui',
  'e2e',
  'bench',
  'scripts',
  'security',
  'docs',
  'jest',
  'fabric',
  'deploy',
];

/** Backquoted `top/...` paths of a markdown text, without templates (`<feature>`, `NNN_*`, `…`). */
function repoPathsIn(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, inner] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const p = inner.trim().replace(/[.,;:]$/, '');
    if (!/^[\w.@/-]+$/.test(p) || !p.includes('/')) continue; // a command, an option, a template
    if (!TOP.includes(p.split('/')[0])) continue;
    found.add(p);
  }
  return [...found];
}

const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

it('finds the paths a document names, and only those', () => {
  expect(repoPathsIn('see `api/src/x.ts`, `npm test`, `ui/src/features/<feature>/i18n.ts` and `docs/`.')).toEqual(['api/src/x.ts', 'docs/']);
});

it('the map walks the sign request through a dozen files', () => {
  expect(repoPathsIn(readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')).length).toBeGreaterThan(20);
});

it.each(docs)('every repository path %s names exists', (doc) => {
  const missing = repoPathsIn(readFileSync(path.join(root, doc), 'utf8')).filter((p) => !existsSync(path.join(root, p)));
  expect(missing).toEqual([]);
});
