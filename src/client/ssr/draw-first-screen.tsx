import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from '../app';
import { seedAnswers, type FirstAnswer } from '../boot/seed-first-data';
import { session, type Session } from '../lib/session';
import { ToastProvider } from '../lib/toast';
import { createQueryClient, trpc } from '../lib/trpc';

/**
 * The server's drawing of a page's first screen: the app's own components, rendered to HTML with the
 * answers the server fetched for it already in the query cache, for this session (or a visitor's). The page
 * shows its posts as soon as its HTML and styles have come; the bundle, once it runs, draws the same screen
 * afresh in their place (main.tsx). Nothing here runs a request: the client below is never called, since
 * drawing to a string runs no effects and fetches nothing.
 */
export function drawFirstScreen(path: string, drawnFor: Session, answers: FirstAnswer[]): string {
  const queryClient = createQueryClient();
  const client = trpc.createClient({ links: [] });
  seedAnswers(queryClient, client, answers);
  return session.drawingAs(drawnFor, () =>
    renderToString(
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <Router ssrPath={path}>
              <App />
            </Router>
          </ToastProvider>
        </QueryClientProvider>
      </trpc.Provider>,
    ),
  );
}

// What the server needs besides: which queries a path's first screen makes, and the answers' shape.
export { firstRequests, type FirstRequest } from '../boot/first-requests';
export type { FirstAnswer } from '../boot/seed-first-data';
