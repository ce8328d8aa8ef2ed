/** A form's text fields, as its native post sends them: what a fetcher's `submit` posts instead. */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}
