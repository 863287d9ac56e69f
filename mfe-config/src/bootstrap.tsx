// Runs this remote on its own for development (npm run dev -w mfe-config), against the real API.
import './i18n';
import { mountStandalone } from '@portal/shared-ui';
import { UserConfigPage } from './pages/UserConfigPage';
import { TeamsConfigPage } from './pages/TeamsConfigPage';
import { ProjectsConfigPage } from './pages/ProjectsConfigPage';

mountStandalone({
  name: 'mfe-config',
  routes: [
    { path: '/user-config', element: <UserConfigPage /> },
    { path: '/teams-config', element: <TeamsConfigPage /> },
    { path: '/projects-config', element: <ProjectsConfigPage /> },
  ],
});
