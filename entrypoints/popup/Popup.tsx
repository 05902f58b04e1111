export function Popup() {
  return (
    <main>
      <h1>Proxy Deck</h1>
    </main>
  );
}
