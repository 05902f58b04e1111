/**
 * What the popup shows when its first screen could not be read or drawn: a sentence that says
 * what to do, in the page's language when its strings are in (else English).
 */
export function OpenFailed({ sentence }: { sentence: string }) {
  return (
    <p class="error" role="alert">
      {sentence}
    </p>
  );
}
