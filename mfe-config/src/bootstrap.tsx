// Runs this remote on its own for development (npm run dev -w mfe-config), against the real API.
import './i18n';
import { QueryProvider } from '@portal/shared-api/queries';
import { mountStandalone } from '@portal/shared-ui';
import { UserConfigPage } from './pages/UserConfigPage';
import { TeamsConfigPage } from './pages/TeamsConfigPage';
import { ProjectsConfigPage } from './pages/ProjectsConfigPage';

void mountStandalone({
  name: 'mfe-config',
  routes: [
    {
      path: '/user-config',
      element: (
        <QueryProvider>
          <UserConfigPage />
        </QueryProvider>
      ),
    },
    {
      path: '/teams-config',
      element: (
        <QueryProvider>
          <TeamsConfigPage />
        </QueryProvider>
      ),
    },
    {
      path: '/projects-config',
      element: (
        <QueryProvider>
          <ProjectsConfigPage />
        </QueryProvider>
      ),
    },
  ],
});
