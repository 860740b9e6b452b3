import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ScrollOnNavigate } from './AppRoutes';

/**
 * A page opened from another starts at its top. Without this the window kept the scroll of the page
 * before: a certificate opened from far down the list (on a phone, every card is a screen down) opened
 * scrolled past its title, and the company created from the bottom of its form showed the middle of
 * its profile. Going back (POP) leaves the browser to restore where the reader was.
 */
function Back() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>back</button>;
}
it('scrolls to the top when a link or a navigate opens another page, not on going back', () => {
  const scrollTo = jest.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  render(
    <MemoryRouter initialEntries={['/list']}>
      <ScrollOnNavigate />
      <Routes>
        <Route path="/list" element={<Link to="/detail?id=1">open</Link>} />
        <Route path="/detail" element={<Back />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(scrollTo).not.toHaveBeenCalled();
  fireEvent.click(screen.getByText('open'));
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
  scrollTo.mockClear();
  fireEvent.click(screen.getByText('back'));
  expect(scrollTo).not.toHaveBeenCalled();
});
