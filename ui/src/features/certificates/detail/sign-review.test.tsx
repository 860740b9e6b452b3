import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { checkAgainstStandard, type CertificateView } from '@grain/domain';
import { I18nProvider } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { SignDialog } from './SignDialog';

const farm = { grainType: 'Wheat', harvestGrade: 'APH', protein: 11.5, moisture: 11 };
const approval = (signaturePassword: boolean) =>
  ({
    _id: 'cert-1',
    approvalNumber: 'N-7',
    approvalName: 'Wheat lot 7',
    stageLevel: 2,
    approvalDoc: {
      _id: 'f-1',
      docName: 'Farm data 7',
      farm,
      standardCheck: { ...checkAgainstStandard(farm), deviationReason: 'Sold as APH by agreement' },
      photo: { sha256: 'b'.repeat(64), mime: 'image/png', url: 'company/approval/cert-1/photo' },
    },
    supportDocs: [{ _id: 'd-1', docName: 'Silo photo.png', version: 2, sha256: 'a'.repeat(64), url: 'company/approval/cert-1/document/d-1' }],
    approvalLevels: [
      { _id: 'cert-1-L1', level: 1, group: 'Farm Data Signing', signedEntries: [{ userId: 'u-1', name: 'Liam Walsh', at: '2026-11-20T00:00:00Z' }] },
      { _id: 'cert-1-L2', level: 2, group: 'Inspection Signing', signedEntries: [] },
    ],
    contentHash: 'c0ffee'.repeat(10) + 'abcd',
    can: { signaturePassword },
  }) as unknown as CertificateView;

function open(a: CertificateView, lang: 'en' | 'vn' = 'en') {
  const api = fakeApi({ 'POST /api/company/approvallevel/cert-1-L2/code': () => ({ invalidMsg: '' }) });
  render(
    <MemoryRouter>
      <I18nProvider initial={lang}>
        <SignDialog open approval={a} onClose={() => undefined} onSigned={() => undefined} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return api;
}

describe('review, then sign', () => {
  it('shows what the signature endorses and the content hash it is bound to', async () => {
    open(approval(false));
    const review = await screen.findByTestId('sign-review');
    expect(review).toHaveTextContent('N-7 · Wheat lot 7');
    expect(screen.getByTestId('sign-review-grain')).toHaveTextContent('Wheat · APH');
    expect(screen.getByTestId('sign-review-standard')).toHaveTextContent('Below grade');
    expect(review).toHaveTextContent('Sold as APH by agreement');
    expect(review).toHaveTextContent('Silo photo.png (version 2)');
    // the documents and the photo open as the exact versions the certificate holds
    expect(screen.getByRole('link', { name: 'Silo photo.png' })).toHaveAttribute('href', '/api/company/approval/cert-1/document/d-1');
    expect(screen.getByRole('link', { name: 'Grain photo' })).toHaveAttribute('href', '/api/company/approval/cert-1/photo');
    expect(screen.getByTestId('sign-review-earlier')).toHaveTextContent('1. Liam Walsh');
    expect(screen.getByTestId('sign-review-hash')).toHaveTextContent('c0ffee'.repeat(10) + 'abcd');
  });

  it('asks for the signature password only from a signer who has a digital signature, and says what it is', async () => {
    open(approval(true));
    expect(await screen.findByText(/not your sign-in password/)).toBeInTheDocument();
    expect(screen.getByTestId('sign-password')).toBeInTheDocument();
  });

  it('without one, says how the signature is recorded and links to setting one up (vn)', async () => {
    open(approval(false), 'vn');
    expect(await screen.findByTestId('sign-no-digital-signature')).toHaveTextContent('Bạn chưa có chữ ký số');
    expect(screen.getByRole('link', { name: 'Tạo chữ ký số' })).toHaveAttribute('href', '/views/signature/create');
    expect(screen.queryByTestId('sign-password')).not.toBeInTheDocument();
  });

  it('asks for the code on opening, and a new one only after a countdown', async () => {
    const api = open(approval(false));
    await waitFor(() => expect(api.find('POST', '/api/company/approvallevel/cert-1-L2/code')).toHaveLength(1));
    const resend = screen.getByTestId('sign-resend');
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent(/Send a new code \(\d+ s\)/);
    fireEvent.click(resend);
    expect(api.find('POST', '/api/company/approvallevel/cert-1-L2/code')).toHaveLength(1);
  });
});
