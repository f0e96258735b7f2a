import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { LiveUpdates } from './components/live-updates';
import { OfflineBar } from './components/offline-bar';
import { ToastProvider } from './lib/toast';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc';
import './styles.css';
import './conversations.css';
import './edits.css';
import './phone.css';
import './push.css';

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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
// Not in `npm run dev`, where it would keep files that hot reload means to replace.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
