import "./components.css";

/** `Carregar mais` under a paginated list; `Carregando...` while the next page comes. */
export function LoadMoreButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <div className="load-more">
      <button type="button" className="button button--secondary" disabled={loading} onClick={onClick}>
        {loading ? "Carregando..." : "Carregar mais"}
      </button>
    </div>
  );
}
