import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { adminUser, fakeApi } from '../../test/fake-api';

const record = {
  _id: 'f-1',
  number: '1732000000000',
  grainType: 'Wheat',
  harvestGrade: 'APH',
  storageLocation: 'Silo A1',
  quantity: 24000,
  protein: 12.5,
  moisture: 10,
  productionDate: '2025-11-03',
  dataType: 'Manual',
  txId: null,
  imageValidation: 'Verified',
};
const verified = {
  farm_data_id: 'f-1',
  status: 'verified',
  verified: true,
  reason: null,
  width: 640,
  height: 480,
  mime: 'image/png',
  image_url: '/api/farmdata/verification/image/f-1',
  checked_at: '2025-11-03T00:00:00Z',
};

describe('image validation page', () => {
  // jsdom has no object URLs (the page previews the chosen photo with one)
  beforeAll(() => Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));

  it('a refused photo after a verified one: says why, and keeps showing the verified photo', async () => {
    const api = fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/farmdata/harvesting/list': () => ({ farmDatas: [record] }),
      'GET /api/farmdata/harvesting/detail/f-1': () => ({ farmData: record }),
      'POST /api/farmdata/verification/get_verification_result': () => ({ 'verification result': [verified] }),
      'POST /api/farmdata/verification/upload': () => ({
        'verification result': [
          { ...verified, status: 'rejected', verified: false, reason: 'IMAGE_TOO_SMALL', width: 90, height: 60, image_url: null, kept_verified: true },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/imagevalidation?farm_data_id=f-1', { lang: 'vn' });
    expect(await screen.findByText('Đã xác minh (640 x 480)')).toBeInTheDocument();
    await user.upload(screen.getByTestId('photo-input'), new File([new Uint8Array([1, 2, 3])], 'blurry.png', { type: 'image/png' }));
    await user.click(screen.getByTestId('photo-submit'));
    expect(await screen.findByTestId('photo-refused')).toHaveTextContent(
      'Ảnh mới bị từ chối: Ảnh quá nhỏ (tối thiểu 320 x 240 điểm ảnh). Ảnh đã xác minh trước đó vẫn được giữ.',
    );
    await waitFor(() => expect(api.find('POST', '/api/farmdata/verification/get_verification_result')).toHaveLength(2));
    expect(screen.getByTestId('verification-result')).toHaveTextContent('Đã xác minh (640 x 480)');
    expect(screen.getByRole('img', { name: 'Ảnh ngũ cốc' })).toHaveAttribute('src', '/api/farmdata/verification/image/f-1');
    expect(screen.getByTestId('image-state')).toHaveTextContent('Đã xác minh');
  });
});
