/**
 * The permission matrix of the certificate, farm data, documents, policy, blockchain, public
 * verification and compliance endpoints (the accounts endpoints have their own matrix in
 * api/src/accounts/permission-matrix.test.ts). Each case names what every role must get, for an
 * object of its own company and for one of the foreign company.
 *
 * Reading the expectations: permission is checked before scope, so a role without the permission
 * gets 403 whatever the object; a foreign object is 404 for whoever may act. Where the answer for an
 * allowed role is a business refusal (400 with a code: no code was issued, the caller is not a
 * signer of the level), that proves the request passed authorization and reached the rule behind it,
 * without moving the certificate. Where one status means two things for one case (403: no permission
 * for one role, not the action's owner for another), the expectation names its code: `is(403, 'ACTION_NOT_OWNER')`.
 */
import { createHash, generateKeyPairSync, sign as ecSign } from 'node:crypto';
import { samplePng } from '@grain/adapters/testing';
import type { MessageCode } from '@grain/domain';
import type { CompanyObjects, Role, World } from './world';
import { certificateBody, PDF_BYTES, ROLES } from './world';

/** A status, or a status with the one code it must carry. */
export type Answer = number | { status: number; code: MessageCode };
type Expect = Answer | [Answer, Answer];
/** A business refusal of an allowed role, by its code: the request passed authorization and reached the rule. */
const is = (status: number, code: MessageCode): Answer => ({ status, code });
interface Upload {
  field: string;
  name: string;
  data: Buffer;
  fields?: Record<string, string>;
}
export interface MatrixCase {
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** The route as Express lists it, so coverage of every route can be checked. */
  route: string;
  path: (o: CompanyObjects, w: World) => string | Promise<string>;
  body?: (o: CompanyObjects, w: World) => object | Promise<object>;
  upload?: (o: CompanyObjects) => Upload;
  expect: Record<Role, Expect>;
  /** The code expected with a given status (401/403/404 codes are checked for every case). */
  codes?: Record<number, string[]>;
}

const all = (n: Expect, anon = 401): Record<Role, Expect> => ({ admin: n, manager: n, staff: n, signer: n, anonymous: anon });
const only = (ok: Role[], yes: Expect, no: Expect = 403): Record<Role, Expect> =>
  Object.fromEntries(ROLES.map((r) => [r, r === 'anonymous' ? 401 : ok.includes(r) ? yes : no])) as Record<Role, Expect>;

/** The same for every role, signed in or not (public by design). */
const everyone = (e: Expect): Record<Role, Expect> => Object.fromEntries(ROLES.map((r) => [r, e])) as Record<Role, Expect>;
/** The world's other company than the object's. */
const otherOf = (o: CompanyObjects, w: World) => (o === w.own ? w.foreign : w.own);

const SIGNERS: Role[] = ['admin', 'manager', 'signer'];
const EDITORS: Role[] = ['admin', 'manager'];
const DOC_EDITORS: Role[] = ['admin', 'manager', 'staff'];
/** Corrective actions, as the demo seed gives them: the manager all four, staff own + view, the signer verify + view. */
const ACTION_MAKERS: Role[] = ['admin', 'manager'];
const ACTION_OWNERS: Role[] = ['admin', 'manager', 'staff'];
const ACTION_VERIFIERS: Role[] = ['admin', 'manager', 'signer'];
const NOT_OWNER = is(403, 'ACTION_NOT_OWNER');
const FORGED = is(400, 'PASSKEY_ASSERTION_INVALID');
const CSV = Buffer.from(
  'item,grainType,harvestGrade,storageLocation,quantity,protein,moisture,productionDate\n1,Wheat,APH,Silo A1,1200,13.1,10.2,01/11/2025\n',
);
const TXT = Buffer.from('Establishment update\nSite: Silo 3, Griffith NSW\nPest control: monthly inspection, bait stations mapped.\n');
let seq = 0;

const pools = new Map<string, string[]>();
/**
 * Makes `n` drafts and templates of a company ahead of time, so the delete cases of that company
 * take one each without writing to it during the run (the foreign company must not change at all).
 */
export async function prepareFresh(w: World, o: CompanyObjects, n: number): Promise<void> {
  for (const kind of ['draft', 'template'] as const) {
    const ids = [];
    for (let i = 0; i < n; i++) ids.push(await make(w, o, kind));
    pools.set(`${o.companyId}:${kind}`, ids);
  }
}
const fresh = async (w: World, o: CompanyObjects, kind: 'draft' | 'template') => pools.get(`${o.companyId}:${kind}`)?.pop() ?? make(w, o, kind);

