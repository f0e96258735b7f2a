// The page's entry: its styles (in the page's <head>, so nothing shows unstyled) and the app. When the
// server drew the first screen into the page (src/server/first-screen.ts), the browser paints it before the
// app's code runs: running it takes the main thread for a while, and the drawn posts would wait behind it
// (docs/performance.md, "First post on screen").
import './styles.css';
import './conversations.css';
import './edits.css';
import './search.css';
import './phone.css';
import './push.css';
import './pictures.css';

const startApp = () => import('./start-app');

if (document.getElementById('realm-first-screen')) requestAnimationFrame(() => setTimeout(startApp, 0));
else void startApp();
