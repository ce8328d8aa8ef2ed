/**
 * `next=` values that could leave the site (or run script) after sign-in: protocol-relative, absolute,
 * backslashed, with a tab browsers drop, other schemes, relative. The unit test of safeNextPath and the
 * sign-in's integration test both go through them.
 */
export const EVIL_NEXT_VALUES: readonly string[] = [
  '//evil.example',
  '//evil.example/account',
  'https://evil.example',
  'http://evil.example/account',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,hi',
  'evil.example',
  'account',
  ' /account',
  '',
  '/account\u0000',
];
