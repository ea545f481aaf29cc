import Link from "next/link";

// A record that does not exist (an unknown or deleted id), shown inside the dashboard's frame.
const RecordNotFound = () => (
  <div className="card" role="alert">
    <h1>Not found</h1>
    <p>There is no record with this id. It may have been deleted, or the link may be mistyped.</p>
    <p>
      Search for it with <kbd>Ctrl</kbd> + <kbd>K</kbd>, or go <Link href="/">back to the overview</Link>.
    </p>
  </div>
);

export default RecordNotFound;
