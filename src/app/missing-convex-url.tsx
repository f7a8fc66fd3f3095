/** Shown instead of the app when the build has no backend address. */
export function MissingConvexUrl() {
  return (
    <main className="setup-message">
      <h1>Apoie não está configurado</h1>
      <p>
        Falta a variável <code>VITE_CONVEX_URL</code>, o endereço do backend Convex.
      </p>
      <p>
        Para desenvolver, rode <code>npm run dev</code> na raiz do projeto: ele inicia o backend local e o Vite com a variável já definida.
        Para usar outro backend, defina <code>VITE_CONVEX_URL</code> no arquivo <code>.env.local</code> e reinicie o Vite.
      </p>
    </main>
  );
}
