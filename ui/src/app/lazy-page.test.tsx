import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazy-page';
import { preloadPage, warmPage } from './AppRoutes';
import type { SessionUser } from './auth';
import { needs } from './RequireAccess';

function Hello() {
  return <p>hello page</p>;
}

describe('pages loaded with their route', () => {
  it('loads the page of the route being opened before the app renders, once', async () => {
    const load = jest.fn(async () => ({ Hello }));
    const Page = lazyPage(load, 'Hello');
    const other = jest.fn(async () => ({ Hello }));
    const Other = lazyPage(other, 'Hello');
    const routes = [
      { path: '/views/other', element: <Other /> },
      { path: '/views/approval/detail', element: <Page /> },
    ];
    preloadPage('/views/Approval/detail', routes);
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('hello page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a path no route has', () => {
    expect(() => preloadPage('/nowhere', [])).not.toThrow();
  });
});

describe("a page's first calls asked once the session is known (warmPage)", () => {
  const signer = { id: 'u1', companyId: 'c1', role: 'staff', permissions: ['viewApproval'] } as unknown as SessionUser;
  const founder = { ...signer, companyId: null } as unknown as SessionUser;
  const at = (pathname: string, search = '') => ({ pathname, search });

  it("asks the route's calls with the page's query, for a user the page will be shown to", () => {
    const warm = jest.fn();
    warmPage(at('/views/approval/detail', '?id=a1&sign=1'), signer, [{ path: '/views/approval/detail', element: <Hello />, warm }]);
    expect(warm).toHaveBeenCalledTimes(1);
    expect(warm.mock.calls[0][0].get('id')).toBe('a1');
  });

  it('asks nothing where the page would not be shown: a public page, no company yet, access refused, no route', () => {
    const warm = jest.fn();
    warmPage(at('/views/verify'), signer, [{ path: '/views/verify', element: <Hello />, public: true, warm }]);
    warmPage(at('/views/approval/list'), founder, [{ path: '/views/approval/list', element: <Hello />, warm }]);
    warmPage(at('/views/approval/overdue'), signer, [{ path: '/views/approval/overdue', element: <Hello />, allow: needs('viewSystem'), warm }]);
    warmPage(at('/nowhere'), signer, []);
    expect(warm).not.toHaveBeenCalled();
  });
});
