import type { Knex } from 'knex';

/**
 * A submitted certificate's state names its workflow (`workflowId`, domain certificateWorkflowId: company,
 * number, id), and the API finds the workflow by it. Certificates submitted before that were started
 * under `certificate-<id>`: their rows get that id, so they are found the same way.
 */
export async function up(k: Knex): Promise<void> {
  await k.raw(
    `update certificates set state = jsonb_set(state, '{workflowId}', to_jsonb('certificate-' || id))
     where status <> 'created' and state->>'workflowId' is null`,
  );
}

export async function down(): Promise<void> {
  // the ids stay: they name the workflows those certificates run under
}
