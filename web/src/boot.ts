import { startFirstScreen } from './first-screen.ts';

// The page's only script, small on purpose: the first screen's needs load beside the app instead of after it.
startFirstScreen(window.location.pathname);
void import('./main.tsx');
