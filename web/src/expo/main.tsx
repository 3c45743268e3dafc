import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExpoApp } from './App.tsx';
import './expo.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ExpoApp />
  </StrictMode>,
);
