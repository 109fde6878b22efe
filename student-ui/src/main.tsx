import './design/fonts.css';
import './design/tokens.css';
import './design/base.css';
import './design/components.css';
import './design/sections.css';
import './layouts/layout.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { PageLoading } from './layouts/PageLoading';
import './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Suspense fallback={<PageLoading />}>
        <App />
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
