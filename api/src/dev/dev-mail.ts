import { Router } from 'express';
import type { ApiDeps } from '../deps';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dev mailbox of the embedded SMTP catcher: JSON at /api/dev/mail (?to=&after=), a page at
 * /dev/mailbox. Mounted only when SMTP_URL is unset, since then no real mail leaves the machine.
 */
export function createDevMailRouter(deps: ApiDeps): { api: Router; page: Router } {
  const store = deps.stores.mail;
  const api = Router();
  api.get('/dev/mail', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    const afterId = req.query.after ? Number(req.query.after) : undefined;
    res.json({ messages: await store.list({ to, afterId, limit: Number(req.query.limit ?? 100) }) });
  });
  const page = Router();
  page.get('/dev/mailbox', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    const msgs = await store.list({ to, limit: 200 });
    const rows = msgs
      .map((m) => `<article><header><b>${esc(m.subject ?? '(no subject)')}</b><br><small>#${m.id} · ${esc(m.receivedAt)} · from ${esc(m.from ?? '')} · to ${esc(m.to.join(', '))}</small></header><pre>${esc(m.text ?? '')}</pre></article>`)
      .join('\n');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.type('html').send(`<!doctype html><html><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:sans-serif;max-width:900px;margin:2em auto}article{border:1px solid #ccc;border-radius:6px;padding:.6em 1em;margin:.8em 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Dev mailbox</h1><p>Every message the system sent (embedded SMTP catcher). ${msgs.length} shown${to ? ` for ${esc(to)}` : ''}. <a href="/dev/mailbox">all</a></p>
<form><input name="to" placeholder="filter by recipient" value="${esc(to ?? '')}"><button>Filter</button></form>${rows || '<p>No mail yet.</p>'}</body></html>`);
  });
  return { api, page };
}
