import { PreferencesPage } from '../../features/preferences/components/preferences-page.tsx';

export default PreferencesPage;
