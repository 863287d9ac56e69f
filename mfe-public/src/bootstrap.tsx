// Runs this remote on its own for development (npm run dev -w mfe-public), against the real API.
import './i18n';
import { mountStandalone } from '@portal/shared-ui';
import { LandingPage } from './pages/LandingPage';
import { ContactPage } from './pages/ContactPage';
import { TermsPage } from './pages/TermsPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { DevelopersPage } from './pages/DevelopersPage';

// Development only: a failed start shows in the console as an uncaught rejection.
void mountStandalone({
  name: 'mfe-public',
  routes: [
    { path: '/', element: <LandingPage /> },
    { path: '/contact', element: <ContactPage /> },
    { path: '/terms-conditions', element: <TermsPage /> },
    { path: '/privacy-policy', element: <PrivacyPage /> },
    { path: '/developers', element: <DevelopersPage /> },
  ],
});
