"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";

/**
 * Shown when a dashboard page fails to load: what happened in plain words, and "Try again", which asks the
 * server for the page afresh (router.refresh) and renders it again (reset) in one transition.
 */
const DashboardError = ({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) => {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  return (
    <div role="alert" className="alert">
      <h1 ref={heading} tabIndex={-1}>
        This page could not be loaded
      </h1>
      <p>
        {offline
          ? "Your browser is offline. Check the connection, then try again."
          : "The server did not manage to prepare this page — it may be busy or briefly unable to reach its database. Loading a page changes nothing, so it is safe to try again."}
      </p>
      {error.digest ? <p className="muted">If it keeps happening, quote reference {error.digest} to your administrator.</p> : null}
      <div className="row">
        <button type="button" disabled={retrying} onClick={() => startRetry(() => { router.refresh(); reset(); })}>
          {retrying ? "Trying again…" : "Try again"}
        </button>
        <Link href="/">Back to the overview</Link>
      </div>
    </div>
  );
};

export default DashboardError;
