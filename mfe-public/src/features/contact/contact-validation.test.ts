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

  it('accepts empty phone and remarks', () => {
    expect(validateContactForm({ ...filled, phone: '', remarks: '' })).toEqual([]);
  });

  it('refuses an e-mail that is not an address, in the form order, and accepts one with spaces around', () => {
    for (const email of ['not an address', 'ana@', '@example.com', 'ana@example', 'ana @example.com'])
      expect(validateContactForm({ ...filled, email })).toEqual([{ kind: 'email' }]);
    expect(validateContactForm({ ...filled, name: '', email: 'x', company: '' })).toEqual([
      { kind: 'blank', field: 'name' },
      { kind: 'email' },
      { kind: 'blank', field: 'company' },
    ]);
    expect(validateContactForm({ ...filled, email: ' ana.garcia+ventas@naviera.example.es ' })).toEqual([]);
  });
});
