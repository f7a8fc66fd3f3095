import { LegalPage } from "../../features/my-data/legal-page";

export default function PrivacyRoute() {
  return <LegalPage kind="privacy" />;
}
