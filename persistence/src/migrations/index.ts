import type { Knex } from 'knex';
import * as foundation from './001_foundation';
import * as accounts from './002_accounts';
import * as certificates from './003_certificates';
import * as farmDocuments from './004_farm_documents';
import * as compliance from './005_compliance';
import * as templates from './006_templates';
import * as certificatePdfHash from './007_certificate_pdf_hash';
import * as certificateCounts from './008_certificate_counts';
import * as certificateListCard from './009_certificate_list_card';
import * as userAdminFlag from './010_user_admin_flag';
import * as certificateViews from './011_certificate_views';
import * as companySeals from './012_company_seals';
import * as certificateRevocations from './013_certificate_revocations';
import * as certificateListCardShape from './015_certificate_list_card_shape';
import * as complianceSummaryReview from './019_compliance_summary_review';
import * as evidenceVersions from './020_evidence_versions';
import * as signatureKeys from './021_signature_keys';
import * as issuerIdentity from './025_issuer_identity';
import * as certificateIssuerFrozen from './026_certificate_issuer_frozen';
import * as publicRequestCounts from './027_public_request_counts';
import * as addressParts from './030_address_parts';
import * as phonesE164 from './031_phones_e164';
import * as emailChanges from './032_email_changes';
import * as certificateWorkflowId from './035_certificate_workflow_id';
import * as demoStaffEditApproval from './040_demo_staff_edit_approval';
import * as listCardLevelDue from './041_list_card_level_due';
import * as correctiveActions from './045_corrective_actions';
import * as mailOutbox from './050_mail_outbox';
import * as passkeys from './060_passkeys';
import * as passkeyLoginAddress from './061_passkey_login_address';
import * as verifiableCredentials from './065_verifiable_credentials';
import * as sessionCacheNotify from './071_session_cache_notify';
import * as sessionCacheEpoch from './079_session_cache_epoch';
import * as certificateCountsText from './080_certificate_counts_text';
import * as certificateWrittenBeforePdf from './075_certificate_written_before_pdf';
import * as certificateCountsAtCommit from './076_certificate_counts_at_commit';
import * as ledgerHead from './078_ledger_head';

export interface Migration {
  name: string;
  up(k: Knex): Promise<void>;
  down(k: Knex): Promise<void>;
}

/** Ordered; append only. Each feature owns its own migration file. */
export const MIGRATIONS: Migration[] = [
  { name: '001_foundation', ...foundation },
  { name: '002_accounts', ...accounts },
  { name: '003_certificates', ...certificates },
  { name: '004_farm_documents', ...farmDocuments },
  { name: '005_compliance', ...compliance },
  { name: '006_templates', ...templates },
  { name: '007_certificate_pdf_hash', ...certificatePdfHash },
  { name: '008_certificate_counts', ...certificateCounts },
  { name: '009_certificate_list_card', ...certificateListCard },
  { name: '010_user_admin_flag', ...userAdminFlag },
  { name: '011_certificate_views', ...certificateViews },
  { name: '012_company_seals', ...companySeals },
  { name: '013_certificate_revocations', ...certificateRevocations },
  { name: '015_certificate_list_card_shape', ...certificateListCardShape },
  { name: '019_compliance_summary_review', ...complianceSummaryReview },
  { name: '020_evidence_versions', ...evidenceVersions },
  { name: '021_signature_keys', ...signatureKeys },
  { name: '025_issuer_identity', ...issuerIdentity },
  { name: '026_certificate_issuer_frozen', ...certificateIssuerFrozen },
  { name: '027_public_request_counts', ...publicRequestCounts },
  { name: '030_address_parts', ...addressParts },
  { name: '031_phones_e164', ...phonesE164 },
  { name: '032_email_changes', ...emailChanges },
  { name: '035_certificate_workflow_id', ...certificateWorkflowId },
  { name: '040_demo_staff_edit_approval', ...demoStaffEditApproval },
  { name: '041_list_card_level_due', ...listCardLevelDue },
  { name: '045_corrective_actions', ...correctiveActions },
  { name: '050_mail_outbox', ...mailOutbox },
  { name: '060_passkeys', ...passkeys },
  { name: '061_passkey_login_address', ...passkeyLoginAddress },
  { name: '065_verifiable_credentials', ...verifiableCredentials },
  { name: '071_session_cache_notify', ...sessionCacheNotify },
  { name: '075_certificate_written_before_pdf', ...certificateWrittenBeforePdf },
  { name: '076_certificate_counts_at_commit', ...certificateCountsAtCommit },
  { name: '078_ledger_head', ...ledgerHead },
  { name: '079_session_cache_epoch', ...sessionCacheEpoch },
  { name: '080_certificate_counts_text', ...certificateCountsText },
];
