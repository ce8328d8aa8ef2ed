/** The countries the shop delivers to (ISO 3166-1 codes); the form names them in the visitor's language. */
export const COUNTRIES = ['AT', 'BE', 'CH', 'DE', 'ES', 'FR', 'GB', 'IT', 'LU', 'NL'] as const;

/** The checkout form's address fields and the longest value each accepts (the server checks them). */
export const ADDRESS_FIELDS = {
  name: 100,
  email: 254,
  street: 200,
  postcode: 10,
  city: 100,
  country: 2,
} as const;

export type AddressField = keyof typeof ADDRESS_FIELDS;
