export function Options() {
  return (
    <main>
      <h1>Proxy Deck options</h1>
    </main>
  );
}
