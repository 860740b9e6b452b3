import { render, screen, within } from '@testing-library/react';
import { TablePagination } from '@mui/material';
import { DataGrid } from '@mui/x-data-grid';
import type { Language } from '@grain/domain';
import { Providers } from './Providers';
import { renderApp } from '../test/render';
import { adminUser, fakeApi } from '../test/fake-api';

const rows = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Silo ${i + 1}` }));
const columns = [{ field: 'name', headerName: 'Name', width: 200 }];

/** Every aria-label and visible pager text a screen reader or the user meets around a table. */
const ariaLabels = (root: HTMLElement) => [...root.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') ?? '');

function grid(lang: Language) {
  return render(
    <Providers lang={lang}>
      <div style={{ width: 600 }}>
        <DataGrid
          rows={rows}
          columns={columns}
          initialState={{ pagination: { paginationModel: { pageSize: 10, page: 0 } } }}
          pageSizeOptions={[10, 25]}
          disableVirtualization
          autoHeight
        />
      </div>
    </Providers>,
  );
}

describe('table texts follow the UI language', () => {
  beforeEach(() => fakeApi({ 'GET /api/auth/current_user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED' } }) }));

  it('a DataGrid in vn: pager range, rows per page, page buttons and column menu in Vietnamese', async () => {
    const { container } = grid('vn');
    expect(await screen.findByText('Silo 1')).toBeInTheDocument();
    expect(screen.getByText('1–10 trong 30')).toBeInTheDocument();
    expect(screen.getByText('Số hàng mỗi trang:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tới trang tiếp theo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Về trang trước đó' })).toBeInTheDocument();
    const labels = ariaLabels(container);
    expect(labels).toContain('Danh mục cột Name'); // the column menu button (English in MUI's own vn table)
    expect(labels.filter((l) => /\b(page|rows|column|menu|sort|of)\b/i.test(l))).toEqual([]);
  });

  it('the same DataGrid in en', async () => {
    grid('en');
    expect(await screen.findByText('1–10 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeInTheDocument();
  });

  it('a TablePagination in vn and en', () => {
    const pager = (lang: Language) =>
      render(
        <Providers lang={lang}>
          <table>
            <tbody>
              <tr>
                <TablePagination count={-1} page={1} rowsPerPage={10} onPageChange={() => undefined} showFirstButton showLastButton />
              </tr>
            </tbody>
          </table>
        </Providers>,
      );
    const vn = pager('vn');
    expect(within(vn.container).getByText('11–20 trong nhiều hơn 20')).toBeInTheDocument();
    for (const name of ['Tới trang đầu tiên', 'Về trang trước đó', 'Tới trang tiếp theo', 'Tới trang cuối cùng'])
      expect(within(vn.container).getByRole('button', { name })).toBeInTheDocument();
    vn.unmount();
    const en = pager('en');
    expect(within(en.container).getByText('11–20 of more than 20')).toBeInTheDocument();
    expect(within(en.container).getByRole('button', { name: 'Go to first page' })).toBeInTheDocument();
  });

  it('the user list (a grid with its own texts) keeps every other grid text in Vietnamese', async () => {
    const people = Array.from({ length: 20 }, (_, i) => ({
      _id: `u-${i}`,
      email: `u${i}@farm.example`,
      firstname: `F${i}`,
      lastname: `L${i}`,
      phone: '',
      role: 'staff',
      status: 'active',
      company: 'c-1',
    }));
    fakeApi({
      'GET /api/auth/current_user': () => ({ user: adminUser }),
      'GET /api/company/users': () => ({ user_list: people.slice(0, 15), total: 20, groups: [] }),
    });
    const { container } = renderApp('/views/user/list', { lang: 'vn' });
    expect(await screen.findByText('u0@farm.example')).toBeInTheDocument();
    expect(screen.getByText('1 - 15 trên 20 bản ghi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tới trang tiếp theo' })).toBeInTheDocument();
    const grid = container.querySelector('.MuiDataGrid-root') as HTMLElement;
    expect(ariaLabels(grid).filter((l) => /\b(page|rows|column|menu|sort|of)\b/i.test(l))).toEqual([]);
  });
});
