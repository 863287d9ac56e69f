import { describeRemotePages } from '@portal/shared-ui/testing';
import { resources } from '../i18n';
import BiPageExposed from '../exposes/BiPage';

const CASES = [{ path: '/bi', url: '/bi', Page: BiPageExposed }];

describeRemotePages(CASES, resources);
