/** A delivery address the checkout accepts (every field valid), for tests that place orders. */
export const CHECKOUT_ADDRESS = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  street: '12 St James’s Square',
  postcode: 'SW1Y 4JH',
  city: 'London',
  country: 'GB',
} as const;
