import { ValuesPage } from '../../features/values/components/values-page.tsx';

export default ValuesPage;
