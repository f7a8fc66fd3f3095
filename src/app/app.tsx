import { AppProvider } from "./provider";
import { AppRouter } from "./router";

export function App({ convexUrl }: { convexUrl: string }) {
  return (
    <AppProvider convexUrl={convexUrl}>
      <AppRouter />
    </AppProvider>
  );
}
