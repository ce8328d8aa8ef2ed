/** A form field's error, announced when it appears; the field points at it with `aria-describedby={id}`. */
export function FieldError({ id, message, className }: { id: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `field-error ${className}` : 'field-error'} id={id} role="alert">
      {message}
    </p>
  );
}
