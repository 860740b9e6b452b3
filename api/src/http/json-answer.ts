import type { Express, Response } from 'express';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a JSON text as Express's res.json and res.type('json').send(text) do, to the byte (the same
 * Content-Type, Content-Length, ETag, 304 and HEAD handling: res.send's own), without their detour:
 * they set 'application/json' and res.send parsed that type again (content-type's parse and format)
 * to add the charset, on every answer. A type the route set itself keeps res.send's handling.
 */
export function sendJsonText(res: Response, text: string): Response {
  if (res.getHeader('Content-Type') !== undefined) return res.send(text);
  res.setHeader('Content-Type', JSON_TYPE);
  // res.send turns a text into these bytes itself when it makes the ETag
  return res.send(Buffer.from(text, 'utf8'));
}

/**
 * res.json of this app through sendJsonText (the app sets no 'json replacer', 'json spaces' or 'json
 * escape'; with one set, or a value JSON.stringify gives no text for, it is Express's own).
 */
export function answerJsonDirectly(app: Express): void {
  const own = Object.getPrototypeOf(app.response) as Response;
  app.response.json = function json(this: Response, body: unknown) {
    const settings = this.app;
    const text = settings.get('json replacer') || settings.get('json spaces') || settings.get('json escape') ? undefined : JSON.stringify(body);
    return typeof text === 'string' ? sendJsonText(this, text) : own.json.call(this, body);
  };
}
