export * from './auditor';
export * from './regulations';
export * from './rule-based-auditor';
export * from './openai-auditor';
export { summarizeRuleBased } from './rule-summarizer';
