import { describeRemotePages } from '@portal/shared-ui/testing';
import { resources } from '../i18n';
import LandingPageExposed from '../exposes/LandingPage';
import ContactPageExposed from '../exposes/ContactPage';
import TermsPageExposed from '../exposes/TermsPage';
import PrivacyPageExposed from '../exposes/PrivacyPage';

const CASES = [
  { path: '/', url: '/', Page: LandingPageExposed },
  { path: '/contact', url: '/contact', Page: ContactPageExposed },
  { path: '/terms-conditions', url: '/terms-conditions', Page: TermsPageExposed },
  { path: '/privacy-policy', url: '/privacy-policy', Page: PrivacyPageExposed },
];

describeRemotePages(CASES, resources);
