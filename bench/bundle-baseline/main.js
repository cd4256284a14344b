// The bundle-size baseline: the smallest React 19 app, built by the same Vite as the web app.
/* global document */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('p', null, 'Hello'));
