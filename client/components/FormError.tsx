/** What went wrong, announced to screen readers; nothing while there is nothing to say. */
export function FormError({ message, className = 'form__error' }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p className={className} role="alert">
      {message}
    </p>
  ) : null;
}
