import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// A placeholder until the web client lands: the server and both APIs are live behind it.
function Placeholder() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Realm</h1>
      <p>
        The server is running. The REST API is under <code>/api</code> and the tRPC API under{' '}
        <code>/trpc</code>.
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
