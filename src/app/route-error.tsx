import { Link } from "react-router-dom";
import { errorNotice } from "../lib/errors";
import { paths } from "./paths";

/** What a route shows when it fails: the server's message when there is one, and a way back. */
export function RouteError({ error }: { error: unknown }) {
  const notice = errorNotice(error);
  return (
    <main className="page">
      <section className="notice-card" role="alert">
        <h1 className="notice-card__title">{notice.title ?? "Algo deu errado"}</h1>
        <p>{notice.message}</p>
        <div className="notice-card__actions">
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            Tentar novamente
          </button>
          <Link className="button button--primary" to={paths.home.build()}>
            Voltar para o início
          </Link>
        </div>
      </section>
    </main>
  );
}
