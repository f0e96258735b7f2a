import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <div className="card empty">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link href="/" className="button">
        Go home
      </Link>
    </div>
  );
}
