import { useState } from "react";
import { useQuery } from "convex/react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { DELETION_TEXTS, MY_DATA_TEXTS } from "@convex/model/shared/privacy";
import { Spinner } from "../../components/spinner";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import { EMAIL_CHANGE_TEXTS } from "@convex/model/shared/emailChange";
import { ChangeEmail } from "./change-email";
import { ChangeName } from "./change-name";
import { DataKinds } from "./data-kinds";
import { DeleteAccount } from "./delete-account";
import { DownloadMyData } from "./download-my-data";
import "./my-data.css";

/** `Meus dados` (account menu): what is kept and why, a copy of it, and the account's deletion. */
export default function MyDataPage() {
  useDocumentTitle(pageTitle(MY_DATA_TEXTS.title));
  const me = useQuery(api.users.me);
  const [deleted, setDeleted] = useState(false);
  if (deleted) {
    return (
      <main className="page my-data">
        <section className="notice-card" role="status">
          <h1 className="notice-card__title">{DELETION_TEXTS.done}</h1>
          <div className="notice-card__actions">
            <Link className="button button--primary" to="/">
              Voltar para o início
            </Link>
          </div>
        </section>
      </main>
    );
  }
  if (me === undefined) return <Spinner />;
  return (
    <main className="page my-data">
      <h1>{MY_DATA_TEXTS.title}</h1>
      <p className="my-data__intro">{MY_DATA_TEXTS.intro}</p>
      <section className="page-section" aria-labelledby="my-data-kinds">
        <h2 id="my-data-kinds">O que guardamos</h2>
        <DataKinds />
      </section>
      {me === null ? (
        <p className="page-section">Entre na sua conta para baixar seus dados ou excluir sua conta.</p>
      ) : (
        <>
          <section className="page-section" aria-labelledby="my-data-name">
            <h2 id="my-data-name">Corrigir meu nome</h2>
            <ChangeName currentName={me.name ?? ""} />
          </section>
          <section className="page-section" aria-labelledby="my-data-email">
            <h2 id="my-data-email">{EMAIL_CHANGE_TEXTS.title}</h2>
            <ChangeEmail currentEmail={me.email} />
          </section>
          <section className="page-section" aria-labelledby="my-data-copy">
            <h2 id="my-data-copy">{MY_DATA_TEXTS.download}</h2>
            <DownloadMyData />
          </section>
          <section className="page-section" aria-labelledby="my-data-delete">
            <h2 id="my-data-delete">{DELETION_TEXTS.title}</h2>
            <DeleteAccount onDeleted={() => setDeleted(true)} />
          </section>
        </>
      )}
    </main>
  );
}
