import type { Request, Response } from 'express';

/**
 * The built UI loads only its own bundled script and style files; MUI writes its styles into <style>
 * elements at run time, hence 'unsafe-inline' for styles only. PDFs and photos are shown from blob:
 * and data: URLs the UI makes itself.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Set by the edge (edge.ts) before any route runs, so every answer — errors and 404s included — carries them. HSTS only
 * when the request came over https (directly or through the trusted local proxy): a plain-http
 * development server must not pin browsers to https.
 */
export function setSecurityHeaders(req: Request, res: Response): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
