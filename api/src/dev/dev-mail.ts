import { type Router, type Request, type RequestHandler } from 'express';
import { featureRouter } from '../http/params';
import { isAdmin } from '@grain/domain';
import { isLoopbackHost, type AppConfig } from '@grain/adapters';
import type { StoredMail } from '@grain/persistence';
import type { ApiDeps } from '../deps';
import { actorOf, attachSession, bindAuth, denyAccess } from '../http/auth-middleware';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Whether the dev mailbox is served: only while mail goes to the embedded catcher (SMTP_URL unset) and
 * the server listens on loopback. Reset links and one-time codes are in it, so a server reachable from
 * the network never offers it, signed in or not.
 */
export function devMailboxEnabled(config: Pick<AppConfig, 'smtpUrl' | 'host'>): boolean {
  return !config.smtpUrl && isLoopbackHost(config.host);
}

/**
 * The mail a signed-in admin may read: mail to users of their own company, and mail to their own
 * address. Mail to an address that belongs to no user of the admin's company is never shown, even
 * though a registration's first mails go to a user with no company yet: that user is the new admin,
 * reads them as "their own address" once signed in, and letting every company's admin read mail to
 * company-less addresses would hand any admin the reset link of any account not yet in a company.
 */
async function visibleMail(req: Request, deps: ApiDeps, query: { to?: string; afterId?: number; limit: number }): Promise<StoredMail[]> {
  const actor = actorOf(req);
  if (!isAdmin(actor)) await denyAccess(req, { devMailbox: true });
  return deps.stores.mail.list({ ...query, visibleTo: { companyId: actor.companyId, email: req.user!.email } });
}

const queryOf = (req: Request, limit: number) => ({
  to: typeof req.query.to === 'string' ? req.query.to : undefined,
  afterId: typeof req.query.after === 'string' && /^\d{1,15}$/.test(req.query.after) ? Number(req.query.after) : undefined,
  limit: typeof req.query.limit === 'string' && /^\d{1,3}$/.test(req.query.limit) ? Number(req.query.limit) : limit,
});

/**
 * The dev mailbox of the embedded SMTP catcher: JSON at /api/dev/mail (?to=&after=&limit=), a page at
 * /dev/mailbox, both for a signed-in admin (see visibleMail). Mount only when devMailboxEnabled().
 */
export function createDevMailRouter(deps: ApiDeps): { api: Router; page: Router } {
  const withSession: RequestHandler = async (req, _res, next) => {
    await attachSession(req);
    next();
  };
  const api = featureRouter();
  api.get('/dev/mail', bindAuth(deps.stores), withSession, async (req, res) => {
    res.json({ messages: await visibleMail(req, deps, queryOf(req, 100)) });
  });

  const page = featureRouter();
  page.get('/dev/mailbox', bindAuth(deps.stores), withSession, async (req, res) => {
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader('Cache-Control', 'no-store');
    if (!req.user)
      return res.status(401).type('html').send(shell('<p>Sign in as an admin first: <a href="/views/login">sign in</a>, then come back to this page.</p>'));
    if (!isAdmin(actorOf(req))) {
      await denyAccess(req, { devMailbox: true }).catch(() => undefined);
      return res.status(403).type('html').send(shell('<p>Only an admin can read the dev mailbox.</p>'));
    }
    const query = queryOf(req, 200);
    const msgs = await visibleMail(req, deps, query);
    const to = query.to;
    const rows = msgs
      .map(
        (m) =>
          `<article><header><b>${esc(m.subject ?? '(no subject)')}</b><br><small>#${m.id} · ${esc(m.receivedAt)} · from ${esc(m.from ?? '')} · to ${esc(m.to.join(', '))}</small></header><pre>${esc(m.text ?? '')}</pre></article>`,
      )
      .join('\n');
    res.type('html').send(
      shell(`<p>Messages the system sent (embedded SMTP catcher) to users of your company and to you. ${msgs.length} shown${to ? ` for ${esc(to)}` : ''}. <a href="/dev/mailbox">all</a></p>
<form><input name="to" aria-label="filter by recipient" placeholder="filter by recipient" value="${esc(to ?? '')}"><button>Filter</button></form>${rows || '<p>No mail yet.</p>'}`),
    );
  });
  return { api, page };
}

function shell(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:sans-serif;max-width:900px;margin:2em auto}article{border:1px solid #ccc;border-radius:6px;padding:.6em 1em;margin:.8em 0}pre{white-space:pre-wrap}input,button{min-height:44px;min-width:44px}</style></head>
<body><main><h1>Dev mailbox</h1>${body}</main></body></html>`;
}
