/** A load that failed (weak venue Wi-Fi, most often), with the way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p role="alert">
      {message}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Tentar novamente
      </button>
    </p>
  );
}
