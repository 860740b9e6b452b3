import { act, render, screen } from '@testing-library/react';
import { useLoad } from './use-load';

/** Answers held back until the test lets them go, in any order. */
function heldAnswers() {
  const waiting = new Map<string, (v: string) => void>();
  return {
    load: (id: string) => new Promise<string>((resolve) => waiting.set(id, resolve)),
    answer: async (id: string) => {
      await act(async () => waiting.get(id)!(`record ${id}`));
    },
  };
}

function Shown({ id, load }: { id: string; load: (id: string) => Promise<string> }) {
  const { data, loading } = useLoad(() => load(id), [id]);
  return <p data-testid="shown">{loading ? 'loading' : data}</p>;
}

describe('useLoad, the one data-loading hook of every page', () => {
  it('keeps the answer for the id shown now when an earlier id answers last', async () => {
    const held = heldAnswers();
    const { rerender } = render(<Shown id="a" load={held.load} />);
    rerender(<Shown id="b" load={held.load} />);
    await held.answer('b');
    expect(screen.getByTestId('shown')).toHaveTextContent('record b');
    await held.answer('a'); // the slow answer for the page's earlier id
    expect(screen.getByTestId('shown')).toHaveTextContent('record b');
  });

  it('shows the error of a failed load, and keeps what it had on a failed reload', async () => {
    let fail = false;
    const seen: unknown[] = [];
    function Page() {
      const { data, error, reload } = useLoad(async () => {
        if (fail) throw new Error('down');
        return 'the list';
      });
      seen.push(error);
      return (
        <button type="button" onClick={() => void reload()}>
          {data ?? 'none'}
        </button>
      );
    }
    render(<Page />);
    expect(await screen.findByText('the list')).toBeInTheDocument();
    fail = true;
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('the list');
    expect((seen.at(-1) as Error).message).toBe('down');
  });
});
