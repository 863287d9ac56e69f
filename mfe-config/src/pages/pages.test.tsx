import { describeRemotePages } from '@portal/shared-ui/testing';
import { resources } from '../i18n';
import UserConfigPageExposed from '../exposes/UserConfigPage';
import TeamsConfigPageExposed from '../exposes/TeamsConfigPage';
import ProjectsConfigPageExposed from '../exposes/ProjectsConfigPage';

const CASES = [
  { path: '/user-config', url: '/user-config', Page: UserConfigPageExposed },
  { path: '/teams-config', url: '/teams-config', Page: TeamsConfigPageExposed },
  { path: '/projects-config', url: '/projects-config', Page: ProjectsConfigPageExposed },
];

describeRemotePages(CASES, resources);
