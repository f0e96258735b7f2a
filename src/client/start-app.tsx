import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { takeDrawnScreen } from './boot/drawn-screen';
import { seedAnswers } from './boot/seed-first-data';
import { LiveUpdates } from './components/live-updates';
import { OfflineBar } from './components/offline-bar';
import { session } from './lib/session';
import { ToastProvider } from './lib/toast';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';

function Root() {
  const [trpcClient] = useState(createTrpcClient);
  const [queryClient] = useState(() => seedAnswers(createQueryClient(), trpcClient, drawnAnswers));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <LiveUpdates />
          <OfflineBar />
          <App />
        </ToastProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

// The service worker keeps the app's shell for opening offline and shows push notifications (public/sw.js).
// Not in `npm run dev`, where it would keep files that hot reload means to replace. Once the page has
// loaded (this module may run after that: main.tsx imports it once the page is painted).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register());
}

// The screen the server drew, if it is this tab's, is drawn afresh from the same answers: the first render
// replaces it (createRoot clears what it finds) with the same posts, now live.
const drawnAnswers = takeDrawnScreen(session.get() ? String(session.get()!.user.id) : null);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
