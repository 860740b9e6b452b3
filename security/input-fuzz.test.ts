/**
 * Schema-driven fuzzing of every POST and PUT endpoint of the app (read from Express's router) with
 * fast-check: arbitrary JSON bodies, records of each endpoint's known fields (taken from its zod
 * schema where the schema is exported, else the spec's field names) holding arbitrary and hostile
 * values, and random files at the upload endpoints. Signed in as the company admin, so requests
 * reach as deep as they can. 0 answers with status >= 500, and a refused request (4xx) leaves every
 * table exactly as it was (one md5 per table, taken by the database before and after each request).
 */
import fc from 'fast-check';
import {
  certificateInput,
  createActionsInput,
  delegateInput,
  accountSchemas,
  farmDataInputSchemaFor,
  getAuditRequestSchema,
  levelUpdateInput,
  loginSchema,
  reassignInput,
  redateInput,
  rejectInput,
  reopenInput,
  signInput,
  submitFixInput,
  templateInput,
} from '@grain/domain';
import { appRoutes, type RouteInfo } from './support/routes';
import { changedTables, dbSnapshot } from './support/db-checksum';
import { concretePath, startWorld, type World } from './support/world';

jest.setTimeout(300_000);

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 8);
const UPLOAD_ROUTES = /\/(upload|document\/create|document\/:id\/update|verify\/pdf|corrective-actions\/:id\/evidence)$/;

/** Field names of a zod object (v3 or v4), of the objects of a union, or of the object inside a wrapper. */
function fieldsOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; _def?: { schema?: unknown; in?: unknown; innerType?: unknown; options?: unknown[] } };
  if (s?.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  if (Array.isArray(s?._def?.options)) return [...new Set(s._def.options.flatMap(fieldsOf))];
  const inner = s?._def?.schema ?? s?._def?.in ?? s?._def?.innerType;
  return inner ? fieldsOf(inner) : [];
}
const SCHEMAS: Array<[RegExp, unknown]> = [
  [/approval\/create$|approval\/:id\/update$/, certificateInput],
  [/sign$/, signInput],
  [/reject$/, rejectInput],
  [/delegate$/, delegateInput],
  [/approvallevel\/:id\/update$/, levelUpdateInput],
  [/approvaltemplate\/create$/, templateInput],
  [/auth\/login$/, loginSchema],
  [/auth\/register$/, accountSchemas('AU').registerSchema],
  [/harvesting\/create$/, farmDataInputSchemaFor('2026-11-27')],
  [/getaudit$/, getAuditRequestSchema],
  [/corrective-actions$/, createActionsInput],
  [/corrective-actions\/:id\/fix$/, submitFixInput],
  [/corrective-actions\/:id\/reopen$/, reopenInput],
  [/corrective-actions\/:id\/reassign$/, reassignInput],
  [/corrective-actions\/:id\/redate$/, redateInput],
];
/** Spec field names of the calls whose schema is not exported (accounts, documents, verification, policy). */
const SPEC_FIELDS = [
  'email',
  'password',
  'newPassword',
  'token',
  'name',
  'firstname',
  'lastname',
  'phone',
  'role',
  'status',
  'groupName',
  'roles',
  'street',
  'suburb',
  'city',
  'state',
  'postcode',
  'province',
  'country',
  'tfn',
  'website',
  'farm_data_id',
  'fileName',
  'docName',
  'docType',
  'description',
  'version',
  'signaturePassword',
  'farmData',
  'termsAccepted',
  'approval',
  'reason',
  'toLevel',
  'to',
  'otp',
  'note',
  'signature',
  'data',
  'guid',
];
const fieldsFor = (r: RouteInfo) => [
  ...new Set([...(SCHEMAS.find(([re]) => re.test(r.path))?.[1] ? fieldsOf(SCHEMAS.find(([re]) => re.test(r.path))![1]) : []), ...SPEC_FIELDS]),
];

let w: World;
let routes: RouteInfo[];
beforeAll(async () => {
  // the public limits out of the way: the fuzz is to reach the handlers behind them (the throttle has its own test)
  w = await startWorld({ env: { PUBLIC_VERIFY_PER_MINUTE: '100000', PUBLIC_CHECK_PER_MINUTE: '100000' } });
  await w.settle();
  // Deletes last, so the objects the other routes name still exist while they are fuzzed.
  routes = appRoutes(w.t.app)
    .filter((r) => r.method === 'POST' || r.method === 'PUT')
    .sort((a, b) => Number(/delete$/.test(a.path)) - Number(/delete$/.test(b.path)));
});
afterAll(() => w?.close());