/** A new draft / template of the object's company, made by its manager / admin, for the delete cases. */
async function make(w: World, o: CompanyObjects, kind: 'draft' | 'template'): Promise<string> {
  const agent = await w.login(o.co, kind === 'draft' ? 'manager' : 'admin');
  if (kind === 'draft') {
    const r = await agent.post('/api/company/approval/create').send(certificateBody(o.co, o.farmId, 'created', `DEL-${++seq}-${Date.now()}`));
    return r.body.approval._id;
  }
  const r = await agent
    .post('/api/company/approvaltemplate/create')
    .send({ approvalName: `tpl ${++seq}`, approvalLevels: [{ group: 'G', signers: [], signatures: 1 }] });
  return r.body.approvalTemplate._id;
}

export const MATRIX_CASES: MatrixCase[] = [
  // certificates
  { name: 'list', method: 'get', route: '/api/company/approvals', path: () => '/api/company/approvals', expect: all(200) },
  { name: 'new-certificate form', method: 'get', route: '/api/company/approval/create', path: () => '/api/company/approval/create', expect: all(200) },
  {
    name: 'create draft',
    method: 'post',
    route: '/api/company/approval/create',
    path: () => '/api/company/approval/create',
    body: (o) => certificateBody(o.co, o.farmId, 'created'),
    expect: only(EDITORS, 201),
  },
  {
    name: 'update draft',
    method: 'post',
    route: '/api/company/approval/:id/update',
    path: (o) => `/api/company/approval/${o.draftId}/update`,
    body: (o) => ({ ...certificateBody(o.co, o.farmId, 'created', 'KEEP-1'), approvalName: 'Renamed' }),
    expect: only(EDITORS, [200, 404]),
  },
  { name: 'detail', method: 'get', route: '/api/company/approval/:id', path: (o) => `/api/company/approval/${o.signingId}`, expect: all([200, 404]) },
  {
    // a signer asked to sign has opened it (none of these roles is asked: nothing is recorded)
    name: 'opened',
    method: 'post',
    route: '/api/company/approval/:id/opened',
    path: (o) => `/api/company/approval/${o.signingId}/opened`,
    body: () => ({}),
    expect: all([200, 404]),
  },
  {
    // the grain photo the certificate holds, opened through the certificate
    name: 'held photo',
    method: 'get',
    route: '/api/company/approval/:id/photo',
    path: (o) => `/api/company/approval/${o.signingId}/photo`,
    expect: all([200, 404]),
  },
  {
    // a document the certificate does not hold is not opened through it, whoever asks
    name: 'held document',
    method: 'get',
    route: '/api/company/approval/:id/document/:documentId',
    path: (o) => `/api/company/approval/${o.signingId}/document/${o.documentId}`,
    expect: all([404, 404]),
  },
  // Allowed past the permission check to the rule behind it: no PDF before the certificate is done.
  {
    name: 'detail as PDF',
    method: 'get',
    route: '/api/company/approval/:id',
    path: (o) => `/api/company/approval/${o.signingId}?format=pdf`,
    expect: all([404, 404]),
  },
  {
    name: 'delete draft',
    method: 'post',
    route: '/api/company/approval/:id/delete',
    path: async (o, w) => `/api/company/approval/${await fresh(w, o, 'draft')}/delete`,
    body: () => ({}),
    expect: { admin: [200, 404], manager: [200, 404], staff: [403, 404], signer: [403, 404], anonymous: 401 },
  },
  {
    name: 'request code',
    method: 'post',
    route: '/api/company/approvallevel/:id/code',
    path: (o) => `/api/company/approvallevel/${o.signingId}-L1/code`,
    body: () => ({}),
    expect: only(SIGNERS, [400, 404]),
    codes: { 400: ['NOT_A_SIGNER'] },
  },
  {
    name: 'sign level',
    method: 'post',
    route: '/api/company/approvallevel/:id/sign',
    path: (o) => `/api/company/approvallevel/${o.signingId}-L1/sign`,
    body: (o) => ({ approval: o.signingId, otp: '123456' }),
    expect: only(SIGNERS, [400, 404]),
    codes: { 400: ['OTP_INVALID'] },
  },
  {
    name: 'sign',
    method: 'post',
    route: '/api/company/approval/:id/sign',
    path: (o) => `/api/company/approval/${o.signingId}/sign`,
    body: () => ({ otp: '123456' }),
    expect: only(SIGNERS, [400, 404]),
    codes: { 400: ['OTP_INVALID'] },
  },
  {
    name: 'reject',
    method: 'post',
    route: '/api/company/approval/:id/reject',
    path: (o) => `/api/company/approval/${o.signingId}/reject`,
    body: () => ({ toLevel: 1, reason: 'moisture too high' }),
    expect: only(SIGNERS, [400, 404]),
    codes: { 400: ['NOT_A_SIGNER'] },
  },
  {
    name: 'delegate',
    method: 'post',
    route: '/api/company/approval/:id/delegate',
    path: (o) => `/api/company/approval/${o.signingId}/delegate`,
    body: (_o, w) => ({ to: [w.own.co.users.staff.id] }),
    expect: only(SIGNERS, [400, 404]),
    // the delegate (staff) may not sign: refused before the caller's own place in the level is asked
    codes: { 400: ['NOT_A_SIGNER', 'SIGNER_MAY_NOT_SIGN'] },
  },
  {
    name: 'update level of draft',
    method: 'post',
    route: '/api/company/approvallevel/:id/update',
    path: (o) => `/api/company/approvallevel/${o.draftId}-L1/update`,
    body: () => ({ group: 'Farm Data Signing', signatures: 2 }),
    expect: only(EDITORS, [200, 404]),
  },
  {
    // on a draft: passes authorization and reaches the rule (nothing is in flight), moving nothing
    name: 'remind by hand',
    method: 'post',
    route: '/api/company/approval/:id/remind',
    path: (o) => `/api/company/approval/${o.draftId}/remind`,
    body: () => ({ to: 'signers' }),
    expect: only(EDITORS, [400, 404]),
    codes: { 400: ['CERTIFICATE_NOT_ACTIVE'] },
  },
  {
    // on a draft: only the admin passes authorization and reaches the rule (nothing is issued), revoking nothing
    name: 'revoke an issued certificate',
    method: 'post',
    route: '/api/company/approval/:id/revoke',
    path: (o) => `/api/company/approval/${o.draftId}/revoke`,
    body: () => ({ reason: 'matrix' }),
    expect: only(['admin'], 409),
    codes: { 409: ['NOT_ISSUED'] },
  },
  {
    name: 'overdue dashboard',
    method: 'get',
    route: '/api/company/approvals/overdue',
    path: () => '/api/company/approvals/overdue',
    expect: only(EDITORS, 200),
  },
  { name: 'waiting for me', method: 'get', route: '/api/company/approvals/inbox', path: () => '/api/company/approvals/inbox', expect: all(200) },
  { name: 'templates', method: 'get', route: '/api/company/approvaltemplates', path: () => '/api/company/approvaltemplates', expect: all(200) },
  {
    name: 'create template',
    method: 'post',
    route: '/api/company/approvaltemplate/create',
    path: () => '/api/company/approvaltemplate/create',
    body: () => ({ approvalName: `T${++seq}`, approvalLevels: [{ group: 'G', signers: [], signatures: 1 }] }),
    expect: only(EDITORS, 201),
  },
  {
    name: 'template',
    method: 'get',
    route: '/api/company/approvaltemplate/:id',
    path: (o) => `/api/company/approvaltemplate/${o.templateId}`,
    expect: all([200, 404]),
  },
  {
    name: 'delete template',
    method: 'post',
    route: '/api/company/approvaltemplate/:id/delete',
    path: async (o, w) => `/api/company/approvaltemplate/${await fresh(w, o, 'template')}/delete`,
    body: () => ({}),
    expect: only(EDITORS, [200, 404]),
  },
  // public verification: no login, any company, issued certificates only, so a certificate in signing is
  // not found by anyone, by its number or by its content hash
  {
    name: 'public verify',
    method: 'get',
    route: '/api/public/verify',
    path: async (o, w) => {
      const c = await w.t.db.knex('certificates').where({ id: o.signingId }).first();
      return `/api/public/verify?number=${c.approval_number}&code=${String(c.content_hash).slice(0, 12)}`;
    },
    expect: all(404, 404),
  },
  {
    name: 'public verify by hash',
    method: 'get',
    route: '/api/public/verify',
    path: async (o, w) => `/api/public/verify?hash=${(await w.t.db.knex('certificates').where({ id: o.signingId }).first()).content_hash}`,
    expect: all(404, 404),
  },
  {
    name: 'public verify pdf',
    method: 'post',
    route: '/api/public/verify/pdf',
    path: async (o, w) => {
      const c = await w.t.db.knex('certificates').where({ id: o.signingId }).first();
      return `/api/public/verify/pdf?number=${c.approval_number}&code=${String(c.content_hash).slice(0, 12)}`;
    },
    upload: () => ({ field: 'file', name: 'c.pdf', data: PDF_BYTES }),
    expect: all(404, 404),
  },
  {
    // anyone may check a file; an unsealed PDF of nobody's is answered check by check, all failing
    name: 'public check of a file',
    method: 'post',
    route: '/api/public/verify/check',
    path: () => '/api/public/verify/check',
    upload: () => ({ field: 'file', name: 'c.pdf', data: PDF_BYTES }),
    expect: all(200, 200),
  },
  ...(['credential', 'status', 'ca', 'anchor', 'pdf-file', 'xml'] as const).map((what): MatrixCase => ({
    name: `public verify ${what}`,
    method: 'get',
    route: `/api/public/verify/${what}`,
    path: async (o, w) => `/api/public/verify/${what}?hash=${(await w.t.db.knex('certificates').where({ id: o.signingId }).first()).content_hash}`,
    expect: all(404, 404),
  })),
  {
    // the one link (resolver) of a certificate in signing: not found by anyone
    name: 'certificate link',
    method: 'get',
    route: '/c/:hash',
    path: async (o, w) => `/c/${(await w.t.db.knex('certificates').where({ id: o.signingId }).first()).content_hash}`,
    expect: all(404, 404),
  },
  // what a verifier fetches with its own tools (issue 31): public by nature (a DID document, a status list
  // and a CRL are published for anyone), so every company's answers to anyone, signed in or not
  {
    name: 'platform DID document',
    method: 'get',
    route: '/companies/:companyId/did.json',
    path: (o) => `/companies/${o.companyId}/did.json`,
    expect: everyone([200, 200]),
  },
  {
    name: 'status list',
    method: 'get',
    route: '/api/trust/status/:companyId/:listKey',
    path: (o) => `/api/trust/status/${o.companyId}/${o.statusListKey}`,
    expect: everyone([200, 200]),
  },
  {
    // the other company's list key under this company's id names nothing
    name: "another company's status list under this company",
    method: 'get',
    route: '/api/trust/status/:companyId/:listKey',
    path: (o, w) => `/api/trust/status/${o.companyId}/${otherOf(o, w).statusListKey}`,
    expect: everyone([404, 404]),
  },
  { name: 'TSA certificate', method: 'get', route: '/api/trust/tsa.pem', path: () => '/api/trust/tsa.pem', expect: everyone([200, 200]) },
  {
    name: 'CA revocation list',
    method: 'get',
    route: '/api/trust/crl/:companyId/:file',
    path: (o) => `/api/trust/crl/${o.companyId}/${o.caFingerprint}.crl`,
    expect: everyone([200, 200]),
  },
  {
    // a CA is found only under its own company: the other company's CA under this company's id is not signed for
    name: "another company's CA revocation list under this company",
    method: 'get',
    route: '/api/trust/crl/:companyId/:file',
    path: (o, w) => `/api/trust/crl/${o.companyId}/${otherOf(o, w).caFingerprint}.crl`,
    expect: everyone([404, 404]),
  },
  {
    // a certificate in signing has no credential yet, for anyone; another company's is not found
    name: 'credential',
    method: 'get',
    route: '/api/company/approval/:id/credential',
    path: (o) => `/api/company/approval/${o.signingId}/credential`,
    expect: only(['admin', 'manager', 'staff', 'signer'], [404, 404]),
  },
  {
    // the SPS e-Cert XML exists only for an issued certificate; another company's is not found
    name: 'SPS e-Cert XML',
    method: 'get',
    route: '/api/company/approval/:id/xml',
    path: (o) => `/api/company/approval/${o.signingId}/xml`,
    expect: only(['admin', 'manager', 'staff', 'signer'], [404, 404]),
  },
  // farm data
  {
    name: 'farm create',
    method: 'post',
    route: '/api/farmdata/harvesting/create',
    path: () => '/api/farmdata/harvesting/create',
    body: () => ({
      farmData: {
        grainType: 'Wheat',
        harvestGrade: 'APH',
        storageLocation: 'Silo 1',
        quantity: '100',
        protein: '12.5',
        moisture: '10',
        productionDate: '03/11/2025',
      },
    }),
    expect: only(DOC_EDITORS, 201),
  },
  {
    name: 'farm csv upload',
    method: 'post',
    route: '/api/farmdata/harvesting/upload',
    path: () => '/api/farmdata/harvesting/upload',
    upload: () => ({ field: 'file', name: 'harvest.csv', data: CSV }),
    expect: only(DOC_EDITORS, 201),
  },
  { name: 'farm list', method: 'get', route: '/api/farmdata/harvesting/list', path: () => '/api/farmdata/harvesting/list', expect: all(200) },
  { name: 'farm search', method: 'get', route: '/api/farmdata/harvesting/search', path: () => '/api/farmdata/harvesting/search?q=1', expect: all(200) },
  {
    name: 'farm autogenerate',
    method: 'get',
    route: '/api/farmdata/harvesting/autogenerate',
    path: () => '/api/farmdata/harvesting/autogenerate',
    expect: only(DOC_EDITORS, 200),
  },
  {
    name: 'farm detail',
    method: 'get',
    route: '/api/farmdata/harvesting/detail/:id',
    path: (o) => `/api/farmdata/harvesting/detail/${o.farmId}`,
    expect: all([200, 404]),
  },
  {
    name: 'verification link',
    method: 'post',
    route: '/api/farmdata/verification/generate_link',
    path: () => '/api/farmdata/verification/generate_link',
    body: (o) => ({ farm_data_id: o.farmId }),
    expect: all([200, 404]),
  },
  {
    name: 'verification result',
    method: 'post',
    route: '/api/farmdata/verification/get_verification_result',
    path: () => '/api/farmdata/verification/get_verification_result',
    body: (o) => ({ farm_data_id: o.farmId }),
    expect: all([200, 404]),
  },
  {
    name: 'verified photo',
    method: 'get',
    route: '/api/farmdata/verification/image/:id',
    path: (o) => `/api/farmdata/verification/image/${o.farmId}`,
    expect: all([200, 404]),
  },
  // A real PNG refused as too small: answered with the verification result (200), nothing kept.
  {
    name: 'verification upload',
    method: 'post',
    route: '/api/farmdata/verification/upload',
    path: () => '/api/farmdata/verification/upload',
    upload: (o) => ({ field: 'file', name: 'grain.png', data: tinyPng(), fields: { farm_data_id: o.farmId } }),
    expect: only(DOC_EDITORS, [200, 404]),
  },
  // documents
  { name: 'documents', method: 'get', route: '/api/company/documentes', path: () => '/api/company/documentes', expect: all(200) },
  { name: 'document form', method: 'get', route: '/api/company/document/create', path: () => '/api/company/document/create', expect: all(200) },
  {
    name: 'document create',
    method: 'post',
    route: '/api/company/document/create',
    path: () => '/api/company/document/create',
    upload: () => ({ field: 'file', name: 'report.pdf', data: PDF_BYTES, fields: { docType: 'certificate' } }),
    expect: only(DOC_EDITORS, 201),
  },
  {
    name: 'document detail',
    method: 'get',
    route: '/api/company/document/:id/detail',
    path: (o) => `/api/company/document/${o.documentId}/detail`,
    expect: all([200, 404]),
  },
  {
    name: 'document update',
    method: 'post',
    route: '/api/company/document/:id/update',
    path: (o) => `/api/company/document/${o.documentId}/update`,
    body: async (o, w) => ({ description: 'checked', version: (await w.t.db.knex('documents').where({ id: o.documentId }).first()).version }),
    expect: only(DOC_EDITORS, [200, 404]),
  },
  { name: 'document file', method: 'get', route: '/api/company/document/:id', path: (o) => `/api/company/document/${o.documentId}`, expect: all([200, 404]) },
  // policy and blockchain: reference data, any signed-in user
  { name: 'policy organisations', method: 'get', route: '/api/policy/policyorg/list', path: () => '/api/policy/policyorg/list', expect: all(200) },
  { name: 'policy actions', method: 'get', route: '/api/policy/policyaction/list', path: () => '/api/policy/policyaction/list', expect: all(200) },
  {
    name: 'policy file',
    method: 'post',
    route: '/api/policy/policyorg/file',
    path: () => '/api/policy/policyorg/file',
    body: () => ({ fileName: 'AU-01-export-control-act-2020.pdf' }),
    expect: all(200),
  },
  // the ledger: each company's own blocks; recomputing the whole shared chain takes viewSystem
  { name: 'last block', method: 'get', route: '/api/event/blockevents', path: () => '/api/event/blockevents', expect: all(200) },
  { name: 'blocks', method: 'get', route: '/api/event/blocks', path: () => '/api/event/blocks?limit=5', expect: all(200) },
  { name: 'chain check', method: 'get', route: '/api/event/verify', path: () => '/api/event/verify', expect: only(['admin', 'manager'], 200) },
  // the issuer's identity: the company's own view; the DID document (none without a website) takes viewSystem
  { name: 'company identity', method: 'get', route: '/api/company/identity', path: () => '/api/company/identity', expect: all(200) },
  {
    name: 'company DID document',
    method: 'get',
    route: '/api/company/identity/did.json',
    path: () => '/api/company/identity/did.json',
    expect: only(['admin', 'manager'], 404),
  },
  {
    // revoking a seal takes editSystem (the admin); the foreign company's seal is not found (whichever company's
    // object the run is on, the path names the foreign one: revoking the own seal is the API test's, not a matrix run's)
    name: "revoke the foreign company's seal",
    method: 'post',
    route: '/api/company/identity/seal/:fingerprint/revoke',
    path: (_o, w) => `/api/company/identity/seal/${w.foreign.sealFingerprint}/revoke`,
    body: () => ({ reason: 'matrix' }),
    expect: only(['admin'], 404),
  },
  // the platform operator's calls: no company role is an operator (PLATFORM_OPERATORS names them)
  { name: 'platform companies', method: 'get', route: '/api/platform/companies', path: () => '/api/platform/companies', expect: all(403) },
  { name: 'platform company', method: 'get', route: '/api/platform/company/:id', path: (o) => `/api/platform/company/${o.companyId}`, expect: all(403) },
  {
    name: 'platform verify company',
    method: 'post',
    route: '/api/platform/company/:id/verify',
    path: (o) => `/api/platform/company/${o.companyId}/verify`,
    body: () => ({ name: 'x', registration: '51824753556' }),
    expect: all(403),
  },
  {
    name: 'platform revoke company identity',
    method: 'post',
    route: '/api/platform/company/:id/revoke',
    path: (o) => `/api/platform/company/${o.companyId}/revoke`,
    body: () => ({ note: 'x' }),
    expect: all(403),
  },
  // compliance: reading needs viewDocument, uploading and auditing editDocument
  { name: 'compliance form', method: 'get', route: '/api/compliance/create', path: () => '/api/compliance/create', expect: all(200) },
  { name: 'compliance list', method: 'get', route: '/api/compliance/list', path: () => '/api/compliance/list', expect: all(200) },
  { name: 'compliance list (AI path)', method: 'get', route: '/openai/compliance/list', path: () => '/openai/compliance/list', expect: all(200) },
  { name: 'compliance detail', method: 'get', route: '/api/compliance/:id', path: (o) => `/api/compliance/${o.complianceId}`, expect: all([200, 404]) },
  {
    name: 'compliance audit (documents missing)',
    method: 'post',
    route: '/api/compliance/:id/getaudit',
    path: (o) => `/api/compliance/${o.complianceId}/getaudit`,
    body: () => ({}),
    expect: only(DOC_EDITORS, [400, 400]),
    codes: { 400: ['COMPLIANCE_INCOMPLETE'] },
  },
  {
    name: 'compliance report (none yet)',
    method: 'get',
    route: '/openai/compliance/:id/download',
    path: (o) => `/openai/compliance/${o.complianceId}/download`,
    expect: all([400, 404]),
    codes: { 400: ['COMPLIANCE_REPORT_MISSING'] },
  },
  {
    name: 'compliance upload',
    method: 'post',
    route: '/openai/:segment/:complianceId/upload',
    path: (o) => `/openai/pest-control/${o.complianceId}/upload`,
    upload: () => ({ field: 'file', name: 'pest-control.txt', data: TXT }),
    expect: only(DOC_EDITORS, [202, 404]),
  },
  {
    // No document of that id in the caller's company: an editor gets 404, before any body is read.
    name: 'compliance summary review (no such document)',
    method: 'put',
    route: '/api/compliance/:id/documents/:documentId/summary',
    path: (o) => `/api/compliance/${o.complianceId}/documents/${o.complianceId}/summary`,
    body: () => ({ summary: {} }),
    expect: only(DOC_EDITORS, [404, 404]),
  },
  // corrective actions (issue 32). The world's action is the staff member's, in progress after a first fix
  // (its evidence bound) was reopened: whoever may act on it is refused by the rule behind the permission
  // (not the owner, wrong state, evidence locked...), so no case moves it.
  { name: 'corrective actions', method: 'get', route: '/api/corrective-actions', path: () => '/api/corrective-actions', expect: all(200) },
  {
    name: 'corrective-action summary',
    method: 'get',
    route: '/api/corrective-actions/summary',
    path: () => '/api/corrective-actions/summary',
    expect: all(200),
  },
  // everyone has a list "waiting for me" (empty where they own and verify nothing)
  {
    name: 'actions waiting for me',
    method: 'get',
    route: '/api/corrective-actions/waiting',
    path: () => '/api/corrective-actions/waiting',
    expect: all(200),
  },
  // the signers of certificates see them too (viewApproval or viewCorrectiveAction)
  {
    name: 'open critical actions',
    method: 'get',
    route: '/api/corrective-actions/open-critical',
    path: () => '/api/corrective-actions/open-critical',
    expect: all(200),
  },
  {
    name: 'action owners',
    method: 'get',
    route: '/api/corrective-actions/owners',
    path: () => '/api/corrective-actions/owners',
    expect: only(ACTION_MAKERS, 200),
  },
  {
    name: 'corrective actions of an audit',
    method: 'get',
    route: '/api/corrective-actions/audit/:complianceId',
    path: (o) => `/api/corrective-actions/audit/${o.auditId}`,
    expect: all([200, 404]),
  },
  {
    // the finding already has its action: one action per finding
    name: 'create corrective action',
    method: 'post',
    route: '/api/corrective-actions',
    path: () => '/api/corrective-actions',
    body: (o) => ({ complianceId: o.auditId, items: [{ checkIndex: o.actionCheck, severity: 'minor', ownerId: o.co.users.staff.id }] }),
    expect: only(ACTION_MAKERS, [is(409, 'ACTION_ALREADY_EXISTS'), 404]),
  },
  {
    name: 'corrective action',
    method: 'get',
    route: '/api/corrective-actions/:id',
    path: (o) => `/api/corrective-actions/${o.actionId}`,
    expect: all([200, 404]),
  },
  {
    name: 'start action',
    method: 'post',
    route: '/api/corrective-actions/:id/start',
    path: (o) => `/api/corrective-actions/${o.actionId}/start`,
    body: () => ({}),
    expect: { ...only(ACTION_OWNERS, [NOT_OWNER, 404]), staff: [is(409, 'ACTION_WRONG_STATE'), 404] },
  },
  {
    // a text file is not evidence: refused after the owner and state checks, nothing stored
    name: 'upload evidence',
    method: 'post',
    route: '/api/corrective-actions/:id/evidence',
    path: (o) => `/api/corrective-actions/${o.actionId}/evidence`,
    upload: () => ({ field: 'file', name: 'fix-notes.txt', data: TXT }),
    expect: { ...only(ACTION_OWNERS, [NOT_OWNER, 404]), staff: [is(400, 'ACTION_EVIDENCE_TYPE'), 404] },
  },
  {
    // the evidence of a submitted fix stays
    name: 'remove evidence',
    method: 'delete',
    route: '/api/corrective-actions/:id/evidence/:evidenceId',
    path: (o) => `/api/corrective-actions/${o.actionId}/evidence/${o.evidenceId}`,
    expect: { ...only(ACTION_OWNERS, [NOT_OWNER, 404]), staff: [is(409, 'ACTION_EVIDENCE_LOCKED'), 404] },
  },
  {
    name: 'evidence file',
    method: 'get',
    route: '/api/corrective-actions/:id/evidence/:evidenceId',
    path: (o) => `/api/corrective-actions/${o.actionId}/evidence/${o.evidenceId}`,
    expect: all([200, 404]),
  },
  {
    // the bound evidence of the first fix cannot be submitted again
    name: 'submit fix',
    method: 'post',
    route: '/api/corrective-actions/:id/fix',
    path: (o) => `/api/corrective-actions/${o.actionId}/fix`,
    body: (o) => ({ note: 'Fixed again', evidenceIds: [o.evidenceId] }),
    expect: only(ACTION_OWNERS, [is(400, 'ACTION_EVIDENCE_UNKNOWN'), 404]),
  },
  {
    // no fix is waiting to be judged
    name: 'verify fix',
    method: 'post',
    route: '/api/corrective-actions/:id/verify',
    path: (o) => `/api/corrective-actions/${o.actionId}/verify`,
    body: () => ({}),
    expect: only(ACTION_VERIFIERS, [is(409, 'ACTION_WRONG_STATE'), 404]),
  },
  {
    name: 'reopen fix',
    method: 'post',
    route: '/api/corrective-actions/:id/reopen',
    path: (o) => `/api/corrective-actions/${o.actionId}/reopen`,
    body: () => ({ reason: 'Not fixed' }),
    expect: only(ACTION_VERIFIERS, [is(409, 'ACTION_WRONG_STATE'), 404]),
  },
  {
    // to the owner it already has
    name: 'reassign action',
    method: 'post',
    route: '/api/corrective-actions/:id/reassign',
    path: (o) => `/api/corrective-actions/${o.actionId}/reassign`,
    body: (o) => ({ ownerId: o.co.users.staff.id }),
    expect: only(ACTION_MAKERS, [is(400, 'ACTION_SAME_OWNER'), 404]),
  },
  {
    name: 'redate action',
    method: 'post',
    route: '/api/corrective-actions/:id/redate',
    path: (o) => `/api/corrective-actions/${o.actionId}/redate`,
    body: () => ({ dueAt: '2020-01-01' }),
    expect: only(ACTION_MAKERS, [is(400, 'ACTION_DUE_IN_PAST'), 404]),
  },
  // passkeys: each person's own (any signed-in user may enrol one: it signs certificates and signs in).
  // The world's passkey is the staff member's: nobody else, of either company, sees or removes it.
  { name: 'my passkeys', method: 'get', route: '/api/company/passkeys', path: () => '/api/company/passkeys', expect: all(200) },
  {
    name: 'passkey enrolment options',
    method: 'post',
    route: '/api/company/passkeys/options',
    path: () => '/api/company/passkeys/options',
    body: () => ({}),
    expect: all(200),
  },
  {
    // an attestation that does not verify against the enrolment's challenge: nothing kept
    name: 'enrol passkey',
    method: 'post',
    route: '/api/company/passkeys',
    path: () => '/api/company/passkeys',
    body: () => ({ name: 'Forged', response: forgedAttestation() }),
    expect: all(is(400, 'PASSKEY_REGISTRATION_INVALID')),
  },
  {
    // a passkey challenge to sign the level: a signer reaches the rule (none of these roles signs the level)
    name: 'passkey challenge to sign',
    method: 'post',
    route: '/api/company/approvallevel/:id/passkey',
    path: (o) => `/api/company/approvallevel/${o.signingId}-L1/passkey`,
    body: async (o, w) => ({ contentHash: (await w.t.db.knex('certificates').where({ id: o.signingId }).first()).content_hash }),
    expect: only(SIGNERS, [is(400, 'NOT_A_SIGNER'), 404]),
  },
  // signing in with a passkey is public by design (there is no session yet): anyone gets options; an
  // assertion made with another key than the staff member's passkey signs nobody in, whoever sends it
  {
    name: 'passkey sign-in options',
    method: 'post',
    route: '/api/auth/passkey/options',
    path: () => '/api/auth/passkey/options',
    body: () => ({}),
    expect: all(200, 200),
  },
  {
    name: 'passkey sign-in with a forged assertion',
    method: 'post',
    route: '/api/auth/passkey',
    path: () => '/api/auth/passkey',
    body: async (o, w) => {
      const { options } = (await w.agents.anonymous.post('/api/auth/passkey/options').send({})).body as { options: { challenge: string } };
      return { response: forgedAssertion(o.passkeyCredentialId, options.challenge) };
    },
    expect: everyone([FORGED, FORGED]),
  },
  {
    // only its owner removes it (the staff member, last: it is gone after); anyone else is told NOT_FOUND
    name: 'remove passkey',
    method: 'post',
    route: '/api/company/passkeys/:id/delete',
    path: (o) => `/api/company/passkeys/${o.passkeyId}/delete`,
    body: () => ({}),
    expect: { admin: [404, 404], manager: [404, 404], staff: [200, 404], signer: [404, 404], anonymous: 401 },
  },
  // Admin only; a foreign user's mail answers an empty list (which mail shows is tested in api/src/dev).
  {
    name: 'dev mailbox',
    method: 'get',
    route: '/api/dev/mail',
    path: (o) => `/api/dev/mail?to=${encodeURIComponent(o.co.users.staff.email)}`,
    expect: only(['admin'], [200, 200]),
  },
];

