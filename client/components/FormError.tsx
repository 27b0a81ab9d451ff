/** What went wrong, announced to screen readers; nothing while there is nothing to say. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form__error" role="alert">
      {message}
    </p>
  ) : null;
}
