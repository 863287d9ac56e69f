import { invalidFieldsOf } from './contact-validation';

describe('the fields marked invalid', () => {
  it('marks blank required fields and an e-mail that is no address; the terms mark none', () => {
    expect(invalidFieldsOf([{ kind: 'terms' }])).toEqual({});
    expect(
      invalidFieldsOf([
        { kind: 'blank', field: 'name' },
        { kind: 'blank', field: 'company' },
      ]),
    ).toEqual({ name: true, company: true });
    expect(invalidFieldsOf([{ kind: 'email' }])).toEqual({ email: true });
  });
});