function hostile(w: World): fc.Arbitrary<unknown> {
  const o = w.own;
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ maxLength: 300 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1e309',
      'NaN',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '\u0000',
      'a'.repeat(5000),
      '2025-02-30',
      '9999-12-31T23:59:59Z',
      o.companyId,
      o.signingId,
      `${o.signingId}-L1`,
      o.co.users.staff.id,
      w.foreign.co.users.staff.id,
      w.foreign.signingId,
      o.auditId,
      o.evidenceId,
      w.foreign.auditId,
      w.foreign.evidenceId,
    ),
    fc.array(fc.oneof(fc.string(), fc.record({ _id: fc.oneof(fc.string(), fc.constantFrom(o.co.users.signer2.id, w.foreign.co.users.signer2.id)) })), {
      maxLength: 5,
    }),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  );
}

interface Outcome {
  status: number;
  code?: string;
  changed: string[];
}

/** After an accepted request: its work may go on after the answer (mails, their records); wait until the database is quiet. */
let settle = false;
async function quietSnapshot(k: Parameters<typeof dbSnapshot>[0]) {
  let snap = await dbSnapshot(k);
  for (let i = 0; settle && i < 50; i++) {
    await new Promise((res) => setTimeout(res, 100));
    const next = await dbSnapshot(k);
    if (changedTables(snap, next).length === 0) break;
    snap = next;
  }
  return snap;
}

async function attempt(r: RouteInfo, body: unknown, file?: { data: Uint8Array; name: string }): Promise<Outcome> {
  const k = w.t.db.knex;
  const before = await quietSnapshot(k);
  const path = concretePath(w, r.path);
  let req = r.method === 'PUT' ? w.agents.admin.put(path) : w.agents.admin.post(path);
  const res = file
    ? await req
        .field('farm_data_id', w.own.farmId)
        .field('docType', 'certificate')
        .field('version', '1')
        .attach('file', Buffer.from(file.data), { filepath: file.name || 'x', contentType: 'application/octet-stream' } as never)
    : await (req = req.set('Content-Type', 'application/json')).send(JSON.stringify(body));
  const changed = res.status >= 400 ? changedTables(before, await dbSnapshot(k)) : [];
  settle = res.status < 400;
  return { status: res.status, code: res.body?.code, changed };
}

/**
 * One request. A refused one that seems to have changed tables is sent again once the database has
 * settled: an earlier accepted request's after-work (a mail's record, a read-model write) can land
 * late on a busy machine, while a refused request that writes writes again. Only the second
 * attempt's changes count.
 */
async function send(r: RouteInfo, body: unknown, file?: { data: Uint8Array; name: string }): Promise<Outcome> {
  const first = await attempt(r, body, file);
  if (first.status < 400 || first.changed.length === 0) return first;
  await w.settle();
  const again = await attempt(r, body, file);
  return again.status === first.status ? again : first;
}

const problems: string[] = [];
const tally = { requests: 0, refused: 0, accepted: 0 };

function check(r: RouteInfo, what: string, o: Outcome): boolean {
  tally.requests++;
  if (o.status >= 400) tally.refused++;
  else tally.accepted++;
  if (o.status >= 500) problems.push(`${r.path} ${what}: ${o.status} ${o.code}`);
  if (o.changed.length) problems.push(`${r.path} ${what}: refused (${o.status} ${o.code}) but changed ${o.changed.join(', ')}`);
  // Every problem is collected (with its route and body) and asserted at the end, rather than
  // stopping at the first with a counterexample that does not name the route.
  return true;
}

it('answers every POST and PUT endpoint without a 5xx, and a refused request changes nothing', async () => {
  expect(routes.length).toBeGreaterThan(40);
  for (const r of routes) {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => check(r, `body ${JSON.stringify(body).slice(0, 100)}`, await send(r, body))),
      { numRuns: RUNS, seed: SEED },
    );
    const fields = fieldsFor(r);
    const record = fc.record(Object.fromEntries(fields.map((f) => [f, hostile(w)])), { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(record, async (body) => check(r, `fields ${JSON.stringify(body).slice(0, 100)}`, await send(r, body))),
      { numRuns: RUNS * 2, seed: SEED },
    );
    if (UPLOAD_ROUTES.test(r.path)) {
      const file = fc.record({
        data: fc.uint8Array({ maxLength: 3000 }),
        name: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('a.pdf', 'a.csv', 'a.png', 'a.txt', 'a.docx', '../a.pdf', 'a.pdf.exe')),
      });
      await fc.assert(
        fc.asyncProperty(file, async (f) => check(r, `file ${JSON.stringify(f.name)} (${f.data.length} bytes)`, await send(r, undefined, f))),
        { numRuns: RUNS, seed: SEED },
      );
    }
  }
  console.log(
    `fuzz: ${routes.length} POST and PUT endpoints, ${tally.requests} requests, ${tally.refused} refused, ${tally.accepted} accepted, ${problems.length} problems`,
  );
  expect(problems).toEqual([]);
});
