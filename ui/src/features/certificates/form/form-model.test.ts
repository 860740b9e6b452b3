import { emptyForm, toInput, type ApprovalForm } from './form-model';

describe('toInput', () => {
  const form = (): ApprovalForm => ({
    ...emptyForm(' N-1 '),
    approvalName: 'Lot',
    approvalLevels: [1, 2, 3].map((n) => ({ group: `L${n}`, signers: [], signatures: 1, deadline: `2020-01-0${n}` })),
  });

  it('sends every due date of a certificate being written', () => {
    expect(toInput(form(), 'created').approvalLevels.map((l) => l.deadline)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
  });

  it('leaves out the due dates of levels the server keeps (signed before a rejection), which may have passed', () => {
    const input = toInput(form(), 'signing', 2);
    expect(input.approvalLevels.map((l) => l.deadline)).toEqual([undefined, undefined, '2020-01-03']);
    expect(input.approvalLevels.map((l) => l.group)).toEqual(['L1', 'L2', 'L3']);
    expect(input.approvalNumber).toBe('N-1');
  });
});
