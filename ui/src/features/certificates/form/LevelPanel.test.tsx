import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { I18nProvider } from '../../../i18n/i18n';
import { emptyForm, type ApprovalForm } from './form-model';
import { LevelPanel } from './LevelPanel';

const people = [
  { _id: 'u1', fullName: 'Ann Signer', email: 'ann@x.io', role: 'signer' },
  { _id: 'u2', fullName: 'Bob Checker', email: 'bob@x.io', role: 'inspector' },
];

function Harness({ onRemove = () => undefined, locked = false }: { onRemove?: () => void; locked?: boolean }) {
  const form = useForm<ApprovalForm>({ defaultValues: emptyForm('202501011') });
  return (
    <FormProvider {...form}>
      <LevelPanel index={0} people={people} canRemove onRemove={onRemove} locked={locked} />
      <Values />
    </FormProvider>
  );
}
function Values() {
  const levels = useWatch<ApprovalForm, 'approvalLevels'>({ name: 'approvalLevels' });
  return <pre data-testid="values">{JSON.stringify(levels[0])}</pre>;
}
const values = () => JSON.parse(screen.getByTestId('values').textContent!);

describe('LevelPanel', () => {
  it('starts from the default level, adds approvers from the search and removes them', async () => {
    render(
      <I18nProvider initial="en">
        <Harness />
      </I18nProvider>,
    );
    expect(screen.getByTestId('level-name-1')).toHaveValue('Farm Data Signing');
    expect(values().signatures).toBe(1);
    const search = screen.getByTestId('approver-search-1');
    await userEvent.click(search);
    await userEvent.type(search, 'Bob');
    await userEvent.click(await screen.findByText('Bob Checker (bob@x.io)'));
    const table = screen.getByTestId('approver-table-1');
    expect(within(table).getByText('Bob Checker')).toBeInTheDocument();
    expect(values().signers.map((s: { _id: string }) => s._id)).toEqual(['u2']);
    await userEvent.click(screen.getByLabelText('Remove Bob Checker'));
    expect(values().signers).toEqual([]);
  });

  it('edits the name and offers 1 to 10 required signatures', async () => {
    render(
      <I18nProvider initial="en">
        <Harness />
      </I18nProvider>,
    );
    await userEvent.clear(screen.getByTestId('level-name-1'));
    await userEvent.type(screen.getByTestId('level-name-1'), 'Transport');
    expect(values().group).toBe('Transport');
    await userEvent.click(within(screen.getByTestId('level-panel-1')).getByRole('combobox', { name: /Required signatures/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await userEvent.click(options[2]);
    expect(values().signatures).toBe(3);
  });

  it('removes the level with its icon, and hides it when the level is locked', async () => {
    const onRemove = jest.fn();
    const { unmount } = render(
      <I18nProvider initial="en">
        <Harness onRemove={onRemove} />
      </I18nProvider>,
    );
    await userEvent.click(screen.getByTestId('remove-level-1'));
    expect(onRemove).toHaveBeenCalledTimes(1);
    unmount();
    render(
      <I18nProvider initial="vn">
        <Harness locked />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('remove-level-1')).toBeNull();
    expect(screen.getByTestId('level-name-1')).toBeDisabled();
  });
});
