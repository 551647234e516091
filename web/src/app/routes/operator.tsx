import { OperatorPage } from '../../features/operator/components/operator-page.tsx';

export default OperatorPage;
