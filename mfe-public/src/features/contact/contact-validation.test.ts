import { validateContactForm } from './contact-validation';
import type { ContactFields } from './contact-api';

const filled: ContactFields = {
  name: 'Ana',
  email: 'ana@example.com',
  phone: '',
  company: 'Naviera',
  remarks: '',
  terms: true,
  website: '',
};

describe('validateContactForm (spec section 5, second reading)', () => {
  it('asks for the terms first, and only for them', () => {
    expect(validateContactForm({ ...filled, name: '', terms: false })).toEqual([{ kind: 'terms' }]);
  });

  it('names each empty required field in the form order, blank meaning empty after trimming', () => {
    expect(validateContactForm({ ...filled, name: ' ', email: '', company: '\t' })).toEqual([
      { kind: 'blank', field: 'name' },
      { kind: 'blank', field: 'email' },
      { kind: 'blank', field: 'company' },
    ]);
  });

  it('accepts empty phone and remarks, and any e-mail text', () => {
    expect(validateContactForm({ ...filled, email: 'not an address' })).toEqual([]);
  });
});
