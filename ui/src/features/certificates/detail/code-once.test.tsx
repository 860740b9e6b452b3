import { render, waitFor, screen } from '@testing-library/react';
import type { CertificateView } from '@grain/domain';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { SignDialog } from './SignDialog';

// Opening the sign dialog mails a code; closing and opening it again while that code is still good must
// not mail another (each mail counts toward the server's limit of codes per level, and the older code
// stops working). A signer sent back who signed with their code gets a fresh one when asked again.
const approval = (contentHash: string) =>
  ({
    _id: 'cert-9',
    stageLevel: 1,
    approvalNumber: 'N-9',
    approvalName: 'Barley lot 9',
    status: 'pending',
    approvalLevels: [{ _id: 'cert-9-L1', level: 1, group: 'Farm Data Signing', signedEntries: [] }],
    supportDocs: [],
    approvalDoc: null,
    contentHash,
    can: {},
  }) as unknown as CertificateView;

const CODE = '/api/company/approvallevel/cert-9-L1/code';

function dialog(open: boolean, a: CertificateView) {
  return (
    <MemoryRouter>
      <I18nProvider initial="en">
        <SignDialog open={open} approval={a} onClose={() => undefined} onSigned={() => undefined} />
      </I18nProvider>
    </MemoryRouter>
  );
}

it('asks for one code per opening only while no good code was sent for the same content', async () => {
  const api = fakeApi({ [`POST ${CODE}`]: () => ({ invalidMsg: 'Check your email for the one-time code' }) });
  const first = approval('c'.repeat(64));
  const view = render(dialog(true, first));
  await waitFor(() => expect(api.find('POST', CODE)).toHaveLength(1));
  view.rerender(dialog(false, first));
  view.rerender(dialog(true, first));
  expect(await screen.findByText(/Check your email for the one-time code/)).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 50));
  expect(api.find('POST', CODE)).toHaveLength(1);
  // the content changed (a resubmit): the code sent was bound to the old content, a new one is mailed
  view.rerender(dialog(false, first));
  view.rerender(dialog(true, approval('d'.repeat(64))));
  await waitFor(() => expect(api.find('POST', CODE)).toHaveLength(2));
});
