// Runs this remote on its own for development (npm run dev -w mfe-bi), against the real API.
import './i18n';
import { QueryProvider } from '@portal/shared-api/queries';
import { mountStandalone } from '@portal/shared-ui';
import { BiPage } from './pages/BiPage';

// Development only: a failed start shows in the console as an uncaught rejection.
void mountStandalone({
  name: 'mfe-bi',
  routes: [
    {
      path: '/bi',
      element: (
        <QueryProvider>
          <BiPage />
        </QueryProvider>
      ),
    },
  ],
});
