/**
 * Typed keys of the workflows' search attributes, one per attribute of the domain's list
 * (domain/src/search-attributes.ts, registered by the dev server and the production stack): the names
 * and types are written there only. Plain key objects, so the workflow bundle needs no runtime import of
 * @temporalio/common; the API passes them in `typedSearchAttributes` when it starts a workflow.
 */
import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes';
import { SEARCH_ATTRIBUTES, type SearchAttributeName } from '@grain/domain/workflow-safe';

type KeyType<N extends SearchAttributeName> = Uppercase<(typeof SEARCH_ATTRIBUTES)[N]> & ('KEYWORD' | 'TEXT' | 'INT' | 'BOOL' | 'DATETIME');

export const SEARCH_KEYS = Object.fromEntries(Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => [name, { name, type: type.toUpperCase() }])) as {
  readonly [N in SearchAttributeName]: SearchAttributeKey<KeyType<N>>;
};
