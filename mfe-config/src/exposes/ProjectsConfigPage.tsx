// Exposed to the shell as 'mfe_config/ProjectsConfigPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { ProjectsConfigPage } from '../pages/ProjectsConfigPage';

export default ProjectsConfigPage;
