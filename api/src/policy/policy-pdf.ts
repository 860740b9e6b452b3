import type { PdfRenderer } from '@grain/adapters';
import { POLICY_ACTIONS } from './data/policy-actions';
import type { PolicyOrganisation } from '@grain/domain';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML of a reference sheet: the project's summary, where it applies, and where the official text is. */
function referenceHtml(o: PolicyOrganisation): string {
  const steps = POLICY_ACTIONS.filter((a) => (o.Country === 'AU' ? a.PolicyIndexAU : a.PolicyIndexIN).includes(o.PolicyIndex));
  const rows = steps
    .map((a) => {
      const actions = o.Country === 'AU' ? a.ActionsAU : a.ActionsIN;
      const docs = o.Country === 'AU' ? a.RequiredDocsAU : a.RequiredDocsIN;
      return `<tr><td>${esc(a.Process)}</td><td><ul>${actions.map((x) => `<li>${esc(x)}</li>`).join('')}</ul></td><td><ul>${docs.map((x) => `<li>${esc(x)}</li>`).join('')}</ul></td></tr>`;
    })
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:sans-serif;font-size:11pt;color:#222}h1{font-size:16pt;margin-bottom:2pt}.meta{color:#555}
table{border-collapse:collapse;width:100%;margin-top:8pt}td,th{border:1px solid #bbb;padding:4pt;vertical-align:top;text-align:left}
.note{border:1px solid #c90;background:#fff8e6;padding:6pt;margin:10pt 0;font-size:9.5pt}ul{margin:0;padding-left:14pt}</style></head><body>
<h1>${esc(o.NameOfActRuleGuideline)}</h1>
<div class="meta">${esc(o.PolicyIndex)} &middot; ${esc(o.ResponsibleOrgaqnisation)} (${esc(o.Acronym)}) &middot; ${o.Country === 'AU' ? 'Australia' : 'India'}</div>
<div class="note">Reference summary prepared by the Grain Quality Certificates application. It is not the official text and not legal advice. The official text is published at: ${esc(o.URL)}</div>
<h2>Summary</h2><p>${esc(o.Summary)}</p>
<p><b>Topics:</b> ${o.Topics.map(esc).join(', ')}</p>
${rows ? `<h2>Where it applies in the grain chain</h2><table><tr><th>Process</th><th>Actions</th><th>Documents to hold</th></tr>${rows}</table>` : ''}
</body></html>`;
}

/** Renders each reference PDF once per process (the data ships with the build and never changes at run time). */
export class ReferencePdfCache {
  private readonly cache = new Map<string, Promise<Buffer>>();
  constructor(private readonly pdf: PdfRenderer) {}
  get(o: PolicyOrganisation): Promise<Buffer> {
    let p = this.cache.get(o.FileName);
    if (!p) {
      p = this.pdf.render(referenceHtml(o));
      p.catch(() => this.cache.delete(o.FileName));
      this.cache.set(o.FileName, p);
    }
    return p;
  }
}
