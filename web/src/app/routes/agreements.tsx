import { AgreementsPage } from '../../features/agreements/components/agreements-page.tsx';

export default AgreementsPage;
