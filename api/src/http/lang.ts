import type { Request } from 'express';
import { LANGUAGES, type Language } from '@grain/domain';

/** The caller's language: `lang` query, `x-lang` header, `lang` cookie, then Accept-Language; en by default. */
export function langOf(req: Request): Language {
  const pick = (v: unknown): Language | undefined => (typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v) ? (v as Language) : undefined);
  return (
    pick(req.query?.lang) ??
    pick(req.header('x-lang')) ??
    pick((req as Request & { cookies?: Record<string, string> }).cookies?.lang) ??
    (/^(vi|vn)\b/i.test(req.header('accept-language') ?? '') ? 'vn' : 'en')
  );
}
