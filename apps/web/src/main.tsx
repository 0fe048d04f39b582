import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { rootContainerId } from './app/root-container';
import { createI18n } from './i18n/i18n';
import { applyDocumentLocale, readInitialLocale } from './lib/locale-preference';
import './global.css';

const container = document.getElementById('app');
if (!container) throw new Error('index.html needs <div id="app"></div>');
container.id = rootContainerId(window.location.pathname);

const locale = readInitialLocale();
applyDocumentLocale(locale);

createRoot(container).render(
  <StrictMode>
    <App i18n={createI18n(locale)} />
  </StrictMode>,
);
