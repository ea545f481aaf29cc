"use client";

// Shown when a dashboard page fails to load: say what happened and offer a retry, never a blank page.
const DashboardError = ({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) => (
  <div role="alert" className="alert">
    <h1>Something went wrong</h1>
    <p>This page could not be loaded. {error.digest ? `Reference: ${error.digest}.` : null}</p>
    <button type="button" onClick={reset}>
      Try again
    </button>
  </div>
);

export default DashboardError;
