import Link from "next/link";

const NotFound = () => (
  <main className="content">
    <h1>Not found</h1>
    <p>There is nothing at this address.</p>
    <Link href="/">Back to the overview</Link>
  </main>
);

export default NotFound;
