import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazy-page';
import { preloadPage } from './AppRoutes';

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
