import { PRIVACY_POLICY, PRIVACY_TITLE, TERMS_OF_USE, TERMS_TITLE, TERMS_VERSION } from "@convex/model/shared/terms";
import { pageTitle, useDocumentTitle } from "../../lib/use-document-title";
import "./my-data.css";

const PAGES = {
  terms: { title: TERMS_TITLE, paragraphs: TERMS_OF_USE },
  privacy: { title: PRIVACY_TITLE, paragraphs: PRIVACY_POLICY },
} as const;

/** `Termos de uso` or `Política de privacidade`: short, in the app's words, with their version. */
export function LegalPage({ kind }: { kind: keyof typeof PAGES }) {
  const { title, paragraphs } = PAGES[kind];
  useDocumentTitle(pageTitle(title));
  return (
    <main className="page my-data legal-page">
      <h1>{title}</h1>
      <p className="my-data__intro">Versão {TERMS_VERSION}</p>
      <section className="page-section">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    </main>
  );
}
