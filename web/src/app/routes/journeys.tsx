import { JourneysPage } from '../../features/journeys/components/journeys-page.tsx';

export default JourneysPage;
