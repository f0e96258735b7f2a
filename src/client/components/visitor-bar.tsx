import { Link, useLocation } from 'wouter';
import { useInstance } from '../lib/use-instance';
import '../visitors.css';

/**
 * The header a visitor sees instead of the member navbar: the instance's name, Explore, and the ways in
 * ("Sign in", and "Join" unless registration is closed). Both come back to this page afterwards.
 */
export function VisitorBar() {
  const [location] = useLocation();
  const { instance } = useInstance();
  return (
    <header className="navbar visitor-bar">
      <nav aria-label="Main" className="navbar-inner">
        <Link href="/explore" className="brand">
          {instance.name}
        </Link>
        <ul className="nav-links">
          <li>
            <Link href="/explore" aria-current={location === '/explore' ? 'page' : undefined}>
              Explore
            </Link>
          </li>
        </ul>
        <span className="visitor-actions">
          <Link href="/auth" state={{ from: location }} className="button secondary">
            Sign in
          </Link>
          {instance.registration !== 'closed' && (
            <Link href="/signup" state={{ from: location }} className="button">
              Join
            </Link>
          )}
        </span>
      </nav>
    </header>
  );
}
