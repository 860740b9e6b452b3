import type { Knex } from 'knex';

export async function up(_k: Knex): Promise<void> {}
export async function down(_k: Knex): Promise<void> {}
