"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import { useEffect, useState, type ReactNode } from "react";
import { Toaster } from "sonner";

type ToastTheme = "light" | "dark" | "system";

/** The theme the page shows: `<html data-theme>` when the visitor chose one, else the system's. */
const useDocumentTheme = () => {
  const [theme, setTheme] = useState<ToastTheme>("system");
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setTheme(root.dataset.theme === "light" || root.dataset.theme === "dark" ? root.dataset.theme : "system");
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ["data-theme"] });
    return () => observer.disconnect();
  }, []);
  return theme;
};

export const Providers = ({ children }: { children: ReactNode }) => {
  // One client per browser session; server components do their own reads. Mutations never wait for the
  // network to come back (networkMode "always"): an offline click fails at once and says so, instead of
  // being replayed silently later.
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: false },
          mutations: { networkMode: "always", retry: false },
        },
      }),
  );
  const theme = useDocumentTheme();
  return (
    <SessionProvider refetchOnWindowFocus={false}>
      <QueryClientProvider client={client}>
        {children}
        <Toaster theme={theme} position="top-right" closeButton duration={5000} />
      </QueryClientProvider>
    </SessionProvider>
  );
};
