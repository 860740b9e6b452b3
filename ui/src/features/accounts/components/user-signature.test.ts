import { userSignature } from './user-signature';

describe("a user's signature as the answer names it", () => {
  it('is only an id when the answer carries the id (what the server answers)', () => {
    expect(userSignature('sig-1')).toEqual({ record: null, id: 'sig-1' });
  });

  it('is the record and its id when the answer carries the signature itself', () => {
    const record = { id: 'sig-2', _id: 'old-2', guid: 'G-2' };
    expect(userSignature(record)).toEqual({ record, id: 'sig-2' });
    expect(userSignature({ _id: 'old-3' })).toEqual({ record: { _id: 'old-3' }, id: 'old-3' });
  });

  it('is nothing when the user has none', () => {
    expect(userSignature(null)).toEqual({ record: null, id: null });
    expect(userSignature(undefined)).toEqual({ record: null, id: null });
    expect(userSignature({})).toEqual({ record: {}, id: null });
  });
});
