/** A non-200 answer shows the server's error text in a red banner. */
export function ErrorBanner({ message }: { message: string }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  );
}
