import { Link } from "react-router-dom";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { paths } from "../paths";

export default function NotFoundRoute() {
  useDocumentTitle(pageTitle("Página não encontrada"));
  return (
    <main className="page">
      <section className="notice-card">
        <h1 className="notice-card__title">Página não encontrada</h1>
        <p>O endereço acessado não existe.</p>
        <div className="notice-card__actions">
          <Link className="button button--primary" to={paths.home.build()}>
            Voltar para o início
          </Link>
        </div>
      </section>
    </main>
  );
}
