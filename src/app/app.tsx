import { BrowserRouter } from "react-router-dom";
import { AppProvider } from "./provider";
import { AppRouter } from "./router";

export function App({ convexUrl }: { convexUrl: string }) {
  return (
    <AppProvider convexUrl={convexUrl}>
      <BrowserRouter>
        <AppRouter />
      </BrowserRouter>
    </AppProvider>
  );
}
