import '@refinedev/antd/dist/reset.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import './i18n';
import './layout.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Vite's base is /admin/; the router works below it, so routes read '/', '/students', ...
const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter basename={basename}>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