/**
 * Reads refused to a member of the own company whose group grants only viewInfo: the certificate
 * detail and PDF need viewApproval like the list, the compliance reads viewDocument, the corrective-action
 * reads viewCorrectiveAction (one action, or its evidence, answers NOT_FOUND to whoever may not see it).
 */
export const VIEW_INFO_ONLY_REFUSED = [
  'list',
  'detail',
  'detail as PDF',
  'compliance form',
  'compliance list',
  'compliance list (AI path)',
  'compliance detail',
  'compliance report (none yet)',
  'compliance upload',
  'compliance audit (documents missing)',
  'corrective actions',
  'corrective-action summary',
  'open critical actions',
  'action owners',
  'corrective actions of an audit',
];

const ORIGIN = 'http://127.0.0.1:3000'; // the test app's PUBLIC_URL
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/** A well-formed registration whose attestation names no enrolment challenge of ours. */
function forgedAttestation() {
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: 'Zm9yZ2Vk', origin: ORIGIN })).toString('base64url');
  return { id: 'Zm9yZ2VkLWtleQ', rawId: 'Zm9yZ2VkLWtleQ', type: 'public-key', response: { clientDataJSON, attestationObject: 'o2NmbXRkbm9uZQ' } };
}

/**
 * An assertion as an authenticator makes it (on our origin, user present and verified, over the real
 * sign-in challenge) naming `credentialId`, but signed with another P-256 key than that passkey's.
 */
function forgedAssertion(credentialId: string, challenge: string) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const authenticatorData = Buffer.concat([sha256('127.0.0.1'), Buffer.from([0x05]), Buffer.from([0, 0, 0, 1])]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: ORIGIN, crossOrigin: false }));
  const signature = ecSign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
  return {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key',
    response: {
      authenticatorData: authenticatorData.toString('base64url'),
      clientDataJSON: clientDataJSON.toString('base64url'),
      signature: signature.toString('base64url'),
    },
    clientExtensionResults: {},
  };
}

/** A real PNG too small to verify (100 x 80). */
function tinyPng(): Buffer {
  return samplePng(100, 80, 7);
}

/** Routes whose matrix lives elsewhere (the dev mailbox page: api/src/dev), or that are open by design (health). */
export const COVERED_ELSEWHERE = [
  /^\/api\/auth\//,
  /^\/api\/company\/(profile|address|addresses|users?|groups?|signature)(\/|$)/,
  /^\/api\/health$/,
  /^\/dev\/mailbox$/,
];
