export default defineBackground(() => {
  // Listeners are registered synchronously here (the proxy engine arrives with issue 3).
});
