import { LegalPage } from "../../features/my-data/legal-page";

export default function TermsRoute() {
  return <LegalPage kind="terms" />;
}
