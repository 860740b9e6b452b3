import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CertificateView } from '@grain/domain';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { SignDialog } from './SignDialog';
import { RejectDialog } from './RejectDialog';

// The approval service may be busy (503) or the server may not answer: the dialog says so and keeps
// what the user typed, so a retry is one click.
const approval = {
  _id: 'cert-1',
  stageLevel: 2,
  approvalNumber: 'N-1',
  approvalName: 'Wheat lot 7',
  status: 'signing',
  approvalLevels: [
    { _id: 'cert-1-L1', level: 1, group: 'Farm Data Signing', signedEntries: [] },
    { _id: 'cert-1-L2', level: 2, group: 'Inspection Signing', signedEntries: [] },
  ],
  supportDocs: [],
  approvalDoc: null,
  contentHash: 'b'.repeat(64),
  can: {},
} as unknown as CertificateView;

const busy = {
  status: 503,
  body: {
    code: 'APPROVAL_SERVICE_BUSY',
    invalidMsg: 'The approval service is busy, try again in a moment. If you had just sent a change, check whether it went through before sending it again.',
  },
};

describe('approval service busy', () => {
  it('the sign dialog shows the 503 and keeps note and code', async () => {
    const api = fakeApi({
      'POST /api/company/approvallevel/cert-1-L2/code': () => ({ invalidMsg: 'A code was sent' }),
      'POST /api/company/approvallevel/cert-1-L2/sign': () => busy,
    });
    const onSigned = jest.fn();
    render(
      <MemoryRouter>
        <I18nProvider initial="en">
          <SignDialog open approval={approval} onClose={() => undefined} onSigned={onSigned} />
        </I18nProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(api.find('POST', '/api/company/approvallevel/cert-1-L2/code')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('sign-note'), { target: { value: 'Moisture fine' } });
    fireEvent.change(screen.getByTestId('sign-otp'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('sign-now'));
    expect(await screen.findByTestId('sign-error')).toHaveTextContent(/approval service is busy/);
    expect(screen.getByTestId('sign-note')).toHaveValue('Moisture fine');
    expect(screen.getByTestId('sign-otp')).toHaveValue('123456');
    expect(screen.getByTestId('sign-now')).toBeEnabled();
    expect(screen.getByText(/may have used your code.*send a new code/)).toBeInTheDocument();
    expect(onSigned).not.toHaveBeenCalled();
  });

  it('the reject dialog shows the 503 and keeps the reason', async () => {
    fakeApi({ 'POST /api/company/approval/cert-1/reject': () => busy });
    render(
      <I18nProvider initial="en">
        <RejectDialog open approval={approval} onClose={() => undefined} onDone={() => undefined} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Moisture photo missing' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    expect(await screen.findByTestId('reject-error')).toHaveTextContent(/approval service is busy/);
    expect(screen.getByTestId('reject-reason')).toHaveValue('Moisture photo missing');
  });
});
