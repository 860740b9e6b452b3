import type { Knex } from 'knex';

/**
 * The evidence a certificate holds, kept by its bytes (issue 26, item 1): every file version of a
 * company document (`document_versions`; the document row names its current one in `file_version`),
 * and every grain photo a farm record had verified (`farm_photos`, by sha256). A certificate names
 * the version it was signed over; those rows and their bytes are never changed, and removed only while
 * no certificate holds them. The current file and photo are recorded as the first rows.
 */
export async function up(k: Knex): Promise<void> {
  await k.schema.alterTable('documents', (t) => {
    t.integer('file_version').notNullable().defaultTo(1);
  });
  await k.raw('update documents set file_version = version');
  await k.schema.createTable('document_versions', (t) => {
    t.uuid('document_id').notNullable().references('documents.id').onDelete('CASCADE');
    /** The document's version when this file was set (documents.file_version while it is the current one). */
    t.integer('version').notNullable();
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('original_name', 255).notNullable();
    t.string('ext', 8).notNullable();
    t.string('mime', 100).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('storage_key', 200).notNullable();
    t.uuid('upload_user').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.primary(['document_id', 'version']);
  });
  await k.raw(
    `insert into document_versions (document_id, version, company_id, original_name, ext, mime, size, sha256, storage_key, upload_user, created_at)
     select id, file_version, company_id, original_name, ext, mime, size, sha256, storage_key, upload_user, updated_at from documents`,
  );
  await k.schema.createTable('farm_photos', (t) => {
    t.uuid('farm_data_id').notNullable().references('farm_data.id').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('sha256', 64).notNullable();
    t.string('mime', 40).notNullable();
    t.integer('width');
    t.integer('height');
    t.string('storage_key', 200).notNullable();
    t.uuid('checked_by').references('users.id');
    t.timestamp('checked_at', { useTz: true }).notNullable().defaultTo(k.fn.now());
    t.primary(['farm_data_id', 'sha256']);
  });
  await k.raw(
    `insert into farm_photos (farm_data_id, company_id, sha256, mime, width, height, storage_key, checked_by, checked_at)
     select farm_data_id, company_id, sha256, mime, width, height, storage_key, checked_by, checked_at from farm_image_verifications
     where status = 'verified' and sha256 is not null and mime is not null and storage_key is not null`,
  );
  // the duplicate check asks within one company
  await k.schema.alterTable('farm_image_verifications', (t) => {
    t.index(['company_id', 'sha256']);
  });
}

export async function down(k: Knex): Promise<void> {
  await k.schema.alterTable('farm_image_verifications', (t) => {
    t.dropIndex(['company_id', 'sha256']);
  });
  await k.schema.dropTableIfExists('farm_photos');
  await k.schema.dropTableIfExists('document_versions');
  await k.schema.alterTable('documents', (t) => {
    t.dropColumn('file_version');
  });
}
